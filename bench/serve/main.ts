// npm run bench:serve: the sidecar serving built files (a small since file and /reviews.json,
// 200 and 304) side by side, in the same run, with two baselines: nginx (one worker, serving
// the same site folder) and a bare node:http server returning the same precomputed bytes and
// headers. Load from wrk, 32 connections; the servers take turns, so drift on a shared
// machine hits all of them alike. Targets: the small file's 200 and 304 at >= 0.5x nginx.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resourceHeaders } from '../../src/core/http/headers.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { envNumber } from '../shared/env.ts';
import { build, ROOT, startPlain, startSidecar, table, tempDir } from '../shared/lib.ts';
import { hasNginx, startNginx } from './nginx.ts';
import { hasWrk, wrk } from '../shared/wrk.ts';

const seconds = envNumber('BENCH_SECONDS', 5);
const rounds = envNumber('BENCH_ROUNDS', 2);
const connections = 32;
if (!hasNginx() || !hasWrk()) {
  console.error('bench:serve needs nginx and wrk (Debian packages nginx-light or nginx, and wrk; .ci/run installs them)');
  process.exit(1);
}

const out = join(tempDir('serve'), 'dist');
build({ CONTENT_DIR: join(ROOT, 'content'), OUT_DIR: out });
const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
const since = Object.keys(manifest.resources)
  .filter((p) => p.startsWith(PATHS.sincePrefix))
  .sort()
  .at(-1) as string;

const sidecar = await startSidecar(out);
const nginx = await startNginx(join(out, 'site'));
const rows: Record<string, string | number>[] = [];
try {
  for (const path of [since, '/reviews.json']) {
    const entry = manifest.resources[path];
    if (!entry) throw new Error(`no ${path} in the build`);
    const plain = await startPlain(join(out, 'site', entry.file), resourceHeaders(path, entry, 60));
    const nginxEtag = (await fetch(`${nginx.url}${path}`, { method: 'HEAD' })).headers.get('etag') ?? '';
    try {
      for (const status of ['200', '304'] as const) {
        const servers = [
          { name: 'nginx', url: nginx.url, etag: nginxEtag },
          { name: 'node:http', url: plain.url, etag: entry.etag },
          { name: 'sidecar', url: sidecar.url, etag: entry.etag },
        ];
        const rps = new Map<string, number[]>();
        const p99 = new Map<string, number[]>();
        let bad = 0;
        for (let r = 0; r < rounds; r++) {
          for (const s of servers) {
            const run = wrk(`${s.url}${path}`, { connections, seconds, headers: status === '304' ? { 'if-none-match': s.etag } : {} });
            rps.set(s.name, [...(rps.get(s.name) ?? []), run.rps]);
            p99.set(s.name, [...(p99.get(s.name) ?? []), run.p99Ms]);
            bad += run.errors + run.non2xx3xx;
          }
        }
        const mean = (name: string) => (rps.get(name) as number[]).reduce((a, b) => a + b, 0) / rounds;
        const worst = (name: string) => Math.max(...(p99.get(name) as number[]));
        rows.push({
          file: `${path} (${entry.size.toLocaleString('en-US')} B)`,
          status,
          'nginx req/s': Math.round(mean('nginx')),
          'node:http req/s': Math.round(mean('node:http')),
          'sidecar req/s': Math.round(mean('sidecar')),
          'sidecar / nginx': (mean('sidecar') / mean('nginx')).toFixed(2),
          'sidecar / node:http': (mean('sidecar') / mean('node:http')).toFixed(2),
          'p99 ms nginx / node / sidecar': [worst('nginx'), worst('node:http'), worst('sidecar')].map((ms) => ms.toFixed(2)).join(' / '),
          'errors or non-2xx/3xx': bad,
        });
      }
    } finally {
      await plain.stop();
    }
  }
} finally {
  await sidecar.stop();
  await nginx.stop();
}
console.log(`wrk, 1 thread, ${connections} connections, ${seconds} s per run, ${rounds} rounds, servers alternating; nginx with 1 worker.`);
table(rows);
