// npm run bench:mcp: the MCP endpoint on 20,000 generated reviews (its targets).
// 1. tools/call search_reviews with 32 requests in flight, side by side with GET
//    /api/reviews/search on the same query, same sidecar, same run: on the stateless
//    2026-07-28 path (target >= 0.5x the HTTP requests per second) and over one 2025 session
//    (target >= 0.25x); p99 under 10 ms on both. For reference, the HTTP search with its
//    response cache off, and a 2025 ping (the SDK's own dispatch, no tool code).
// 2. Memory: per idle 2025 session (target < 20 KB), over HTTP (RSS) and in-process (heap after
//    a forced GC); and per 2026-07-28 client (target: nothing kept), in-process, after 1,000
//    clients each discover, list and call with their own clientInfo.
// 0. Bytes and approximate tokens of tools/list and of each tool's answer with its default
//    arguments (targets: 10 KB and 16 KB), also with a 10,000-character review; the MCP App's
//    bytes raw and gzipped (target 50 KB gzipped) and its time to first render in Chromium;
//    BENCH_ONLY=sizes runs only this part, BENCH_ONLY=throughput only part 1.
// Run with --expose-gc (the npm script does) for the in-process heap figures.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mcpRoutes } from '../../sidecar/mcp/routes.ts';
import { liveSite } from '../../sidecar/runtime/node/live-site.ts';
import { envNumber } from '../shared/env.ts';
import { build, generate, type Load, load, loadMcp, loadOf, median, rssMb, startSidecar, table, tempDir } from '../shared/lib.ts';
import { reportMcpSizes } from './mcp-sizes.ts';

const seconds = envNumber('BENCH_SECONDS', 3);
/** The three loads of a query run in turn, this many times, so a burst of load from elsewhere on this shared machine hits all of them alike. */
const rounds = envNumber('BENCH_ROUNDS', 3);
const count = envNumber('BENCH_REVIEWS', 20000);
const sessionCount = envNumber('BENCH_SESSIONS', 1000);
const IDLE_S = 2;

// 0. What an agent pays per answer, on a business of the held-out set's size.
const only = process.env.BENCH_ONLY;
const sizesMet = only === 'throughput' ? true : await reportMcpSizes(envNumber('BENCH_SIZE_REVIEWS', 2507));
if (only === 'sizes') process.exit(sizesMet ? 0 : 1);

const dir = tempDir('mcp');
generate(join(dir, 'content'), count);
const out = join(dir, 'dist');
build({ CONTENT_DIR: join(dir, 'content'), OUT_DIR: out });

const ACCEPT = 'application/json, text/event-stream';
const PROTOCOL = '2025-06-18';
const INIT = {
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'bench-mcp', version: '1.0.0' } },
};
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

type Fetch = (path: string, init: RequestInit) => Promise<Response>;

/** initialize + notifications/initialized, as a client does; returns the session id. */
async function openSession(fetcher: Fetch): Promise<string> {
  const headers = { 'content-type': 'application/json', accept: ACCEPT };
  const res = await fetcher('/mcp', { method: 'POST', headers, body: JSON.stringify(INIT) });
  const id = res.headers.get('mcp-session-id');
  await res.arrayBuffer();
  if (res.status !== 200 || !id) throw new Error(`initialize failed: ${res.status}`);
  const done = await fetcher('/mcp', {
    method: 'POST',
    headers: { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': PROTOCOL },
    body: JSON.stringify(INITIALIZED),
  });
  if (done.status !== 202) throw new Error(`initialized failed: ${done.status}`);
  return id;
}

/** Ends a session with DELETE, as a client that is done should. */
async function closeSession(fetcher: Fetch, id: string): Promise<void> {
  await fetcher('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': id, 'mcp-protocol-version': PROTOCOL } });
}

/** The JSON-RPC message of a one-event SSE answer (or a plain JSON one). */
function sseData(body: string): string {
  const data = body.split('\n').filter((line) => line.startsWith('data: '));
  return data.length ? data.map((line) => line.slice(6)).join('\n') : body;
}

const MODERN = '2026-07-28';
const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench-mcp', version: '1.0.0' },
};
/** The headers of a stateless 2026-07-28 request (the standard headers mirror the body). */
function modernHeaders(method: string, name?: string): Record<string, string> {
  return { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) };
}

/** One JSON-RPC method over one session. */
async function loadRpc(base: string, sessionId: string, method: string, params?: Record<string, unknown>): Promise<Load> {
  const headers = { 'content-type': 'application/json', accept: ACCEPT, 'mcp-session-id': sessionId, 'mcp-protocol-version': PROTOCOL };
  return loadOf(await loadMcp(base, headers, method, params, seconds));
}

/** One JSON-RPC method on the stateless path: no session, the envelope in every request. */
async function loadModern(base: string, method: string, params: Record<string, unknown>): Promise<Load> {
  const headers = modernHeaders(method, typeof params.name === 'string' ? params.name : undefined);
  return loadOf(await loadMcp(base, headers, method, { ...params, _meta: MODERN_META }, seconds));
}

/** CPU time (user + system) the process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** A load with the sidecar's CPU time per answered request (µs), which the load generator's own cost does not skew. */
async function measured(pid: number, run: () => Promise<Load>): Promise<Load & { cpuUs: number }> {
  const before = cpuMs(pid);
  const result = await run();
  return { ...result, cpuUs: ((cpuMs(pid) - before) * 1000) / Math.max(1, result.rps * seconds) };
}

/** Several runs of one load as one: requests per second over all of them, the median p99. */
function combine(loads: Load[]): Load {
  const sum = (pick: (l: Load) => number) => loads.reduce((n, l) => n + pick(l), 0);
  return {
    rps: Math.round(sum((l) => l.rps) / loads.length),
    p50: median(loads.map((l) => l.p50)),
    p99: median(loads.map((l) => l.p99)),
    errors: sum((l) => l.errors),
    non2xx: sum((l) => l.non2xx),
  };
}

const QUERIES: [string, string, Record<string, unknown>][] = [
  ['newest 20', 'limit=20', { limit: 20 }],
  ['min_rating=4, 20', 'min_rating=4&limit=20', { min_rating: 4, limit: 20 }],
  ['text "on time", 20', 'query=on%20time&limit=20', { query: 'on time', limit: 20 }],
  ['min_rating=4, 100', 'min_rating=4&limit=100', { min_rating: 4, limit: 100 }],
];

// --- 1. throughput: MCP tools/call against the HTTP search endpoint, same query, same sidecar
const sidecar = await startSidecar(out, { MCP_MAX_SESSIONS: String(sessionCount + 100), MCP_SESSION_IDLE_S: String(IDLE_S) });
const httpFetch: Fetch = (path, init) => fetch(`${sidecar.url}${path}`, init);
const startRss = rssMb(sidecar.process.pid as number);
const pid = sidecar.process.pid as number;
// For reference only (the target is against the endpoint as it runs): HTTP search with its
// per-build response cache off, so every request runs the query, as every MCP call does.
const uncached = await startSidecar(out, { SEARCH_CACHE_ENTRIES: '0' });
try {
  const rows = [];
  const met = (ratio: number, target: number, l: Load) => ratio >= target && l.p99 < 10 && l.errors + l.non2xx === 0;
  for (const [name, qs, args] of QUERIES) {
    const hu = await load(`${uncached.url}/api/reviews/search?${qs}`, { seconds });
    // the same query must give the same result all three ways
    const viaHttp = JSON.stringify(await (await fetch(`${sidecar.url}/api/reviews/search?${qs}`)).json());
    const params = { name: 'search_reviews', arguments: args };
    const sessionId = await openSession(httpFetch);
    const call = await httpFetch('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-session-id': sessionId, 'mcp-protocol-version': PROTOCOL },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'tools/call', params }),
    });
    const mcpBody = await call.text();
    await closeSession(httpFetch, sessionId);
    const modern = await httpFetch('/mcp', {
      method: 'POST',
      headers: modernHeaders('tools/call', 'search_reviews'),
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'tools/call', params: { ...params, _meta: MODERN_META } }),
    });
    const modernBody = await modern.text();
    for (const [era, body] of [
      ['2025', sseData(mcpBody)],
      [MODERN, modernBody],
    ]) {
      const structured = (JSON.parse(body as string) as { result: { structuredContent: unknown } }).result.structuredContent;
      if (JSON.stringify(structured) !== viaHttp) throw new Error(`MCP ${era} and HTTP differ for ${name}`);
    }
    const runs: { h: Load[]; m26: Load[]; m25: Load[] } = { h: [], m26: [], m25: [] };
    const cpu = { h: [] as number[], m26: [] as number[], m25: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      const lh = await measured(pid, () => load(`${sidecar.url}/api/reviews/search?${qs}`, { seconds }));
      const l26 = await measured(pid, () => loadModern(sidecar.url, 'tools/call', params));
      // a fresh session each time, so the short idle time set for part 2 cannot close it
      const id = await openSession(httpFetch);
      const l25 = await measured(pid, () => loadRpc(sidecar.url, id, 'tools/call', params));
      await closeSession(httpFetch, id);
      runs.h.push(lh);
      runs.m26.push(l26);
      runs.m25.push(l25);
      cpu.h.push(lh.cpuUs);
      cpu.m26.push(l26.cpuUs);
      cpu.m25.push(l25.cpuUs);
    }
    const [h, m26, m25] = [combine(runs.h), combine(runs.m26), combine(runs.m25)];
    const cpuOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const r26 = m26.rps / h.rps;
    const r25 = m25.rps / h.rps;
    rows.push({
      query: name,
      'HTTP req/s': h.rps,
      '2026 req/s': m26.rps,
      '2026/HTTP': r26.toFixed(2),
      '2025 req/s': m25.rps,
      '2025/HTTP': r25.toFixed(2),
      'HTTP p99': h.p99,
      '2026 p99': m26.p99,
      '2025 p99': m25.p99,
      'HTTP CPU µs/req': Math.round(cpuOf(cpu.h)),
      '2026 CPU µs/req': Math.round(cpuOf(cpu.m26)),
      '2025 CPU µs/req': Math.round(cpuOf(cpu.m25)),
      'uncached/HTTP': (hu.rps / h.rps).toFixed(2),
      'targets met': met(r26, 0.5, m26) && met(r25, 0.25, m25) ? 'yes' : 'NO',
      'errors/non-2xx': [h, hu, m26, m25].map((l) => `${l.errors}/${l.non2xx}`).join(' '),
    });
  }
  console.log(
    `\n${count} reviews. tools/call search_reviews (2026-07-28 stateless, and over one 2025 ` +
      `session) vs GET /api/reviews/search; 32 connections, ${rounds} rounds of ${seconds} s runs ` +
      "in turn (HTTP, 2026, 2025), req/s over all rounds, p99 the median round's, in ms.",
  );
  console.log(
    'Targets: 2026/HTTP >= 0.5, 2025/HTTP >= 0.25, p99 < 10 ms. CPU µs/req: the sidecar ' +
      "process's CPU time per answered request (/proc), free of the load generator's share of this " +
      'machine. uncached/HTTP: the search endpoint with its response cache off, for reference.',
  );
  console.log(`Sidecar RSS ${startRss} MB after start, ${rssMb(sidecar.process.pid as number)} MB after the runs.`);
  table(rows);
  // For reference: the SDK's own transport and dispatch answering a 2025 ping (no tool code;
  // a 2025 tools/call no longer goes through it), against the HTTP search in the same run.
  const pingSession = await openSession(httpFetch);
  const ping = await loadRpc(sidecar.url, pingSession, 'ping');
  const h = await load(`${sidecar.url}/api/reviews/search?${QUERIES[0]?.[1]}`, { seconds });
  await closeSession(httpFetch, pingSession);
  console.log(
    `\nSDK dispatch: 2025 ping over one session ${ping.rps} req/s (p99 ${ping.p99} ms, ${ping.errors + ping.non2xx} ` +
      `errors) vs HTTP search "${QUERIES[0]?.[0]}" ${h.rps} req/s: ping/HTTP ${(ping.rps / h.rps).toFixed(2)}.`,
  );
} finally {
  await Promise.all([sidecar.stop(), uncached.stop()]);
}

if (only === 'throughput') process.exit(0);

// --- 2a. sessions over HTTP on a fresh sidecar (the load above inflates RSS): RSS
const fresh = await startSidecar(out, {
  MCP_MAX_SESSIONS: String(sessionCount + 100),
  MCP_MAX_SESSIONS_PER_CLIENT: String(sessionCount + 100),
  MCP_SESSION_IDLE_S: String(IDLE_S),
});
const freshFetch: Fetch = (path, init) => fetch(`${fresh.url}${path}`, init);
try {
  const pid = fresh.process.pid as number;
  await openSession(freshFetch); // the first session pays for lazily built per-build state
  await new Promise((r) => setTimeout(r, 500));
  const before = rssMb(pid);
  const ids: string[] = [];
  for (let i = 0; i < sessionCount; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, sessionCount - i) }, () => openSession(freshFetch)));
    ids.push(...batch);
  }
  const opened = rssMb(pid);
  await new Promise((r) => setTimeout(r, (IDLE_S + 2) * 1000));
  const probe = await freshFetch('/mcp', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-session-id': ids[0] as string },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  });
  console.log(
    `\nReal sidecar: RSS ${before} MB before, ${opened} MB with ${ids.length} idle sessions ` +
      `(${(((opened - before) * 1024) / ids.length).toFixed(1)} KB each, allocator slack included), ` +
      `${rssMb(pid)} MB after the idle sweep (MCP_SESSION_IDLE_S=${IDLE_S}; RSS is rarely given back); a swept session's id now gets ${probe.status}.`,
  );
} finally {
  await fresh.stop();
}

// --- 2b. the same in-process, heap after a forced GC: what one idle session really holds
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.log('\nRun with node --expose-gc for the in-process heap figures.');
} else {
  let clock = Date.now();
  const site = liveSite(out, 0);
  const mcp = mcpRoutes({
    site,
    settings: {
      allowedOrigins: ['https://reviews.example'],
      maxSessions: sessionCount + 1,
      maxSessionsPerClient: sessionCount + 1,
      sessionIdleS: 60,
      maxBodyBytes: 65536,
      cacheTtlMs: 60_000,
      resultCacheEntries: 512,
      resultCacheBytes: 8 * 1024 * 1024,
    },
    now: () => clock,
  });
  const local: Fetch = async (path, init) => mcp.routes.request(path, init);
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  // 2c. stateless clients: each discovers, lists the tools and calls once, with its own clientInfo
  const modernCall = async (client: number, id: number, method: string, params: Record<string, unknown> = {}) => {
    const meta = { ...MODERN_META, 'io.modelcontextprotocol/clientInfo': { name: `bench-client-${client}`, version: '1.0.0' } };
    const res = await mcp.routes.request('/mcp', {
      method: 'POST',
      headers: modernHeaders(method, typeof params.name === 'string' ? params.name : undefined),
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: meta } }),
    });
    if (res.status !== 200) throw new Error(`${method} failed: ${res.status}`);
    await res.arrayBuffer();
  };
  const statelessClient = async (client: number) => {
    await modernCall(client, 1, 'server/discover');
    await modernCall(client, 2, 'tools/list');
    await modernCall(client, 3, 'tools/call', { name: 'search_reviews', arguments: { min_rating: 4, limit: 20 } });
  };
  // warm up: the tool list and the cached result are per process and per build
  for (let i = 0; i < 50; i++) await statelessClient(-1 - i);
  const beforeClients = heap();
  for (let i = 0; i < sessionCount; i++) await statelessClient(i);
  const afterClients = heap();
  const perClient = (afterClients - beforeClients) / sessionCount;
  // warm up: the first session pays for lazily built per-build state (reviews by id, schemas)
  await openSession(local);
  clock += 61_000;
  await mcp.sessions.sweep();
  const baseline = heap();
  for (let i = 0; i < sessionCount; i++) await openSession(local);
  const withSessions = heap();
  clock += 61_000;
  const swept = await mcp.sessions.sweep();
  const after = heap();
  await mcp.close();
  site.close();
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  console.log(
    `In-process, ${MODERN}: heap ${(beforeClients / 2 ** 20).toFixed(1)} MB before and ` +
      `${(afterClients / 2 ** 20).toFixed(1)} MB after ${sessionCount} stateless clients ` +
      `(discover, tools/list, tools/call each): ${kb(perClient)} KB per client (target: nothing kept, ${perClient < 256 ? 'met' : 'NOT met'}).`,
  );
  table([
    { step: 'baseline (heap used)', MB: (baseline / 2 ** 20).toFixed(1), 'KB per session': '' },
    { step: `${sessionCount} idle sessions`, MB: (withSessions / 2 ** 20).toFixed(1), 'KB per session': kb((withSessions - baseline) / sessionCount) },
    { step: `after the sweep closed ${swept}`, MB: (after / 2 ** 20).toFixed(1), 'KB per session': kb((after - baseline) / sessionCount) },
  ]);
  const perSession = (withSessions - baseline) / sessionCount;
  console.log(
    `In-process: ${kb(perSession)} KB per idle session (target < 20 KB: ${perSession < 20 * 1024 ? 'met' : 'NOT met'}); ` +
      (`after the sweep the heap is ${kb(after - baseline)} KB from the baseline ` +
        `(${Math.abs(after - baseline) < 2 * 2 ** 20 ? 'back to baseline' : 'NOT back'}).`),
  );
}
