// npm run bench:serve: the sidecar serving /reviews.json (200 and 304) side by side with
// a bare node:http server returning the same precomputed bytes and headers.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../src/core/http/manifest.ts';
import { resourceHeaders } from '../src/core/http/headers.ts';
import { build, load, ROOT, startPlain, startSidecar, table, tempDir } from './bench/lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const out = join(tempDir('serve'), 'dist');
build({ CONTENT_DIR: join(ROOT, 'content'), OUT_DIR: out });
const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
const entry = manifest.resources['/reviews.json'];
if (!entry) throw new Error('no /reviews.json in the build');
const headers = resourceHeaders('/reviews.json', entry, 60);

const sidecar = await startSidecar(out);
const plain = await startPlain(join(out, 'site', entry.file), headers);
const rows = [];
try {
  for (const [label, extra] of [
    ['200', {}],
    ['304', { 'if-none-match': entry.etag }],
  ] as const) {
    // alternate the two servers so drift on a shared machine hits both alike
    const p1 = await load(`${plain.url}/reviews.json`, { seconds, headers: extra });
    const s1 = await load(`${sidecar.url}/reviews.json`, { seconds, headers: extra });
    const p2 = await load(`${plain.url}/reviews.json`, { seconds, headers: extra });
    const s2 = await load(`${sidecar.url}/reviews.json`, { seconds, headers: extra });
    const plainRps = (p1.rps + p2.rps) / 2;
    const sideRps = (s1.rps + s2.rps) / 2;
    rows.push({
      response: label,
      'plain req/s': Math.round(plainRps),
      'sidecar req/s': Math.round(sideRps),
      'plain/sidecar': (plainRps / sideRps).toFixed(2),
      'plain p99 ms': Math.max(p1.p99, p2.p99),
      'sidecar p99 ms': Math.max(s1.p99, s2.p99),
      // autocannon counts a 304 as non-2xx, so only the 200 run checks status codes
      errors: s1.errors + s2.errors + (label === '200' ? s1.non2xx + s2.non2xx : 0),
    });
  }
} finally {
  await sidecar.stop();
  await plain.stop();
}
console.log(`reviews.json: ${entry.size} bytes, 32 connections, ${seconds} s per run, two runs each, alternating.`);
table(rows);
