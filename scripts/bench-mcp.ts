// npm run bench:mcp: the MCP endpoint on 20,000 generated reviews.
// 1. tools/call search_reviews over one MCP session with 32 requests in flight, side by side
//    with GET /api/reviews/search on the same query, same sidecar, same run (target: MCP
//    within 2x of HTTP in requests per second); for reference, the same query with the HTTP
//    response cache off, and a JSON-RPC ping (the floor of any call through the SDK).
// 2. Memory per idle session: 1,000 sessions opened over HTTP on the real sidecar (RSS), and
//    the same in-process with a forced GC (heap), then the idle sweep and memory again
//    (target: under 50 KB per idle session, back to the baseline after the sweep).
// Run with --expose-gc (the npm script does) for the in-process heap figures.
import { join } from 'node:path';
import autocannon from 'autocannon';
import { mcpRoutes } from '../sidecar/mcp/routes.ts';
import { liveSite } from '../sidecar/site/live-site.ts';
import { build, generate, type Load, load, rssMb, startSidecar, table, tempDir } from './bench/lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const count = Number(process.env.BENCH_REVIEWS ?? 20000);
const sessionCount = Number(process.env.BENCH_SESSIONS ?? 1000);
const IDLE_S = 2;

const dir = tempDir('mcp');
generate(join(dir, 'content'), count);
const out = join(dir, 'dist');
build({ CONTENT_DIR: join(dir, 'content'), OUT_DIR: out });

const ACCEPT = 'application/json, text/event-stream';
const PROTOCOL = '2025-06-18';
const INIT = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'bench-mcp', version: '1.0.0' } } };
const INITIALIZED = { jsonrpc: '2.0', method: 'notifications/initialized' };

type Fetch = (path: string, init: RequestInit) => Promise<Response>;

/** initialize + notifications/initialized, as a client does; returns the session id. */
async function openSession(fetcher: Fetch): Promise<string> {
  const headers = { 'content-type': 'application/json', accept: ACCEPT };
  const res = await fetcher('/mcp', { method: 'POST', headers, body: JSON.stringify(INIT) });
  const id = res.headers.get('mcp-session-id');
  await res.arrayBuffer();
  if (res.status !== 200 || !id) throw new Error(`initialize failed: ${res.status}`);
  const done = await fetcher('/mcp', { method: 'POST', headers: { ...headers, 'mcp-session-id': id, 'mcp-protocol-version': PROTOCOL }, body: JSON.stringify(INITIALIZED) });
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

/** autocannon's options beyond the few that scripts/bench/autocannon.d.ts declares. */
interface PostLoadOptions {
  url: string;
  connections: number;
  duration: number;
  requests: { method: 'POST'; headers: Record<string, string>; setupRequest: (req: Record<string, unknown>) => Record<string, unknown> }[];
}

/** One JSON-RPC method over one session; every request gets its own JSON-RPC id, as the spec requires. */
async function loadRpc(base: string, sessionId: string, method: string, params?: Record<string, unknown>): Promise<Load> {
  let next = 1;
  const options: PostLoadOptions = {
    url: `${base}/mcp`,
    connections: 32,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-session-id': sessionId, 'mcp-protocol-version': PROTOCOL },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ jsonrpc: '2.0', id: next++, method, ...(params && { params }) }) }),
      },
    ],
  };
  const result = await autocannon(options as unknown as Parameters<typeof autocannon>[0]);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
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
// For reference only (the target is against the endpoint as it runs): HTTP search with its
// per-build response cache off, so every request runs the query, as every MCP call does.
const uncached = await startSidecar(out, { SEARCH_CACHE_ENTRIES: '0' });
try {
  const rows = [];
  for (const [name, qs, args] of QUERIES) {
    const h = await load(`${sidecar.url}/api/reviews/search?${qs}`, { seconds });
    const hu = await load(`${uncached.url}/api/reviews/search?${qs}`, { seconds });
    // opened after the HTTP run, so the short idle time set for part 2 cannot close it
    const sessionId = await openSession(httpFetch);
    // the same query must give the same result both ways
    const viaHttp = await (await fetch(`${sidecar.url}/api/reviews/search?${qs}`)).json();
    const call = await httpFetch('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-session-id': sessionId, 'mcp-protocol-version': PROTOCOL },
      body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'tools/call', params: { name: 'search_reviews', arguments: args } }),
    });
    const mcpBody = await call.text();
    const structured = (JSON.parse(sseData(mcpBody)) as { result: { structuredContent: unknown } }).result.structuredContent;
    if (JSON.stringify(structured) !== JSON.stringify(viaHttp)) throw new Error(`MCP and HTTP differ for ${name}`);
    const m = await loadRpc(sidecar.url, sessionId, 'tools/call', { name: 'search_reviews', arguments: args });
    rows.push({
      query: name,
      'HTTP req/s': h.rps,
      'MCP req/s': m.rps,
      'HTTP/MCP': (h.rps / m.rps).toFixed(2),
      'HTTP uncached req/s': hu.rps,
      'uncached/MCP': (hu.rps / m.rps).toFixed(2),
      'HTTP p99 ms': h.p99,
      'MCP p99 ms': m.p99,
      'MCP bytes': Buffer.byteLength(mcpBody),
      'target met': h.rps / m.rps <= 2 && m.errors + m.non2xx === 0 ? 'yes' : 'NO',
      errors: h.errors + h.non2xx + hu.errors + hu.non2xx + m.errors + m.non2xx,
    });
    await closeSession(httpFetch, sessionId);
  }
  console.log(`\n${count} reviews. tools/call search_reviews over one MCP session vs GET /api/reviews/search; 32 connections, ${seconds} s per run.`);
  console.log(`Sidecar RSS ${startRss} MB after start, ${rssMb(sidecar.process.pid as number)} MB after the runs.`);
  table(rows);
  // The floor of any tool call: the SDK's transport and dispatch answering a JSON-RPC ping,
  // with no tool code at all, against the HTTP search endpoint in the same run.
  const pingSession = await openSession(httpFetch);
  const ping = await loadRpc(sidecar.url, pingSession, 'ping');
  const h = await load(`${sidecar.url}/api/reviews/search?${QUERIES[0]?.[1]}`, { seconds });
  await closeSession(httpFetch, pingSession);
  console.log(
    `\nFloor: MCP ping over one session ${ping.rps} req/s (p99 ${ping.p99} ms, ${ping.errors + ping.non2xx} errors) vs HTTP search "${QUERIES[0]?.[0]}" ${h.rps} req/s: HTTP/ping ${(h.rps / ping.rps).toFixed(2)}.`,
  );
} finally {
  await Promise.all([sidecar.stop(), uncached.stop()]);
}

// --- 2a. sessions over HTTP on a fresh sidecar (the load above inflates RSS): RSS
const fresh = await startSidecar(out, { MCP_MAX_SESSIONS: String(sessionCount + 100), MCP_SESSION_IDLE_S: String(IDLE_S) });
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
    settings: { allowedOrigins: ['https://reviews.example'], maxSessions: sessionCount + 1, sessionIdleS: 60, maxBodyBytes: 65536 },
    now: () => clock,
  });
  const local: Fetch = async (path, init) => mcp.routes.request(path, init);
  // warm up: the first session pays for lazily built per-build state (reviews by id, schemas)
  await openSession(local);
  clock += 61_000;
  await mcp.sessions.sweep();
  const heap = () => {
    gc();
    gc();
    return process.memoryUsage().heapUsed;
  };
  const baseline = heap();
  for (let i = 0; i < sessionCount; i++) await openSession(local);
  const withSessions = heap();
  clock += 61_000;
  const swept = await mcp.sessions.sweep();
  const after = heap();
  await mcp.close();
  site.close();
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  table([
    { step: 'baseline (heap used)', MB: (baseline / 2 ** 20).toFixed(1), 'KB per session': '' },
    { step: `${sessionCount} idle sessions`, MB: (withSessions / 2 ** 20).toFixed(1), 'KB per session': kb((withSessions - baseline) / sessionCount) },
    { step: `after the sweep closed ${swept}`, MB: (after / 2 ** 20).toFixed(1), 'KB per session': kb((after - baseline) / sessionCount) },
  ]);
  const perSession = (withSessions - baseline) / sessionCount;
  console.log(
    `In-process: ${kb(perSession)} KB per idle session (target < 50 KB: ${perSession < 50 * 1024 ? 'met' : 'NOT met'}); ` +
      `after the sweep the heap is ${kb(after - baseline)} KB from the baseline (${Math.abs(after - baseline) < 2 * 2 ** 20 ? 'back to baseline' : 'NOT back'}).`,
  );
}
