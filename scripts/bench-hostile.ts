// npm run bench:hostile: what each kind of request an anonymous client can send costs the
// Worker (scripts/bench/hostile-requests.ts: each route, each MCP method, each hub mode, each error
// path, and the costliest inputs known), at BENCH_REVIEWS (2,507) and BENCH_LARGE (20,000)
// generated reviews, against the Free plan's 10 ms of CPU per request. The Worker runs on workerd
// (scripts/harness/workerd-direct.ts) and reports its own time (WORKER_SERVER_TIMING=1:
// Server-Timing `cpu` for the invocation that took the request; `hub` and `session` for a Durable
// Object's own invocation, billed apart). A fresh isolate (a new workerd) takes each kind's first
// request; a warm one then takes BENCH_REQUESTS more of each kind, after two to warm it up. It
// names the most expensive kind. The same requests go to the Node sidecar of this code and of
// BENCH_BASELINE (a git ref, default: the merge-base with main, extracted with git archive), on the
// same build, taking turns, and their CPU per request (/proc) is compared: "new/old" above 1 means
// slower now.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../src/core/http/manifest.ts';
import { PATHS } from '../src/core/http/urls.ts';
import { build, generate, median, ROOT, type Server, SIDECAR_NODE_FLAGS, startProcess, startSidecar, tempDir } from './bench/lib.ts';
import { type BuildFacts, type HostileKind, hostileKinds } from './bench/hostile-requests.ts';
import { cpuNs } from './bench/worker-mcp.ts';
import { startDirectWorker } from './harness/workerd-direct.ts';

const sizes = [Number(process.env.BENCH_REVIEWS ?? 2507), Number(process.env.BENCH_LARGE ?? 20000)].filter((n) => n > 0);
const perKind = Number(process.env.BENCH_REQUESTS ?? 15);
const FREE_PLAN_CPU_MS = 10;
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
  /** The invocation that took the request. */
  cpu: number;
  /** A Durable Object's own invocation, if one answered. */
  object: number;
}

async function send(base: string, kind: HostileKind, n: number): Promise<Sample> {
  const { path, init } = kind.request(n);
  const res = await fetch(`${base}${path}`, init);
  await res.arrayBuffer();
  const object = Math.max(metric(res, 'hub') || 0, metric(res, 'session') || 0);
  return { status: res.status, cpu: metric(res, 'cpu'), object };
}

function buildBusiness(count: number): string {
  const dir = tempDir(`hostile-${count}`);
  generate(join(dir, 'content'), count);
  const out = join(dir, 'dist');
  const s = build({ CONTENT_DIR: join(dir, 'content'), OUT_DIR: out, SITE_URL: SITE });
  console.error(`bench:hostile: built ${count} reviews in ${s.toFixed(1)} s`);
  return out;
}

/** Ids, a technician, a built file, and the oldest dates with no pre-rendered since file (the largest answers). */
function factsOf(out: string): BuildFacts {
  const doc = JSON.parse(readFileSync(join(out, 'site', 'reviews.json'), 'utf8')) as { reviews: { id: string; date: string; technicians: string[] }[] };
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
  const oldest = doc.reviews.at(-1)?.date as string;
  const sinceDates: string[] = [];
  for (let day = new Date(`${oldest}T00:00:00Z`); sinceDates.length < 60; day = new Date(day.getTime() + 86_400_000)) {
    const date = day.toISOString().slice(0, 10);
    if (!manifest.resources[`${PATHS.sincePrefix}${date}`]) sinceDates.push(date);
  }
  const file = '/reviews.json';
  return {
    site: SITE,
    ids: doc.reviews.map((r) => r.id),
    sinceDates,
    technician: doc.reviews.find((r) => r.technicians.length > 0)?.technicians[0] ?? 'x',
    file: { path: file, etag: manifest.resources[file]?.etag as string },
  };
}

/** Each kind's first request, each to a new workerd. */
async function freshRun(workerDir: string, kinds: HostileKind[]): Promise<Map<string, Sample>> {
  const samples = new Map<string, Sample>();
  for (const kind of kinds) {
    const worker = await startDirectWorker({ workerDir, env: WORKER_ENV });
    try {
      samples.set(kind.name, await send(worker.url, kind, 0));
    } finally {
      await worker.stop();
    }
  }
  return samples;
}

/** Each kind, two to warm up, then `perKind` measured, on one workerd. */
async function warmRun(workerDir: string, kinds: HostileKind[]): Promise<Map<string, Sample[]>> {
  const samples = new Map<string, Sample[]>();
  const worker = await startDirectWorker({ workerDir, env: WORKER_ENV });
  try {
    for (const kind of kinds) {
      for (let n = 1; n <= 2; n++) await send(worker.url, kind, n);
      const got: Sample[] = [];
      for (let n = 3; n < 3 + perKind; n++) got.push(await send(worker.url, kind, n));
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
  const root = join(tempDir('hostile-baseline'), 'code');
  mkdirSync(root);
  const archive = execFileSync('git', ['archive', '--format=tar', ref, 'sidecar', 'src', 'package.json'], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  return { ref, root };
}

/** CPU µs per request of each kind on the current and the baseline sidecar, taking turns, two rounds. */
async function nodeRun(out: string, kinds: HostileKind[], baseline: { root: string }) {
  const env = { SITE_URL: SITE, HUB_ALLOW_PRIVATE_CALLBACKS: '0' };
  const current: Server = await startSidecar(out, env);
  const old: Server = await startProcess([...SIDECAR_NODE_FLAGS, join(baseline.root, 'sidecar/main.ts')], {
    OUT_DIR: out,
    RELOAD_INTERVAL_MS: '60000',
    HUB_DB: join(tempDir('hub'), 'hub.sqlite'),
    ...env,
  });
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
  const kinds = hostileKinds(factsOf(out));
  const workerDir = join(out, 'deploy', 'worker');
  const fresh = await freshRun(workerDir, kinds);
  const warm = await warmRun(workerDir, kinds);
  const rows = kinds.map((kind) => {
    const w = warm.get(kind.name) ?? [];
    const f = fresh.get(kind.name) as Sample;
    const cpu = w.map((s) => s.cpu);
    const worst = Math.max(f.cpu, ...cpu);
    const object = Math.max(f.object, ...w.map((s) => s.object));
    return {
      kind: kind.name,
      status: [...new Set([f.status, ...w.map((s) => s.status)])].join(' '),
      'fresh ms': f.cpu.toFixed(2),
      'warm median ms': median(cpu).toFixed(2),
      'warm max ms': Math.max(...cpu).toFixed(2),
      'object max ms': object > 0 ? object.toFixed(2) : '',
      'within 10 ms': worst <= FREE_PLAN_CPU_MS && object <= FREE_PLAN_CPU_MS ? 'yes' : 'NO',
      worst,
    };
  });
  console.log(`\n### ${size.toLocaleString('en')} reviews: the Worker's CPU per request (Server-Timing; fresh: the first request of a new isolate)\n`);
  table(rows.map(({ worst: _, ...r }) => r));
  const top = rows.toSorted((a, b) => b.worst - a.worst)[0] as (typeof rows)[number];
  summary.push({
    reviews: size,
    'most expensive kind': top.kind,
    'its worst ms': top.worst.toFixed(2),
    'kinds over 10 ms': rows.filter((r) => r['within 10 ms'] === 'NO').length,
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
