// npm run bench:build: build time and output size for 1,000, 5,000 and 20,000 reviews,
// against the fixed cost of building a 6-review site measured in the same run.
// BENCH_BASELINE=<git ref> also builds each size with that version of the code (its files beside
// our node_modules), the two taking turns for three rounds: the ratio of the medians is the cost
// of what changed since.
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadContentDir } from '../../src/build/content-dir.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { buildInsights } from '../../src/core/insights/build.ts';
import { baselineCode } from '../shared/baseline.ts';
import { build, generate, median, NODE, ROOT, table, tempDir } from '../shared/lib.ts';

function buildWith(root: string, env: Record<string, string>): number {
  const started = performance.now();
  const run = spawnSync(NODE, [join(root, 'scripts/build.ts')], { cwd: root, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`baseline build failed:\n${run.stderr}`);
  return (performance.now() - started) / 1000;
}

const baselineRef = process.env.BENCH_BASELINE;
const baselineRoot = baselineRef ? baselineCode(baselineRef, 'build-baseline') : undefined;
const turns: Record<string, string | number>[] = [];

const sizes = (process.argv[2] ?? '1000,5000,20000').split(',').map(Number);
const baseOut = join(tempDir('build-base'), 'dist');
const baseline = build({ CONTENT_DIR: join(ROOT, 'test/fixtures/small'), OUT_DIR: baseOut });

const rows = [];
for (const n of sizes) {
  const dir = tempDir(`build-${n}`);
  const content = join(dir, 'content');
  generate(content, n);
  const out = join(dir, 'dist');
  const seconds = build({ CONTENT_DIR: content, OUT_DIR: out });
  if (baselineRoot) {
    const times: Record<'new' | 'old', number[]> = { new: [], old: [] };
    for (let round = 0; round < 3; round++) {
      times.old.push(buildWith(baselineRoot, { CONTENT_DIR: content, OUT_DIR: join(dir, `old-${round}`) }));
      times.new.push(build({ CONTENT_DIR: content, OUT_DIR: join(dir, `new-${round}`) }));
    }
    const [a, b] = [median(times.new), median(times.old)];
    turns.push({ reviews: n, [`${baselineRef} s`]: b.toFixed(1), 'this code s': a.toFixed(1), 'this / baseline': (a / b).toFixed(2) });
  }
  // the insights step alone, in-process, on the same content
  const dataset = loadContentDir(content);
  const t0 = performance.now();
  buildInsights(dataset);
  const insightsSeconds = (performance.now() - t0) / 1000;
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
  const total = Object.values(manifest.resources).reduce((sum, e) => sum + e.size, 0);
  const reviewsJson = statSync(join(out, 'site', 'reviews.json')).size;
  rows.push({
    reviews: n,
    'build s': seconds.toFixed(1),
    'x baseline': (seconds / baseline).toFixed(1),
    'insights s': insightsSeconds.toFixed(2),
    'reviews.json MB': (reviewsJson / 1e6).toFixed(2),
    'output MB': (total / 1e6).toFixed(1),
    'output / reviews.json': (total / reviewsJson).toFixed(1),
    'since files': manifest.since_dates.length,
  });
}
console.log(`Baseline: a 6-review build takes ${baseline.toFixed(1)} s (Astro and Vite start-up).`);
table(rows);
if (turns.length) {
  console.log(`\nThis code against ${baselineRef}, the same content, taking turns (median of 3 builds each):`);
  table(turns);
}
