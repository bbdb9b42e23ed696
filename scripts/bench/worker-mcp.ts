// MCP's part of `npm run bench:worker`: tools/call in both eras on workerd (preview:worker)
// against the Node sidecar on the same build, in the same run, and the Worker's own timing of
// one tools/call (Server-Timing, sidecar/runtime/workers/mcp.ts) at the first request of a
// fresh isolate and after.
import autocannon from 'autocannon';
import { type Load, median } from './lib.ts';

const ACCEPT = 'application/json, text/event-stream';
const LEGACY = '2025-06-18';
const MODERN = '2026-07-28';
const MODERN_META = {
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

/** tools/call under load (32 in flight), each request with its own JSON-RPC id. */
export async function loadCalls(base: string, era: Era, seconds: number): Promise<Load> {
  const sessionId = era === LEGACY ? await openSession(base) : undefined;
  const { headers, params } = callRequest(era, sessionId);
  let next = 1;
  const options = {
    url: `${base}/mcp`,
    connections: 32,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (req: Record<string, unknown>) => ({ ...req, body: JSON.stringify({ jsonrpc: '2.0', id: next++, method: 'tools/call', params }) }),
      },
    ],
  };
  const result = await autocannon(options as unknown as Parameters<typeof autocannon>[0]);
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors, non2xx: result.non2xx };
}

export interface McpThroughputRow extends Record<string, string | number> {
  path: string;
  'sidecar req/s': number;
  'worker req/s': number;
  'ratio (target >= 0.5)': string;
  'sidecar p99 ms': number;
  'worker p99 ms': number;
  errors: number;
}

/**
 * req/s and p99 of tools/call in both eras, the sidecar and the Worker taking turns `rounds`
 * times so that a burst of load from elsewhere on a shared machine hits both alike.
 */
export async function benchMcpThroughput(sidecarUrl: string, workerUrl: string, seconds: number, rounds: number): Promise<McpThroughputRow[]> {
  const rows: McpThroughputRow[] = [];
  for (const era of ERAS) {
    const side: Load[] = [];
    const work: Load[] = [];
    for (let round = 0; round < rounds; round++) {
      side.push(await loadCalls(sidecarUrl, era, seconds));
      work.push(await loadCalls(workerUrl, era, seconds));
    }
    const rps = (loads: Load[]) => Math.round(loads.reduce((n, l) => n + l.rps, 0) / loads.length);
    const p99 = (loads: Load[]) => median(loads.map((l) => l.p99));
    const ratio = rps(work) / Math.max(1, rps(side));
    rows.push({
      path: `MCP tools/call ${BENCH_CALL.name} (${era === MODERN ? '2026-07-28, stateless' : '2025, session in a Durable Object'})`,
      'sidecar req/s': rps(side),
      'worker req/s': rps(work),
      'ratio (target >= 0.5)': `${ratio.toFixed(2)}x ${ratio >= 0.5 ? 'met' : 'NOT met'}`,
      'sidecar p99 ms': p99(side),
      'worker p99 ms': p99(work),
      errors: [...side, ...work].reduce((n, l) => n + l.errors + l.non2xx, 0),
    });
  }
  return rows;
}
