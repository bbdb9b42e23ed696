// The first request of a fresh isolate, for a few kinds of bench:hostile at once (quicker than the
// whole run, to compare a change): BENCH_KINDS (names in bench/hostile/hostile-requests.ts,
// comma-separated), BENCH_FRESH starts of a new workerd each (5), on the build in BENCH_OUT
// (generated at BENCH_REVIEWS, 2,507, when it has none). Prints each start's Server-Timing and
// workerd's CPU for the request, then each kind's median, least and most.
//   BENCH_OUT=/tmp/b BENCH_KINDS='MCP tools/call get_reviews_since' node bench/hostile/fresh-first.ts
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startDirectWorker } from '../../test/helpers/workerd-direct.ts';
import { factsOf, hostileKinds } from './hostile-requests.ts';
import { envNumber } from '../shared/env.ts';
import { build, generate, median, tempDir } from '../shared/lib.ts';
import { cpuNs, workerdOf } from '../worker/worker-mcp.ts';

const SITE = 'https://reviews.example';
const out = process.env.BENCH_OUT ?? join(tempDir('fresh-first'), 'build');
if (!existsSync(join(out, 'manifest.json'))) {
  generate(join(out, 'content'), envNumber('BENCH_REVIEWS', 2507));
  build({ CONTENT_DIR: join(out, 'content'), OUT_DIR: out, SITE_URL: SITE });
}
const wanted = (process.env.BENCH_KINDS ?? 'MCP tools/call get_reviews_since').split(',');
const kinds = hostileKinds(factsOf(out, SITE)).filter((k) => wanted.includes(k.name));
if (kinds.length < wanted.length) throw new Error(`unknown kinds among ${wanted.join(', ')}`);
const starts = envNumber('BENCH_FRESH', 5);
const env = { WORKER_SERVER_TIMING: '1', HUB_ALLOW_PRIVATE_CALLBACKS: '0' };
// a deployment that has run before, as bench:hostile's fresh starts
const stateDir = join(tempDir('fresh-state'), 'state');
const metric = (timing: string, name: string) => Number(new RegExp(`(?:^|,)\\s*${name};dur=([\\d.]+)`).exec(timing)?.[1] ?? Number.NaN);
const spread = (xs: number[]) => `median ${median(xs).toFixed(1)}, least ${Math.min(...xs).toFixed(1)}, most ${Math.max(...xs).toFixed(1)}`;

for (const kind of kinds) {
  const worker: number[] = [];
  const workerd: number[] = [];
  for (let n = 0; n < starts; n++) {
    const running = await startDirectWorker({ workerDir: join(out, 'deploy', 'worker'), stateDir, env });
    try {
      const pid = workerdOf(running.pid, running.url);
      const { path, init } = kind.request(n);
      const before = cpuNs(pid);
      const res = await fetch(`${running.url}${path}`, init);
      await res.arrayBuffer();
      workerd.push((cpuNs(pid) - before) / 1e6);
      const timing = res.headers.get('server-timing') ?? '';
      worker.push(metric(timing, 'cpu'));
      console.log(`${kind.name}\t${res.status}\tworkerd ${workerd.at(-1)?.toFixed(1)} ms\t${timing}`);
    } finally {
      await running.stop();
    }
  }
  console.log(`## ${kind.name}, ${starts} fresh starts: the Worker's cpu ${spread(worker)}; workerd ${spread(workerd)}`);
}
