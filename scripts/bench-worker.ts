// npm run bench:worker: the Cloudflare Worker under wrangler dev (workerd) against the Node
// sidecar, in the same run, on the same build of a generated business (BENCH_REVIEWS, 2,507 by
// default): req/s and p99 for a small since file (200 and 304) and a search, as ratios to the
// sidecar (wrk, 32 connections, taking turns), and to an empty Worker under the same wrangler dev
// (the floor of wrangler dev's own layers on this machine); the first search after a start (a fresh
// isolate); and the CPU time of a search measured by the Worker itself around its handler
// (WORKER_SERVER_TIMING: workerd's clock, which wrangler dev lets run during code, in 1 ms
// steps, so figures are means over many requests), at BENCH_REVIEWS and BENCH_LARGE (20,000)
// reviews, against the Free plan's 10 ms; the same for MCP tools/call in both eras
// (scripts/bench/worker-mcp.ts). Targets: Worker >= 0.5x the sidecar on each path;
// a search within 10 ms at 2,507 reviews, the first request of a fresh isolate included.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../src/core/http/manifest.ts';
import { PATHS } from '../src/core/http/urls.ts';
import { build, generate, median, NODE, ROOT, type Server, startSidecar, table, tempDir } from './bench/lib.ts';
import { benchWorkerHub, printWorkerHub } from './bench/worker-hub.ts';
import { hasWrk, wrk } from './bench/wrk.ts';
import { benchMcpThroughput, firstCallPerTool, type McpThroughputRow, mcpCpuPerCall, type RunningWorkerd, workerdOf } from './bench/worker-mcp.ts';
import { COMPATIBILITY_DATE, startWranglerDev } from './harness/host-emulators.ts';
import { type RunningWorker, startWorker } from './harness/worker.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const reviews = Number(process.env.BENCH_REVIEWS ?? 2507);
const large = Number(process.env.BENCH_LARGE ?? 20000);
const colds = Number(process.env.BENCH_COLD_STARTS ?? 3);
const connections = 32;
const FREE_PLAN_CPU_MS = 10;
if (!hasWrk()) {
  console.error('bench:worker needs wrk (Debian package wrk; .ci/run installs it)');
  process.exit(1);
}

function buildBusiness(count: number): string {
  const dir = tempDir(`worker-${count}`);
  generate(join(dir, 'content'), count);
  const out = join(dir, 'dist');
  const s = build({ CONTENT_DIR: join(dir, 'content'), OUT_DIR: out, SITE_URL: 'https://reviews.example' });
  console.error(`bench:worker: built ${count} reviews in ${s.toFixed(1)} s`);
  return out;
}

/** The queries of bench:search, each with a limit that changes per request, so no answer comes from a cache. */
function queries(out: string): [string, (n: number) => string][] {
  const doc = JSON.parse(readFileSync(join(out, 'site', 'reviews.json'), 'utf8')) as { reviews: { technicians: string[] }[] };
  const tech = encodeURIComponent(doc.reviews.find((r) => r.technicians.length)?.technicians[0] ?? 'x');
  const limit = (n: number) => 1 + (n % 100);
  return [
    ['selective', (n) => `mentions_technician=${tech}&rating=1&limit=${limit(n)}`],
    ['broad', (n) => `min_rating=4&limit=${limit(n)}`],
    ['substring', (n) => `query=on%20time&limit=${limit(n)}`],
    ['deep offset', (n) => `offset=${Math.floor(doc.reviews.length / 2)}&limit=${limit(n)}`],
  ];
}

const timing = (res: Response, name: string): number =>
  Number(new RegExp(`${name};dur=([\\d.]+)`).exec(res.headers.get('server-timing') ?? '')?.[1] ?? Number.NaN);

/** Mean and most CPU (unpack + app) per query kind, over `perKind` requests each. */
async function cpuPerSearch(worker: RunningWorker, out: string, perKind: number) {
  const rows: Record<string, string | number>[] = [];
  for (const [kind, query] of queries(out)) {
    const cpu: number[] = [];
    for (let n = 0; n < perKind; n++) {
      const res = await fetch(`${worker.url}${PATHS.search}?${query(n)}`);
      await res.arrayBuffer();
      cpu.push(timing(res, 'cpu'));
    }
    const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
    rows.push({ query: kind, 'mean ms': mean.toFixed(2), 'max ms': Math.max(...cpu).toFixed(0), 'within 10 ms': mean <= FREE_PLAN_CPU_MS ? 'yes' : 'NO' });
  }
  return rows;
}

/**
 * The global scope's run (module evaluation and the isolate's set-up), which workerd's clock
 * cannot time: `wrangler check startup` profiles it; the profile's span, on this machine.
 */
function startupMs(out: string): number {
  const dir = tempDir('startup');
  const wrangler = [join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js')];
  const config = join(out, 'deploy', 'worker', 'wrangler.json');
  const env = { ...process.env, WRANGLER_SEND_METRICS: 'false' };
  const run = (args: string[]) => spawnSync(NODE, [...wrangler, ...args, '--config', config], { cwd: dir, env, encoding: 'utf8' });
  run(['deploy', '--dry-run', '--outfile', join(dir, 'bundle')]);
  run(['check', 'startup', '--worker', join(dir, 'bundle'), '--outfile', join(dir, 'startup.cpuprofile')]);
  const profile = JSON.parse(readFileSync(join(dir, 'startup.cpuprofile'), 'utf8')) as { startTime: number; endTime: number };
  return (profile.endTime - profile.startTime) / 1000;
}

/** The first search of a freshly started Worker: its own CPU time, and the time the client waited. */
async function coldSearch(out: string, stateDir: string) {
  const worker = await startWorker({ outDir: out, stateDir, env: { WORKER_SERVER_TIMING: '1' } });
  try {
    const began = performance.now();
    const res = await fetch(`${worker.url}${PATHS.search}?query=on%20time&limit=20`);
    await res.arrayBuffer();
    return { wallMs: performance.now() - began, cpuMs: timing(res, 'cpu'), unpackMs: timing(res, 'unpack'), appMs: timing(res, 'app') };
  } finally {
    await worker.stop();
  }
}

const out = buildBusiness(reviews);
const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
const since = Object.keys(manifest.resources)
  .filter((p) => p.startsWith(PATHS.sincePrefix))
  .sort()
  .at(-1) as string;
const sinceEtag = manifest.resources[since]?.etag as string;
const stateDir = join(tempDir('worker-state'), 'state');

/** A Worker that answers `{}` and does nothing else: what wrangler dev itself allows on this machine. */
async function startEmptyWorker() {
  const dir = tempDir('empty-worker');
  writeFileSync(join(dir, 'worker.js'), "export default { fetch: () => new Response('{}', { headers: { 'content-type': 'application/json' } }) };\n");
  writeFileSync(join(dir, 'wrangler.json'), JSON.stringify({ name: 'empty', main: 'worker.js', compatibility_date: COMPATIBILITY_DATE, no_bundle: true }));
  return startWranglerDev(dir);
}

// --- throughput, the three taking turns
const sidecar: Server = await startSidecar(out, { SITE_URL: 'https://reviews.example' });
const worker = await startWorker({ outDir: out, stateDir });
const empty = await startEmptyWorker();
const paths: [string, string, Record<string, string>][] = [
  ['since file 200', since, {}],
  ['since file 304', since, { 'if-none-match': sinceEtag }],
  ['search', `${PATHS.search}?query=on%20time&limit=20`, {}],
];
const loadRows: Record<string, string | number>[] = [];
const mcpLoadRows: McpThroughputRow[] = [];
try {
  for (const [name, path, headers] of paths) {
    const runs: Record<'sidecar' | 'worker' | 'empty', { rps: number; p99: number }[]> = { sidecar: [], worker: [], empty: [] };
    for (let round = 0; round < rounds; round++) {
      for (const [who, url] of [
        ['sidecar', sidecar.url],
        ['worker', worker.url],
        ['empty', empty.url],
      ] as const) {
        const r = wrk(`${url}${path}`, { connections, seconds, headers });
        if (who !== 'empty' && (r.non2xx3xx || r.errors)) console.error(`bench:worker: ${who} ${name}: ${r.non2xx3xx} bad answers, ${r.errors} socket errors`);
        runs[who].push({ rps: r.rps, p99: r.p99Ms });
      }
    }
    const s = { rps: median(runs.sidecar.map((r) => r.rps)), p99: median(runs.sidecar.map((r) => r.p99)) };
    const w = { rps: median(runs.worker.map((r) => r.rps)), p99: median(runs.worker.map((r) => r.p99)) };
    const e = median(runs.empty.map((r) => r.rps));
    loadRows.push({
      path: name,
      'sidecar req/s': Math.round(s.rps),
      'worker req/s': Math.round(w.rps),
      'worker/sidecar': (w.rps / s.rps).toFixed(2),
      'sidecar p99 ms': s.p99.toFixed(1),
      'worker p99 ms': w.p99.toFixed(1),
      'target >= 0.5x': w.rps / s.rps >= 0.5 ? 'met' : 'NOT met',
      'empty Worker req/s': Math.round(e),
      'worker/empty': (w.rps / e).toFixed(2),
    });
  }
  mcpLoadRows.push(...(await benchMcpThroughput(sidecar.url, worker.url, seconds, rounds, empty.url)));
} finally {
  await worker.stop();
  await empty.stop();
  await sidecar.stop();
}
console.log(`\nThroughput, ${reviews} reviews (wrk, ${connections} connections, ${seconds} s, median of ${rounds} rounds)`);
table(loadRows);
console.log(`\nMCP tools/call, ${reviews} reviews (autocannon, 32 in flight, ${seconds} s, mean of ${rounds} rounds, the three taking turns)`);
table(mcpLoadRows);

// --- the first request after a start
const sidecarCold: number[] = [];
for (let i = 0; i < colds; i++) {
  const s = await startSidecar(out, { SITE_URL: 'https://reviews.example' });
  const began = performance.now();
  await (await fetch(`${s.url}${PATHS.search}?query=on%20time&limit=20`)).arrayBuffer();
  sidecarCold.push(performance.now() - began);
  await s.stop();
}
const workerCold = [];
for (let i = 0; i < colds; i++) workerCold.push(await coldSearch(out, stateDir));
console.log(`\nFirst search after a start (median of ${colds} starts; the Worker's CPU from its Server-Timing)`);
table([
  { shape: 'sidecar', 'client wait ms': median(sidecarCold).toFixed(1), 'CPU ms': '-' },
  {
    shape: 'worker (fresh isolate)',
    'client wait ms': median(workerCold.map((c) => c.wallMs)).toFixed(1),
    'CPU ms': `${median(workerCold.map((c) => c.cpuMs)).toFixed(0)} (unpack ${median(workerCold.map((c) => c.unpackMs)).toFixed(0)}, app ${median(workerCold.map((c) => c.appMs)).toFixed(0)})`,
    'within 10 ms': Math.max(...workerCold.map((c) => c.cpuMs)) <= FREE_PLAN_CPU_MS ? 'yes' : 'NO',
  },
]);

// --- CPU per search, at the business's size and at BENCH_LARGE
for (const [count, dir] of [[reviews, out], ...(large > 0 ? [[large, buildBusiness(large)] as const] : [])] as const) {
  const timed = await startWorker({ outDir: dir, env: { WORKER_SERVER_TIMING: '1' } });
  try {
    const first = await fetch(`${timed.url}${PATHS.search}?query=on%20time&limit=20`);
    await first.arrayBuffer();
    const firstCpu = timing(first, 'cpu');
    const rows = await cpuPerSearch(timed, dir, 50);
    // since dates the build did not pre-render (answered from the packed index)
    const dates = (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest).since_dates.toSorted();
    const oldest = new Date(`${dates[0]}T00:00:00Z`);
    const sinceCpu: number[] = [];
    for (let day = 1; day <= 11; day++) {
      const date = new Date(oldest.getTime() - day * 86_400_000).toISOString().slice(0, 10);
      const res = await fetch(`${timed.url}${PATHS.sincePrefix}${date}`);
      await res.arrayBuffer();
      sinceCpu.push(timing(res, 'cpu'));
    }
    rows.push({
      query: 'since, not pre-rendered',
      'mean ms': (sinceCpu.slice(1).reduce((a, b) => a + b, 0) / (sinceCpu.length - 1)).toFixed(2),
      'max ms': Math.max(...sinceCpu.slice(1)).toFixed(0),
      'within 10 ms': `first ${sinceCpu[0]?.toFixed(0)} ms`,
    });
    const workerDir = join(dir, 'deploy', 'worker');
    const kb = (file: string) => `${(statSync(file).size / 1024).toFixed(0)} KB`;
    const bins = readdirSync(join(workerDir, 'assets', '_worker')).map((f) => `${f} ${kb(join(workerDir, 'assets', '_worker', f))}`);
    console.log(
      `\nWorker, ${count} reviews: worker.js ${kb(join(workerDir, 'worker.js'))}; packed index ${bins.join(', ')}; startup profile (wrangler check startup) ${startupMs(dir).toFixed(0)} ms (limit 1,000 ms)`,
    );
    console.log(
      `CPU per search in the Worker, ${count} reviews (mean of 50 uncached requests per query; first request ${firstCpu.toFixed(0)} ms incl. unpack ${timing(first, 'unpack').toFixed(0)} ms)`,
    );
    table(rows);
  } finally {
    await timed.stop();
  }
  // MCP: tools/call in both eras, each first call in a fresh isolate (a new workerd each time)
  let mcpWorker: RunningWorker | undefined;
  const restart = async (): Promise<RunningWorkerd> => {
    await mcpWorker?.stop();
    mcpWorker = await startWorker({ outDir: dir, env: { WORKER_SERVER_TIMING: '1' } });
    return { url: mcpWorker.url, workerdPid: workerdOf(mcpWorker.pid, mcpWorker.url) };
  };
  try {
    console.log(`\nThe Worker's own time per MCP tools/call, ${count} reviews (Server-Timing; workerd's CPU for the whole request from /proc)`);
    table(await mcpCpuPerCall(count, restart));
    console.log(`\nEach MCP tool's first call in a fresh isolate, ${count} reviews`);
    table(await firstCallPerTool(count, restart));
  } finally {
    await mcpWorker?.stop();
  }
}

// The hub's part (scripts/bench/worker-hub.ts): one change to 200 HTTPS subscribers through the Node hub and the Durable Object.
if (process.env.BENCH_HUB !== '0') printWorkerHub(await benchWorkerHub());
