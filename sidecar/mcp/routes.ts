import { readRequestBody, requestBodyTooLargeMessage } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { Hono } from 'hono';
import type { LiveSite } from '../site/live-site.ts';
import type { McpDeps } from './deps.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { createMcpServer } from './server.ts';
import { createSessionTable, newSessionId, type Session, type SessionTable } from './sessions.ts';

/** GET is 405: the server sends nothing unprompted, so it offers no event stream. */
export const MCP_METHODS = ['POST', 'DELETE', 'OPTIONS'];

export interface McpSettings {
  /** Origins (scheme://host[:port]) whose browser pages may call the endpoint. */
  allowedOrigins: readonly string[];
  maxSessions: number;
  sessionIdleS: number;
  maxBodyBytes: number;
}

export interface McpOptions {
  site: LiveSite;
  settings: McpSettings;
  log?: (msg: string) => void;
  now?: () => number;
}

export interface Mcp {
  routes: Hono;
  sessions: Pick<SessionTable, 'size' | 'get' | 'sweep'>;
  /** Stops the idle sweep and closes every session. */
  close(): Promise<void>;
}

const ALLOW = MCP_METHODS.join(', ');
const CORS_ALLOW_HEADERS = 'Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID';
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Errors at /mcp are JSON-RPC error objects, like the ones the SDK transport writes. */
function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

/**
 * DNS-rebinding protection: a browser page may call only from an allowed origin, or from
 * this very server on a loopback address (same origin, and a loopback name cannot be
 * rebound to another address). A request without Origin is not from a page: served.
 */
function originAllowed(origin: string, req: Request, allowed: ReadonlySet<string>): boolean {
  if (allowed.has(origin)) return true;
  try {
    const url = new URL(origin);
    return url.origin === origin && LOOPBACK_HOSTS.has(url.hostname) && url.host === req.headers.get('host');
  } catch {
    return false;
  }
}

function corsHeaders(origin: string): Record<string, string> {
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'Mcp-Session-Id', vary: 'Origin' };
}

function preflight(origin: string | null): Response {
  const headers: Record<string, string> = { allow: ALLOW };
  if (origin !== null) {
    Object.assign(headers, corsHeaders(origin), {
      'access-control-allow-methods': ALLOW,
      'access-control-allow-headers': CORS_ALLOW_HEADERS,
      'access-control-max-age': '86400',
    });
  }
  return new Response(null, { status: 204, headers });
}

/**
 * POST/DELETE /mcp: MCP streamable HTTP with one McpServer and one transport per session.
 * An initialize without a session id creates a session (when there is room); every other
 * request goes to its session's transport, which applies the transport rules (Accept 406,
 * Content-Type 415, parse errors, MCP-Protocol-Version 400, DELETE).
 */
export function mcpRoutes(options: McpOptions): Mcp {
  const { settings } = options;
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  const deps: McpDeps = { site: options.site };
  const allowedOrigins = new Set(settings.allowedOrigins);
  const idleMs = settings.sessionIdleS * 1000;
  const sessions = createSessionTable({
    maxSessions: settings.maxSessions,
    idleMs,
    sweepEveryMs: Math.min(60_000, Math.max(250, idleMs / 4)),
    now,
    log,
  });

  /**
   * The POST body as parsed JSON, after the checks the transport makes first, in its order
   * (Accept 406, Content-Type 415, size 413, JSON 400). Reading it here lets the transport
   * skip building a web stream for it, and no server is built for a request that fails.
   */
  async function readMessage(req: Request): Promise<{ message: unknown } | { error: Response }> {
    const accept = req.headers.get('accept') ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return { error: rpcError(406, -32000, 'Not Acceptable: Client must accept both application/json and text/event-stream') };
    }
    if (!isJsonContentType(req.headers.get('content-type'))) {
      return { error: rpcError(415, -32000, 'Unsupported Media Type: Content-Type must be application/json') };
    }
    const tooLarge = () => ({ error: rpcError(413, -32000, requestBodyTooLargeMessage(settings.maxBodyBytes)) });
    const length = req.headers.get('content-length');
    let text: string;
    if (length !== null && /^\d+$/.test(length)) {
      // HTTP framing stops the body at Content-Length, so reading it whole is bounded.
      if (Number(length) > settings.maxBodyBytes) return tooLarge();
      text = await req.text();
    } else {
      const body = await readRequestBody(req, settings.maxBodyBytes);
      if (body.tooLarge) return tooLarge();
      text = body.text;
    }
    try {
      return { message: JSON.parse(text) as unknown };
    } catch {
      return { error: rpcError(400, -32700, 'Parse error: Invalid JSON') };
    }
  }

  async function initialize(req: Request): Promise<Response> {
    const read = await readMessage(req);
    if ('error' in read) return read.error;
    const { message } = read;
    if (!isInitializeRequest(message)) {
      const method = typeof message === 'object' && message !== null && 'method' in message ? message.method : undefined;
      if (method === 'initialize') return rpcError(400, -32602, 'Invalid params: initialize needs protocolVersion, capabilities and clientInfo');
      if (Array.isArray(message) && message.some(isInitializeRequest)) return rpcError(400, -32600, 'Invalid Request: initialize must be sent alone');
      return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    }
    if (!sessions.reserve()) {
      return rpcError(503, -32000, 'Service Unavailable: too many open MCP sessions; try again later', { 'retry-after': String(sessions.retryAfterS()) });
    }
    let session: Session | undefined;
    const server = createMcpServer(deps);
    try {
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: newSessionId,
        // Each POST is answered on its own short SSE stream (the SDK default). JSON-response
        // mode would be simpler for curl, but SDK 1.x never releases its per-request stream
        // entry in that mode (typescript-sdk#2559), so a long session would grow without bound.
        maxRequestBodySize: settings.maxBodyBytes,
        onsessioninitialized: (id) => {
          session = { id, server, transport, lastUsed: now(), active: 0 };
          sessions.add(session);
        },
      });
      // However the session ends (DELETE, sweep, shutdown), it leaves the table.
      server.server.onclose = () => {
        if (transport.sessionId !== undefined) sessions.forget(transport.sessionId);
      };
      await server.connect(transport);
      return await transport.handleRequest(req, { parsedBody: message });
    } finally {
      if (!session) {
        sessions.unreserve();
        await server.close();
      }
    }
  }

  async function post(req: Request): Promise<Response> {
    const id = req.headers.get('mcp-session-id');
    if (!id) return initialize(req);
    const session = sessions.get(id);
    if (!session) return rpcError(404, -32001, 'Session not found: it ended or never existed; send initialize again');
    return sessions.use(session, async () => {
      const read = await readMessage(req);
      if ('error' in read) return read.error;
      return session.transport.handleRequest(req, { parsedBody: read.message });
    });
  }

  async function remove(req: Request): Promise<Response> {
    const id = req.headers.get('mcp-session-id');
    if (!id) return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    const session = sessions.get(id);
    if (!session) return rpcError(404, -32001, 'Session not found: it ended or never existed');
    // The transport checks MCP-Protocol-Version, answers 200 and closes itself, which drops
    // the session from the table (server.onclose); the server is closed with it.
    const res = await sessions.use(session, () => session.transport.handleRequest(req));
    if (res.ok) await session.server.close();
    return res;
  }

  const routes = new Hono();
  routes.all(PATHS.mcp, async (c) => {
    const req = c.req.raw;
    const origin = req.headers.get('origin');
    if (origin !== null && !originAllowed(origin, req, allowedOrigins)) {
      return rpcError(403, -32000, `Forbidden: pages from ${origin} may not use this MCP server`);
    }
    let res: Response;
    if (req.method === 'OPTIONS') return preflight(origin);
    else if (req.method === 'POST') res = await post(req);
    else if (req.method === 'DELETE') res = await remove(req);
    else res = rpcError(405, -32000, `Method not allowed: use ${ALLOW} (this server offers no GET event stream)`, { allow: ALLOW });
    if (origin !== null) for (const [name, value] of Object.entries(corsHeaders(origin))) res.headers.set(name, value);
    return res;
  });

  return {
    routes,
    sessions,
    close: () => sessions.closeAll(),
  };
}
