// npm run bench:worker: the Cloudflare Worker on workerd against the Node sidecar, in the same run,
// on the same build of a generated business (BENCH_REVIEWS, 2,507 by default). "workerd" is the
// built deploy/worker/ folder (worker.js, the assets, the HUB and MCP_SESSION Durable Objects on
// SQLite, the vars) as wrangler reads its wrangler.json, run by Miniflare in one workerd process
// and reached on a socket bound to the Worker (test/helpers/workerd-direct.ts): a request goes
// through Cloudflare's assets router (run_worker_first) to our Worker, and never through wrangler
// dev's proxy or Miniflare's entry Worker, which cap any Worker far below our code (the runners
// table measures each layer on an empty Worker). It reports req/s and p99 for a small since file
// (200 and 304) and a search, as ratios to the sidecar (wrk, 32 connections, taking turns), and to
// an empty Worker of the same shape on the same runner (the floor of workerd and the router here),
// with each server's CPU per request (/proc), which a shared machine's load moves far less than
// req/s; the same for MCP tools/call in both eras (bench/worker/worker-mcp.ts); the first search after a
// start (a fresh isolate); and the CPU time of a search measured by the Worker itself around its
// handler (WORKER_SERVER_TIMING: workerd's clock, which runs during code outside Cloudflare, in
// 1 ms steps, so figures are means over many requests), at BENCH_REVIEWS and BENCH_LARGE (20,000)
// reviews, against the Free plan's 10 ms. Targets: Worker >= 0.5x the sidecar on each path; a
// search within 10 ms at 2,507 reviews, the first request of a fresh isolate included.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { envNumber } from '../shared/env.ts';
import { build, FREE_PLAN_CPU_MS, generate, median, NODE, ROOT, type Server, startSidecar, table, tempDir } from '../shared/lib.ts';
import { benchWorkerHub, printWorkerHub } from './worker-hub.ts';
import { benchMcpThroughput, cpuNs, firstCallPerTool, type McpThroughputRow, mcpCpuPerCall, type RunningWorkerd, treeCpuNs, workerdOf } from './worker-mcp.ts';
import { hasWrk, wrk } from '../shared/wrk.ts';
import { COMPATIBILITY_DATE } from '../../src/build/deploy/worker.ts';
import { startWranglerDev } from '../../test/helpers/hosts.ts';
import { type DirectWorker, startDirectWorker } from '../../test/helpers/workerd-direct.ts';

const seconds = envNumber('BENCH_SECONDS', 5);
const rounds = envNumber('BENCH_ROUNDS', 2);
const reviews = envNumber('BENCH_REVIEWS', 2507);
const large = envNumber('BENCH_LARGE', 20000);
const colds = envNumber('BENCH_COLD_STARTS', 3);
const connections = 32;
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
async function cpuPerSearch(worker: { url: string }, out: string, perKind: number) {
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
  const worker = await startDirectWorker({ workerDir: workerDirOf(out), stateDir, env: { WORKER_SERVER_TIMING: '1' } });
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
const workerDirOf = (build: string) => join(build, 'deploy', 'worker');

/**
 * A Worker that reads the request's body, as ours does, and answers `{}`; `withAssets` gives it our
 * Worker's shape (a folder of static assets, run_worker_first), so requests cross the same assets router.
 */
function emptyWorker(withAssets: boolean): string {
  const dir = tempDir('empty-worker');
  const answer = "new Response('{}', { headers: { 'content-type': 'application/json' } })";
  writeFileSync(join(dir, 'worker.js'), `export default { fetch: async (request) => (await request.arrayBuffer(), ${answer}) };\n`);
  const config = { name: 'empty', main: 'worker.js', compatibility_date: COMPATIBILITY_DATE, no_bundle: true };
  if (withAssets) {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index.json'), '{}');
  }
  const assets = withAssets ? { assets: { directory: 'assets', binding: 'ASSETS', run_worker_first: true } } : {};
  writeFileSync(join(dir, 'wrangler.json'), JSON.stringify({ ...config, ...assets }));
  return dir;
}

// --- throughput, the three taking turns
const sidecar: Server = await startSidecar(out, { SITE_URL: 'https://reviews.example' });
const worker = await startDirectWorker({ workerDir: workerDirOf(out), stateDir });
const empty = await startDirectWorker({ workerDir: emptyWorker(true) });
const paths: [string, string, Record<string, string>][] = [
  ['since file 200', since, {}],
  ['since file 304', since, { 'if-none-match': sinceEtag }],
  ['search', `${PATHS.search}?query=on%20time&limit=20`, {}],
];
const loadRows: Record<string, string | number>[] = [];
const mcpLoadRows: McpThroughputRow[] = [];
// The server's own CPU per request (/proc, every thread), which a busy machine moves far less than req/s.
const serverPids = { sidecar: sidecar.process.pid as number, worker: workerdOf(worker.pid, worker.url), empty: workerdOf(empty.pid, empty.url) };
try {
  for (const [name, path, headers] of paths) {
    const runs: Record<'sidecar' | 'worker' | 'empty', { rps: number; p99: number; cpuUs: number }[]> = { sidecar: [], worker: [], empty: [] };
    for (let round = 0; round < rounds; round++) {
      for (const [who, url] of [
        ['sidecar', sidecar.url],
        ['worker', worker.url],
        ['empty', empty.url],
      ] as const) {
        const before = cpuNs(serverPids[who]);
        const r = wrk(`${url}${path}`, { connections, seconds, headers });
        const cpuUs = (cpuNs(serverPids[who]) - before) / 1000 / Math.max(1, r.requests);
        if (who !== 'empty' && (r.non2xx3xx || r.errors)) console.error(`bench:worker: ${who} ${name}: ${r.non2xx3xx} bad answers, ${r.errors} socket errors`);
        runs[who].push({ rps: r.rps, p99: r.p99Ms, cpuUs });
      }
    }
    const cpu = (who: 'sidecar' | 'worker' | 'empty') => median(runs[who].map((r) => r.cpuUs));
    const s = { rps: median(runs.sidecar.map((r) => r.rps)), p99: median(runs.sidecar.map((r) => r.p99)) };
    const w = { rps: median(runs.worker.map((r) => r.rps)), p99: median(runs.worker.map((r) => r.p99)) };
    const e = median(runs.empty.map((r) => r.rps));
    loadRows.push({
      path: name,
      'sidecar req/s': Math.round(s.rps),
      'workerd req/s': Math.round(w.rps),
      'workerd/sidecar': (w.rps / s.rps).toFixed(2),
      'sidecar p99 ms': s.p99.toFixed(1),
      'workerd p99 ms': w.p99.toFixed(1),
      'target >= 0.5x': w.rps / s.rps >= 0.5 ? 'met' : 'NOT met',
      'empty Worker req/s': Math.round(e),
      'workerd/empty': (w.rps / e).toFixed(2),
      'CPU µs/request: sidecar, workerd, empty Worker': `${cpu('sidecar').toFixed(0)}, ${cpu('worker').toFixed(0)}, ${cpu('empty').toFixed(0)}`,
    });
  }
  mcpLoadRows.push(...(await benchMcpThroughput(sidecar.url, worker.url, seconds, rounds, empty.url, serverPids)));
} finally {
  await worker.stop();
  await empty.stop();
  await sidecar.stop();
}
console.log(`\nThroughput, ${reviews} reviews (wrk, ${connections} connections, ${seconds} s, median of ${rounds} rounds)`);
table(loadRows);
console.log(`\nMCP tools/call, ${reviews} reviews (autocannon, 32 in flight, ${seconds} s, mean of ${rounds} rounds, the three taking turns)`);
table(mcpLoadRows);

// --- the runners' own cap: the same empty Worker behind each layer a local run can add
const plain = await startDirectWorker({ workerDir: emptyWorker(false) });
const shaped = await startDirectWorker({ workerDir: emptyWorker(true) });
const dev = await startWranglerDev(emptyWorker(true));
const runners: [string, string, number][] = [
  ['workerd, socket bound to the Worker, no assets', plain.url, plain.pid],
  ['workerd, socket bound to the Worker, assets router first (the floor above)', shaped.url, shaped.pid],
  ["workerd behind Miniflare's entry Worker (request logging off)", shaped.entryUrl, shaped.pid],
  ['wrangler dev (npm run preview:worker): proxy Worker in a second workerd, then the entry Worker', dev.url, dev.pid],
];
const runnerRows: Record<string, string | number>[] = [];
try {
  const runs = runners.map(() => [] as { rps: number; p99: number; cpuUs: number }[]);
  for (let round = 0; round < rounds; round++)
    runners.forEach(([, url, pid], i) => {
      const before = treeCpuNs(pid);
      const r = wrk(`${url}/`, { connections, seconds });
      runs[i]?.push({ rps: r.rps, p99: r.p99Ms, cpuUs: (treeCpuNs(pid) - before) / 1000 / Math.max(1, r.requests) });
    });
  runners.forEach(([name], i) => {
    const r = runs[i] ?? [];
    runnerRows.push({
      'empty Worker': name,
      'req/s': Math.round(median(r.map((x) => x.rps))),
      'p99 ms': median(r.map((x) => x.p99)).toFixed(1),
      'CPU µs/request (all its processes)': median(r.map((x) => x.cpuUs)).toFixed(0),
    });
  });
} finally {
  await plain.stop();
  await shaped.stop();
  await dev.stop();
}
console.log(`\nThe runners' own cap: an empty Worker answering {} (wrk, ${connections} connections, ${seconds} s, median of ${rounds} rounds, taking turns)`);
table(runnerRows);

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
    'CPU ms':
      `${median(workerCold.map((c) => c.cpuMs)).toFixed(0)} (unpack ` +
      `${median(workerCold.map((c) => c.unpackMs)).toFixed(0)}, app ` +
      `${median(workerCold.map((c) => c.appMs)).toFixed(0)})`,
    'within 10 ms': Math.max(...workerCold.map((c) => c.cpuMs)) <= FREE_PLAN_CPU_MS ? 'yes' : 'NO',
  },
]);

// --- CPU per search, at the business's size and at BENCH_LARGE
for (const [count, dir] of [[reviews, out], ...(large > 0 ? [[large, buildBusiness(large)] as const] : [])] as const) {
  const timed = await startDirectWorker({ workerDir: workerDirOf(dir), env: { WORKER_SERVER_TIMING: '1' } });
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
      `\nWorker, ${count} reviews: worker.js ${kb(join(workerDir, 'worker.js'))}; packed index ` +
        `${bins.join(', ')}; startup profile (wrangler check startup) ${startupMs(dir).toFixed(0)} ms (limit ` +
        '1,000 ms)',
    );
    console.log(
      `CPU per search in the Worker, ${count} reviews (mean of 50 uncached requests per query; first ` +
        `request ${firstCpu.toFixed(0)} ms incl. unpack ${timing(first, 'unpack').toFixed(0)} ms)`,
    );
    table(rows);
  } finally {
    await timed.stop();
  }
  // MCP: tools/call in both eras, each first call in a fresh isolate (a new workerd each time)
  let mcpWorker: DirectWorker | undefined;
  const restart = async (): Promise<RunningWorkerd> => {
    await mcpWorker?.stop();
    mcpWorker = await startDirectWorker({ workerDir: workerDirOf(dir), env: { WORKER_SERVER_TIMING: '1' } });
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

// The hub's part (bench/worker/worker-hub.ts): one change to 200 HTTPS subscribers through the Node hub and the Durable Object.
if (process.env.BENCH_HUB !== '0') printWorkerHub(await benchWorkerHub());
