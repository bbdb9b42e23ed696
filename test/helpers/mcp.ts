import { SAMPLE_CONTENT } from './paths.ts';
import { startTarget, type Target } from './targets.ts';

export const SITE_URL = 'https://reviews.example';
export const ACCEPT = 'application/json, text/event-stream';
export const PROTOCOL = '2025-06-18';

/**
 * What the suites run against: the Node sidecar, or the same build under preview:worker
 * (workerd). vitest.config.ts runs the suites that apply to both a second time with
 * MCP_TARGET=worker.
 */
export const MCP_TARGET: Target = process.env.MCP_TARGET === 'worker' ? 'worker' : 'sidecar';

export interface McpTestServer {
  server: { url: string; stop(): Promise<void> };
  /** {base}/mcp on the real server */
  mcpUrl: string;
  outDir: string;
}

import { sharedBuild } from './shared-build.ts';

/** Starts the real sidecar (or Worker, by MCP_TARGET) on a free port on `outDir`, or on the run's shared build of the sample. */
export async function startMcpServer(env: Record<string, string> = {}, outDir?: string): Promise<McpTestServer> {
  const out = outDir ?? (await sharedBuild(SAMPLE_CONTENT, SITE_URL));
  // The suites are many clients behind one address (the conformance suite alone opens dozens of
  // sessions a minute); the Worker's limit per address has its own test (worker-sessions.test.ts).
  const server = await startTarget(MCP_TARGET, { OUT_DIR: out, SITE_URL, MCP_NEW_SESSIONS_PER_MINUTE: '1000', ...env });
  return { server, mcpUrl: `${server.url}/mcp`, outDir: out };
}

export interface RpcAnswer {
  status: number;
  headers: Headers;
  /** The JSON-RPC message: from a JSON body or from the one SSE event of a POST answer. */
  message: { jsonrpc?: string; id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: string } } | undefined;
  text: string;
}

export async function readAnswer(res: Response): Promise<RpcAnswer> {
  const text = await res.text();
  let message: RpcAnswer['message'];
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    const data = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => line.slice(6));
    message = data.length ? JSON.parse(data.join('\n')) : undefined;
  } else if (text) {
    message = JSON.parse(text);
  }
  return { status: res.status, headers: res.headers, message, text };
}

export function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<RpcAnswer> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }).then(readAnswer);
}

export function initializeRequest(protocolVersion = PROTOCOL, id: number | string = 1) {
  return { jsonrpc: '2.0', id, method: 'initialize', params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw-test', version: '1.0.0' } } };
}

/** A session ready for requests: initialize, then the initialized notification. */
export async function openSession(url: string, protocolVersion = PROTOCOL): Promise<string> {
  const init = await post(url, initializeRequest(protocolVersion));
  const id = init.headers.get('mcp-session-id');
  if (init.status !== 200 || !id) throw new Error(`initialize failed: ${init.status} ${init.text}`);
  const done = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': id, 'mcp-protocol-version': protocolVersion });
  if (done.status !== 202) throw new Error(`initialized failed: ${done.status} ${done.text}`);
  return id;
}

export function sessionHeaders(id: string, protocolVersion = PROTOCOL): Record<string, string> {
  return { 'mcp-session-id': id, 'mcp-protocol-version': protocolVersion };
}

export const MODERN = '2026-07-28';
export const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw-test', version: '1.0.0' },
};

/** A 2026-07-28 request as the revision wants it: _meta envelope plus the standard headers. */
export function modernPost(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  options: { id?: unknown; headers?: Record<string, string | undefined>; meta?: Record<string, unknown> } = {},
): Promise<RpcAnswer> {
  const name = method === 'tools/call' ? params.name : method === 'resources/read' ? params.uri : undefined;
  const headers: Record<string, string> = { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(typeof name === 'string' ? { 'mcp-name': name } : {}) };
  for (const [k, v] of Object.entries(options.headers ?? {})) {
    if (v === undefined) delete headers[k];
    else headers[k] = v;
  }
  const body = { jsonrpc: '2.0', id: 'id' in options ? options.id : 7, method, params: { ...params, _meta: options.meta ?? MODERN_META } };
  return post(url, body, headers);
}

/** Reads JSON-RPC messages off an SSE response one at a time. */
export function sseMessages(res: Response): { next(timeoutMs?: number): Promise<Record<string, unknown>>; close(): Promise<void> } {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const queue: Record<string, unknown>[] = [];
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  return {
    async next(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        const events = buffer.split('\n\n');
        buffer = events.pop() as string;
        for (const event of events) {
          const data = event
            .split('\n')
            .filter((l) => l.startsWith('data: '))
            .map((l) => l.slice(6));
          if (data.length) queue.push(JSON.parse(data.join('\n')));
        }
        if (queue.length) break;
        if (Date.now() > deadline) throw new Error('no SSE message in time');
        pending ??= reader.read();
        const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), Math.max(1, deadline - Date.now())));
        const read = await Promise.race([pending, timer]);
        if (read === 'timeout') continue;
        pending = undefined;
        if (read.done) throw new Error('SSE stream ended');
        buffer += decoder.decode(read.value, { stream: true });
      }
      return queue.shift() as Record<string, unknown>;
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
