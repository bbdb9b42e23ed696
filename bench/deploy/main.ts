// npm run bench:deploy: the two Cloudflare designs side by side in wrangler pages dev (workerd),
// against the sidecar itself in the same run: a built file (200 and 304) and a proxied search.
// Also counts how many requests of a crawl of every built file would run the worker, which is
// what spends the Free plan's daily quota of Pages Functions requests.
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { routesFile } from '../../src/build/deploy/pages.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { envNumber } from '../shared/env.ts';
import { build, generate, load, ROOT, startSidecar, table, tempDir } from '../shared/lib.ts';
import { startWrangler } from '../../scripts/run/host-emulators.ts';

const seconds = envNumber('BENCH_SECONDS', 5);
const NOWHERE = 'http://127.0.0.1:9';

/** Paths of a crawl that run the worker under `_routes.json` (exclude wins over include). */
function workerRuns(manifest: Manifest, validators: 'edge' | 'host'): number {
  const { include, exclude } = routesFile(manifest, validators);
  const matches = (rules: string[], path: string) => rules.some((rule) => (rule.endsWith('*') ? path.startsWith(rule.slice(0, -1)) : rule === path));
  return Object.keys(manifest.resources).filter((path) => matches(include, path) && !matches(exclude, path)).length;
}

/** Bytes on disk, counting each hard-linked file once. */
function diskBytes(dir: string, seen = new Set<number>()): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    const stat = lstatSync(full);
    if (entry.isDirectory()) total += diskBytes(full, seen);
    else if (!seen.has(stat.ino)) {
      seen.add(stat.ino);
      total += stat.size;
    }
  }
  return total;
}

const crawl: Record<string, string | number>[] = [];
for (const [label, content] of [
  ['sample (628 reviews)', join(ROOT, 'content')],
  ['20,000 reviews', ''],
] as const) {
  let dir = content;
  if (!dir) {
    dir = tempDir('deploy-content');
    generate(dir, 20_000);
  }
  const out = join(tempDir('deploy-crawl'), 'dist');
  build({ CONTENT_DIR: dir, OUT_DIR: out });
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
  const files = Object.keys(manifest.resources).length;
  const buildDir = realpathSync(out);
  const cloudflare = join(buildDir, 'deploy', 'pages');
  crawl.push({
    content: label,
    'built files': files,
    'worker runs, edge': workerRuns(manifest, 'edge'),
    'worker runs, host': workerRuns(manifest, 'host'),
    '_headers rules': readFileSync(join(cloudflare, '_headers'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('/')).length,
    '_worker.js KB': (statSync(join(cloudflare, '_worker.js')).size / 1024).toFixed(1),
    'disk added by deploy folders': `${((diskBytes(buildDir) / diskBytes(join(buildDir, 'site')) - 1) * 100).toFixed(2)} %`,
  });
}

const out = join(tempDir('deploy'), 'dist');
const content = join(ROOT, 'content');
build({ CONTENT_DIR: content, OUT_DIR: out, SIDECAR_URL: NOWHERE });
const sidecar = await startSidecar(out, { RELOAD_INTERVAL_MS: '100' });
build({ CONTENT_DIR: content, OUT_DIR: out, SIDECAR_URL: sidecar.url });
const edgeDir = realpathSync(join(out, 'deploy', 'pages'));
build({ CONTENT_DIR: content, OUT_DIR: out, SIDECAR_URL: sidecar.url, CLOUDFLARE_VALIDATORS: 'host' });
const hostDir = realpathSync(join(out, 'deploy', 'pages'));
const edge = await startWrangler(edgeDir);
const host = await startWrangler(hostDir);

const etagAt = async (url: string) => {
  const res = await fetch(url);
  await res.arrayBuffer();
  return res.headers.get('etag') ?? '';
};

const rows: Record<string, string | number>[] = [];
try {
  const targets = [
    { name: 'sidecar (baseline)', url: sidecar.url },
    { name: 'Pages, edge validators', url: edge.url },
    { name: 'Pages, host validators', url: host.url },
  ];
  for (const [request, path, conditional] of [
    ['GET /reviews.json (200)', '/reviews.json', false],
    ['GET /reviews.json (304)', '/reviews.json', true],
    ['GET /api/reviews/search (proxied)', '/api/reviews/search?min_rating=4&limit=20', false],
  ] as const) {
    const results = new Map<string, { rps: number; p99: number; errors: number }[]>();
    // two rounds, alternating, so drift on a shared machine hits every target alike
    for (let round = 0; round < 2; round++) {
      for (const target of targets) {
        const headers = conditional ? { 'if-none-match': await etagAt(`${target.url}${path}`) } : {};
        const r = await load(`${target.url}${path}`, { seconds, headers });
        results.set(target.name, [...(results.get(target.name) ?? []), { rps: r.rps, p99: r.p99, errors: r.errors + (conditional ? 0 : r.non2xx) }]);
      }
    }
    const mean = (name: string) => (results.get(name) ?? []).reduce((n, r) => n + r.rps, 0) / 2;
    const base = mean('sidecar (baseline)');
    for (const target of targets) {
      const runs = results.get(target.name) ?? [];
      rows.push({
        request,
        through: target.name,
        'req/s': Math.round(mean(target.name)),
        'sidecar / this': (base / mean(target.name)).toFixed(2),
        'p99 ms': Math.max(...runs.map((r) => r.p99)),
        errors: runs.reduce((n, r) => n + r.errors, 0),
      });
    }
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await Promise.all([edge.stop(), host.stop()]);
  await sidecar.stop();
}
console.log('Requests of a crawl of every built file that run the Pages worker (each one counts against the daily Functions quota):');
table(crawl);
console.log(`Through wrangler pages dev (workerd, on this machine), 32 connections, ${seconds} s per run, two runs each, alternating:`);
table(rows);
