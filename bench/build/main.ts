// npm run bench:build: build time and output size for 1,000, 5,000 and 20,000 reviews,
// against the fixed cost of building a 6-review site measured in the same run.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { loadContentDir } from '../../src/build/content-dir.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { buildInsights } from '../../src/core/insights/build.ts';
import { build, generate, ROOT, table, tempDir } from '../shared/lib.ts';

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
