// MCP's part of `npm run bench:worker` (bench/worker/main.ts runs it): tools/call in both
// eras on workerd (test/helpers/workerd-direct.ts: the built Worker folder, no dev server in
// front) against the Node sidecar on the same build, in the same run,
// and the Worker's own timing of one tools/call (Server-Timing, sidecar/runtime/cloudflare/mcp/forward.ts)
// at the first request of a fresh isolate and after.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { type Load, loadMcp, loadOf, median } from '../shared/lib.ts';

export const ACCEPT = 'application/json, text/event-stream';
export const LEGACY = '2025-06-18';
export const MODERN = '2026-07-28';
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench-worker', version: '1.0.0' },
};

/** The call both eras make: a search with a text filter, the tool's most expensive common case. */
export const BENCH_CALL = { name: 'search_reviews', arguments: { query: 'on time', min_rating: 4, limit: 10 } };

export type Era = typeof MODERN | typeof LEGACY;
export const ERAS: readonly Era[] = [MODERN, LEGACY];

/** initialize + notifications/initialized; the session's id. */
export async function openSession(base: string): Promise<string> {
  const headers = { 'content-type': 'application/json', accept: ACCEPT };
  const init = {
    jsonrpc: '2.0',
    id: 0,
    method: 'initialize',
    params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'bench-worker', version: '1' } },
  };
  const res = await fetch(`${base}/mcp`, { method: 'POST', headers, body: JSON.stringify(init) });
  const id = res.headers.get('mcp-session-id');
  await res.arrayBuffer();
  if (res.status !== 200 || !id) throw new Error(`initialize failed: ${res.status}`);
  const done = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': LEGACY },
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  await done.arrayBuffer();
  return id;
}

/** The headers and params of one tools/call in an era (a 2025 one on `sessionId`). */
export function callRequest(era: Era, sessionId: string | undefined, call: { name: string; arguments: Record<string, unknown> } = BENCH_CALL) {
  if (era === MODERN) {
    return {
      headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': call.name },
      params: { ...call, _meta: MODERN_META },
    };
  }
  return {
    headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-session-id': sessionId as string, 'mcp-protocol-version': LEGACY },
    params: call,
  };
}

/** tools/call under load (32 in flight), each request with its own JSON-RPC id; `floor` is a Worker that answers anything, needing no session. */
/** `serverPid`, when given, is the server's process: its CPU per request is measured too (`cpuUs`). */
export async function loadCalls(base: string, era: Era, seconds: number, floor = false, serverPid?: number): Promise<Load & { cpuUs: number }> {
  const sessionId = era === LEGACY ? (floor ? 'x'.repeat(43) : await openSession(base)) : undefined;
  const { headers, params } = callRequest(era, sessionId);
  const before = serverPid === undefined ? 0 : cpuNs(serverPid);
  const result = await loadMcp(base, headers, 'tools/call', params, seconds);
  const cpuUs = serverPid === undefined ? Number.NaN : (cpuNs(serverPid) - before) / 1000 / Math.max(1, result.requests.total);
  return { ...loadOf(result), cpuUs };
}

export interface McpThroughputRow extends Record<string, string | number> {
  path: string;
  'sidecar req/s': number;
  'workerd req/s': number;
  'ratio (target >= 0.5)': string;
  'sidecar p99 ms': number;
  'workerd p99 ms': number;
  errors: number;
}

/**
 * req/s and p99 of tools/call in both eras, the sidecar and the Worker (and, when given, an empty
 * Worker of the same shape on the same runner: the floor of workerd and the assets router) taking turns `rounds` times so
 * that a burst of load from elsewhere on a shared machine hits them alike.
 */
export async function benchMcpThroughput(
  sidecarUrl: string,
  workerUrl: string,
  seconds: number,
  rounds: number,
  emptyUrl?: string,
  pids?: { sidecar: number; worker: number; empty?: number },
): Promise<McpThroughputRow[]> {
  const rows: McpThroughputRow[] = [];
  for (const era of ERAS) {
    const side: (Load & { cpuUs: number })[] = [];
    const work: (Load & { cpuUs: number })[] = [];
    const empty: (Load & { cpuUs: number })[] = [];
    for (let round = 0; round < rounds; round++) {
      side.push(await loadCalls(sidecarUrl, era, seconds, false, pids?.sidecar));
      work.push(await loadCalls(workerUrl, era, seconds, false, pids?.worker));
      if (emptyUrl) empty.push(await loadCalls(emptyUrl, era, seconds, true, pids?.empty));
    }
    const cpu = (loads: { cpuUs: number }[]) => median(loads.map((l) => l.cpuUs)).toFixed(0);
    const rps = (loads: Load[]) => Math.round(loads.reduce((n, l) => n + l.rps, 0) / loads.length);
    const p99 = (loads: Load[]) => median(loads.map((l) => l.p99));
    const ratio = rps(work) / Math.max(1, rps(side));
    rows.push({
      path: `MCP tools/call ${BENCH_CALL.name} (${era === MODERN ? '2026-07-28, stateless' : '2025, session in a Durable Object'})`,
      'sidecar req/s': rps(side),
      'workerd req/s': rps(work),
      'ratio (target >= 0.5)': `${ratio.toFixed(2)}x ${ratio >= 0.5 ? 'met' : 'NOT met'}`,
      'sidecar p99 ms': p99(side),
      'workerd p99 ms': p99(work),
      errors: [...side, ...work].reduce((n, l) => n + l.errors + l.non2xx, 0),
      ...(emptyUrl ? { 'empty Worker req/s': rps(empty), 'workerd/empty': (rps(work) / Math.max(1, rps(empty))).toFixed(2) } : {}),
      ...(pids ? { 'CPU µs/request: sidecar, workerd, empty Worker': `${cpu(side)}, ${cpu(work)}, ${emptyUrl ? cpu(empty) : '-'}` } : {}),
    });
  }
  return rows;
}

/** A running Worker: its URL, and the workerd process that runs the Worker's code. */
export interface RunningWorkerd {
  url: string;
  /** The workerd that runs the Worker and its Durable Objects (under wrangler dev, its proxy is another one). */
  workerdPid: number;
}

/** The processes below `pid`. */
function descendants(pid: number): { pid: number; comm: string }[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        return {
          pid: Number(d),
          comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
          ppid: Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]),
        };
      } catch {
        return undefined;
      }
    })
    .filter((p) => p !== undefined);
  const found: { pid: number; comm: string }[] = [];
  const walk = (parent: number) => {
    for (const p of all) {
      if (p.ppid !== parent) continue;
      found.push(p);
      walk(p.pid);
    }
  };
  walk(pid);
  return found;
}

/** CPU time of a process and every process below it (ns). */
export function treeCpuNs(pid: number): number {
  let ns = 0;
  for (const p of [{ pid }, ...descendants(pid)]) {
    try {
      ns += cpuNs(p.pid);
    } catch {}
  }
  return ns;
}

/**
 * The workerd below a runner's process that runs the Worker: the only one (workerd-direct.ts), or
 * under preview:worker the one not listening on the public port (the other is wrangler's proxy).
 */
export function workerdOf(runnerPid: number, url: string): number {
  const port = new URL(url).port;
  const workerds = descendants(runnerPid).filter((p) => p.comm === 'workerd');
  if (workerds.length === 1) return (workerds[0] as { pid: number }).pid;
  const listeners = execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' });
  const user = workerds.find((p) => !new RegExp(`:${port}\\s.*pid=${p.pid},`).test(listeners));
  if (!user) throw new Error(`no workerd of the Worker below ${runnerPid}`);
  return user.pid;
}

/** CPU time a process has had, every thread (ns; /proc/<pid>/task/<tid>/schedstat): unlike the clock, not moved by waiting for a core. */
export function cpuNs(pid: number): number {
  let ns = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
  return ns;
}

/** The Worker's own timing of one answer: its Server-Timing metrics (WORKER_SERVER_TIMING=1), in ms. */
function serverTiming(res: Response): Record<string, number> {
  const metrics: Record<string, number> = {};
  for (const part of (res.headers.get('server-timing') ?? '').split(',')) {
    const m = /^\s*([\w-]+);dur=([\d.]+)/.exec(part);
    if (m) metrics[m[1] as string] = Number(m[2]);
  }
  return metrics;
}

/** One tools/call, its answer checked, and the Worker's timing of it. */
/** One tools/call, its answer checked: the Worker's timing of it, and the CPU workerd spent on it (`process`). */
async function timedCall(
  worker: RunningWorkerd,
  era: Era,
  sessionId: string | undefined,
  call: { name: string; arguments: Record<string, unknown> },
): Promise<Record<string, number>> {
  const { headers, params } = callRequest(era, sessionId, call);
  const before = cpuNs(worker.workerdPid);
  const res = await fetch(`${worker.url}/mcp`, { method: 'POST', headers, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params }) });
  const body = await res.text();
  const process = (cpuNs(worker.workerdPid) - before) / 1e6;
  if (res.status !== 200 || !body.includes('"content"')) throw new Error(`tools/call answered ${res.status}: ${body.slice(0, 200)}`);
  return { ...serverTiming(res), process };
}

export interface McpCpuRow extends Record<string, string | number> {
  reviews: number;
  'tools/call': string;
  'first call, fresh isolate (ms, median of runs)': number;
  'later calls, median (ms)': number;
  'later calls, p90 (ms)': number;
  'within 10 ms (first / later median)': string;
}

/** The parts of one timed call: the entry's own time, and a session object's (2025). */
function parts(era: Era, t: Record<string, number>): [string, number][] {
  const entry = t.cpu ?? 0;
  const process: [string, number] = [`${era === MODERN ? '2026-07-28' : '2025'}, workerd's CPU for the whole request`, Number((t.process ?? 0).toFixed(2))];
  if (era === MODERN) return [['2026-07-28, in the entry', entry], process];
  return [['2025, the entry (forwards)', entry], ['2025, the session object', t.session ?? 0], process];
}

const quantile = (xs: number[], q: number) => xs.toSorted((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))] as number;

/**
 * The Worker's own time per tools/call (Server-Timing; workerd's clock moves while code runs,
 * in whole milliseconds, and counts the time the process waits for a core: on a busy machine
 * medians say more than maxima): the first call after `restart()` (a new isolate, nothing
 * loaded or built; for 2025, the first call after initialize), `colds` times, and `calls`
 * more, each with another offset so that no result comes from the cache. The Free plan's 10 ms
 * is per request of the Worker; a Durable Object's request has its own limit (30 s of CPU by default).
 */
export async function mcpCpuPerCall(reviews: number, restart: () => Promise<RunningWorkerd>, calls = 40, colds = 3): Promise<McpCpuRow[]> {
  const rows: McpCpuRow[] = [];
  for (const era of ERAS) {
    const firsts: [string, number][][] = [];
    const later: [string, number][][] = [];
    for (let run = 0; run < colds; run++) {
      const worker = await restart();
      const sessionId = era === LEGACY ? await openSession(worker.url) : undefined;
      firsts.push(parts(era, await timedCall(worker, era, sessionId, BENCH_CALL)));
      if (run > 0) continue;
      for (let i = 1; i <= calls; i++)
        later.push(parts(era, await timedCall(worker, era, sessionId, { ...BENCH_CALL, arguments: { ...BENCH_CALL.arguments, offset: i } })));
    }
    (firsts[0] as [string, number][]).forEach(([name], k) => {
      const first = median(firsts.map((p) => (p[k] as [string, number])[1]));
      const ms = later.map((p) => (p[k] as [string, number])[1]);
      const mid = median(ms);
      rows.push({
        reviews,
        'tools/call': name,
        'first call, fresh isolate (ms, median of runs)': first,
        'later calls, median (ms)': mid,
        'later calls, p90 (ms)': quantile(ms, 0.9),
        'within 10 ms (first / later median)': `${first <= 10 ? 'yes' : 'NO'} / ${mid <= 10 ? 'yes' : 'NO'}`,
      });
    });
  }
  return rows;
}

/** Each tool's default call, as an agent's first call of it would be. */
const FIRST_CALLS: { name: string; arguments: Record<string, unknown> }[] = [
  { name: 'get_business', arguments: {} },
  BENCH_CALL,
  { name: 'get_review', arguments: { id: 'no-such-review' } },
  { name: 'get_reviews_since', arguments: { date: '2026-01-01' } },
  { name: 'get_insights', arguments: {} },
];

/** The Worker's own time for each tool's first call in a fresh isolate (2026-07-28), each after its own `restart()`. */
export async function firstCallPerTool(reviews: number, restart: () => Promise<RunningWorkerd>): Promise<Record<string, string | number>[]> {
  const rows: Record<string, string | number>[] = [];
  for (const call of FIRST_CALLS) {
    const t = await timedCall(await restart(), MODERN, undefined, call);
    const cpu = t.cpu ?? 0;
    rows.push({
      reviews,
      tool: call.name,
      arguments: JSON.stringify(call.arguments),
      'Server-Timing cpu (ms)': cpu,
      "workerd's CPU (ms)": Number((t.process ?? 0).toFixed(2)),
      'within 10 ms (Server-Timing)': cpu <= 10 ? 'yes' : 'NO',
    });
  }
  return rows;
}
