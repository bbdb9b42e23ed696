// npm run bench:hostile: what each kind of request an anonymous client can send costs the
// Worker (bench/hostile/hostile-requests.ts: each route, each MCP method, each hub mode, each error
// path, and the costliest inputs known), at BENCH_REVIEWS (2,507) and BENCH_LARGE (20,000)
// generated reviews. The Worker runs on workerd (test/helpers/workerd-direct.ts) and reports
// each share of a request apart (WORKER_SERVER_TIMING=1, Server-Timing): `cpu`, the invocation
// that took the request without `wait`, its waits for the asset store or a Durable Object, judged
// against the Free plan's 10 ms of CPU; `hub` or `session`, the Durable Object's own invocation,
// billed to the object. Beside them, workerd's own CPU for the request (/proc): a timing may
// count what is not code, workerd's CPU bounds any real use, so the smaller is what a share may
// have cost. A fresh isolate (a new workerd) takes each kind's first request (the lower of
// BENCH_FRESH starts, 2 by default: a shared machine's other work only adds); a warm one then
// takes BENCH_REQUESTS more of each kind, after two to warm it up. It names the most expensive
// kind for each share. The same requests go to the Node sidecar of this code and of
// BENCH_BASELINE (a git ref, default: the merge-base with main, extracted with git archive), on the
// same build, taking turns, and their CPU per request (/proc) is compared: "new/old" above 1 means
// slower now.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { PATHS } from '../../src/core/http/urls.ts';
import { factsOf, type HostileKind, hostileKinds } from './hostile-requests.ts';
import { baselineCode } from '../shared/baseline.ts';
import { envNumber } from '../shared/env.ts';
import { build, FREE_PLAN_CPU_MS, generate, median, ROOT, type Server, startSidecar, tempDir } from '../shared/lib.ts';
import { cpuNs, workerdOf } from '../worker/worker-mcp.ts';
import { startDirectWorker } from '../../test/helpers/workerd-direct.ts';

const sizes = [envNumber('BENCH_REVIEWS', 2507), envNumber('BENCH_LARGE', 20000)].filter((n) => n > 0);
const perKind = envNumber('BENCH_REQUESTS', 15);
const freshStarts = envNumber('BENCH_FRESH', 2);
const SITE = 'https://reviews.example';
const WORKER_ENV = { WORKER_SERVER_TIMING: '1', HUB_ALLOW_PRIVATE_CALLBACKS: '0' };

/** Rows as a Markdown table, to paste into docs/costs-and-limits.md. */
function table(rows: Record<string, string | number>[]): void {
  const keys = Object.keys(rows[0] ?? {});
  console.log(`| ${keys.join(' | ')} |\n|${keys.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${keys.map((k) => row[k]).join(' | ')} |`);
}

const metric = (res: Response, name: string): number => {
  const m = new RegExp(`(?:^|,)\\s*${name};dur=([\\d.]+)`).exec(res.headers.get('server-timing') ?? '');
  return m ? Number(m[1]) : Number.NaN;
};

interface Sample {
  status: number;
  /** The Worker's own time: the invocation that took the request, without its waits. */
  cpu: number;
  /** The time the Worker waited for the asset store or a Durable Object. */
  wait: number;
  /** A Durable Object's own time (its invocation, its set-up included), if one answered; else 0. */
  object: number;
  /** workerd's own CPU while it answered (/proc, every thread), when measured. */
  process: number;
}

async function send(base: string, kind: HostileKind, n: number, workerd?: number): Promise<Sample> {
  const { path, init } = kind.request(n);
  const before = workerd === undefined ? 0 : cpuNs(workerd);
  const res = await fetch(`${base}${path}`, init);
  await res.arrayBuffer();
  const process = workerd === undefined ? Number.NaN : (cpuNs(workerd) - before) / 1e6;
  const object = Math.max(metric(res, 'hub') || 0, metric(res, 'session') || 0);
  return { status: res.status, cpu: metric(res, 'cpu'), wait: metric(res, 'wait') || 0, object, process };
}

/**
 * What a request may have cost each invocation at most: a Server-Timing figure includes what the
 * clock counts beside code (a storage call, another isolate's turn), and workerd's whole CPU
 * bounds any real use. The Worker's share is judged against the Free plan's 10 ms; the object's
 * is billed to the object (docs/costs-and-limits.md).
 */
const workerShare = (s: Sample) => Math.min(s.cpu, s.process);
const objectShare = (s: Sample) => Math.min(s.object, s.process);
const billed = (s: Sample) => Math.max(workerShare(s), objectShare(s));

function buildBusiness(count: number): string {
  const dir = tempDir(`hostile-${count}`);
  generate(join(dir, 'content'), count);
  const out = join(dir, 'dist');
  const s = build({ CONTENT_DIR: join(dir, 'content'), OUT_DIR: out, SITE_URL: SITE });
  console.error(`bench:hostile: built ${count} reviews in ${s.toFixed(1)} s`);
  return out;
}

/**
 * Each kind's first request, each to a new workerd, on the storage of a deployment that has run
 * before (its hub has recorded the build's topics once, as a new hub does at its first request).
 */
async function freshRun(workerDir: string, kinds: HostileKind[]): Promise<Map<string, Sample>> {
  const samples = new Map<string, Sample>();
  const stateDir = join(tempDir('hostile-state'), 'state');
  const first = await startDirectWorker({ workerDir, stateDir, env: WORKER_ENV });
  await send(first.url, { name: 'hub', request: () => ({ path: PATHS.hub }) }, 0);
  await first.stop();
  for (const kind of kinds) {
    for (let start = 0; start < freshStarts; start++) {
      const worker = await startDirectWorker({ workerDir, stateDir, env: WORKER_ENV });
      try {
        const got = await send(worker.url, kind, start, workerdOf(worker.pid, worker.url));
        const kept = samples.get(kind.name);
        if (kept === undefined || billed(got) < billed(kept)) samples.set(kind.name, got);
      } finally {
        await worker.stop();
      }
    }
  }
  return samples;
}

/** Each kind, two to warm up, then `perKind` measured, on one workerd. */
async function warmRun(workerDir: string, kinds: HostileKind[]): Promise<Map<string, Sample[]>> {
  const samples = new Map<string, Sample[]>();
  const worker = await startDirectWorker({ workerDir, env: WORKER_ENV });
  const workerd = workerdOf(worker.pid, worker.url);
  try {
    for (const kind of kinds) {
      for (let n = 1; n <= 2; n++) await send(worker.url, kind, n);
      const got: Sample[] = [];
      for (let n = 3; n < 3 + perKind; n++) got.push(await send(worker.url, kind, n, workerd));
      samples.set(kind.name, got);
    }
  } finally {
    await worker.stop();
  }
  return samples;
}

/** The sidecar of another version of this code, from git: its files beside our node_modules. */
function baselineRoot(): { ref: string; root: string } | undefined {
  let ref = process.env.BENCH_BASELINE;
  try {
    ref ??= execFileSync('git', ['merge-base', 'HEAD', 'main'], { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
  return { ref, root: baselineCode(ref, 'hostile-baseline', ['sidecar', 'src', 'package.json']) };
}

/** CPU µs per request of each kind on the current and the baseline sidecar, taking turns, two rounds. */
async function nodeRun(out: string, kinds: HostileKind[], baseline: { root: string }) {
  const env = { SITE_URL: SITE, HUB_ALLOW_PRIVATE_CALLBACKS: '0' };
  const current: Server = await startSidecar(out, env);
  const old: Server = await startSidecar(out, env, baseline.root);
  const rows: Record<string, string | number>[] = [];
  try {
    for (const kind of kinds) {
      const us: Record<'new' | 'old', number[]> = { new: [], old: [] };
      for (let round = 0; round < 2; round++) {
        for (const [who, server] of [
          ['new', current],
          ['old', old],
        ] as const) {
          await send(server.url, kind, 1);
          const pid = server.process.pid as number;
          const before = cpuNs(pid);
          for (let n = 0; n < perKind; n++) await send(server.url, kind, 2 + round * perKind + n);
          us[who].push((cpuNs(pid) - before) / 1000 / perKind);
        }
      }
      const [a, b] = [median(us.new), median(us.old)];
      rows.push({ kind: kind.name, 'old µs': Math.round(b), 'new µs': Math.round(a), 'new/old': (a / b).toFixed(2) });
    }
  } finally {
    await current.stop();
    await old.stop();
  }
  return rows;
}

const baseline = baselineRoot();
const summary: Record<string, string | number>[] = [];
const nodeTables: [number, Record<string, string | number>[]][] = [];
for (const size of sizes) {
  const out = buildBusiness(size);
  const kinds = hostileKinds(factsOf(out, SITE));
  const workerDir = join(out, 'deploy', 'worker');
  const fresh = await freshRun(workerDir, kinds);
  const warm = await warmRun(workerDir, kinds);
  const rows = kinds.map((kind) => {
    const w = warm.get(kind.name) ?? [];
    const f = fresh.get(kind.name) as Sample;
    const ms = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : '');
    const spread = (of: (s: Sample) => number) => `${ms(of(f))}; ${ms(median(w.map(of)))}, ${ms(Math.max(...w.map(of)))}`;
    const worker = Math.max(workerShare(f), ...w.map(workerShare));
    const object = Math.max(objectShare(f), ...w.map(objectShare));
    return {
      kind: kind.name,
      status: [...new Set([f.status, ...w.map((s) => s.status)])].join(' '),
      'Worker: fresh; warm median, max': spread((s) => s.cpu),
      waited: spread((s) => s.wait),
      'object: fresh; warm median, max': object > 0 || f.object > 0 ? spread((s) => s.object) : '',
      'workerd: fresh; warm median, max': spread((s) => s.process),
      'Worker worst ms': ms(worker),
      'Worker within 10 ms': worker <= FREE_PLAN_CPU_MS ? 'yes' : 'NO',
      'object worst ms': object > 0 ? ms(object) : '',
      worker,
      object,
    };
  });
  console.log(`\n### ${size.toLocaleString('en')} reviews: each share of a request, in ms of Server-Timing (fresh: the first request of a new isolate)\n`);
  table(rows.map(({ worker: _, object: __, ...r }) => r));
  const top = rows.toSorted((a, b) => b.worker - a.worker)[0] as (typeof rows)[number];
  const topObject = rows.toSorted((a, b) => b.object - a.object)[0] as (typeof rows)[number];
  summary.push({
    reviews: size,
    'most expensive kind for the Worker': top.kind,
    'Worker worst ms': top.worker.toFixed(2),
    'kinds over 10 ms in the Worker': rows.filter((r) => r.worker > FREE_PLAN_CPU_MS).length,
    'most expensive kind for an object': topObject.kind,
    'object worst ms': topObject.object.toFixed(2),
    'kinds over 10 ms in an object': rows.filter((r) => r.object > FREE_PLAN_CPU_MS).length,
  });
  if (baseline) nodeTables.push([size, await nodeRun(out, kinds, baseline)]);
}

console.log('\n### The most expensive kind at each size\n');
table(summary);
if (baseline) {
  for (const [size, rows] of nodeTables) {
    console.log(`\n### The Node sidecar at ${size.toLocaleString('en')} reviews: CPU per request, this code against ${baseline.ref.slice(0, 12)}\n`);
    table(rows);
  }
} else console.log('\n(no baseline: set BENCH_BASELINE to a git ref to compare the Node sidecar with it)');
