import { join } from 'node:path';
import { buildOrThrow } from '../helpers/build.ts';
import { SAMPLE_CONTENT, tempDir } from '../helpers/paths.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

export const SITE_URL = 'https://reviews.example';
export const ACCEPT = 'application/json, text/event-stream';
export const PROTOCOL = '2025-06-18';

export interface McpTestServer {
  server: RunningServer;
  /** {base}/mcp on the real server */
  mcpUrl: string;
  outDir: string;
}

/** Builds the sample content for real and starts the real sidecar on port 0. */
export async function startMcpServer(env: Record<string, string> = {}, outDir?: string): Promise<McpTestServer> {
  const out = outDir ?? join(tempDir('mcp'), 'dist');
  if (!outDir) buildOrThrow({ CONTENT_DIR: SAMPLE_CONTENT, OUT_DIR: out, SITE_URL });
  const server = await startServer({ OUT_DIR: out, SITE_URL, ...env });
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
