import type { IncomingMessage } from 'node:http';
import { readRequestBody, requestBodyTooLargeMessage } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { Hono } from 'hono';
import { CORS_HEADERS } from '../../src/core/http/headers.ts';
import { serverCard } from '../../src/core/site/mcp-metadata.ts';
import type { LiveSite } from '../site/live-site.ts';
import { perBuild } from '../site/snapshot.ts';
import { PATHS, ROUTE_METHODS } from '../../src/core/http/urls.ts';
import { createMcpServer, type McpDeps } from './server.ts';
import { toolResultBytes } from './calls.ts';
import { classify } from './classify.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './depth.ts';
import { listenStreams } from './listen.ts';
import { modernHandler } from './modern.ts';
import {
  CORS_ALLOW_HEADERS,
  CORS_EXPOSE_HEADERS,
  HEADER_METHOD,
  HEADER_NAME,
  HEADER_PROTOCOL_VERSION,
  HEADER_SESSION_ID,
  LEGACY_VERSIONS,
  MODERN_VERSION,
} from './protocol.ts';
import { rpcErrorResponse, legacyResultEvent } from './rpc.ts';
import { createSessionTable, newSessionId, type Session, type SessionTable } from './sessions.ts';
import { watchResources } from './watch.ts';

/** GET opens a 2025 session's stream (resource updates); the 2026-07-28 revision is POST only. */
const SERVER_CARD = perBuild('MCP server card', (s) => JSON.stringify(serverCard(s.data.business.name, s.urls), null, 2));
export const MCP_METHODS = ROUTE_METHODS[PATHS.mcp] as readonly string[];

export interface McpSettings {
  /** Origins (scheme://host[:port]) whose browser pages may call the endpoint. */
  allowedOrigins: readonly string[];
  maxSessions: number;
  /** Sessions one client address may hold at once. */
  maxSessionsPerClient: number;
  sessionIdleS: number;
  maxBodyBytes: number;
  /** ttlMs of list and resource results on the 2026-07-28 path (the data changes only at publish). */
  cacheTtlMs: number;
  /** Tool results kept per published build (0 turns the cache off). */
  resultCacheEntries: number;
  /** Bytes of tool results kept per published build. */
  resultCacheBytes: number;
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
  /** Open subscriptions/listen streams, and what listens for resource changes (streams and subscribed sessions). */
  listening: { readonly streams: number; readonly watchers: number };
  /** Stops the idle sweep, closes every session and ends every listen stream. */
  close(): Promise<void>;
}

const ALLOW = MCP_METHODS.join(', ');
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Errors of the transport at /mcp: JSON-RPC error objects without an id, like the ones the SDK transport writes. */
function rpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return rpcErrorResponse(status, null, code, message, { headers });
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

/** The peer's address under @hono/node-server; in-process requests (tests) share one name. */
function clientAddress(env: unknown): string {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? 'in-process';
}

function corsHeaders(origin: string): Record<string, string> {
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': CORS_EXPOSE_HEADERS.join(', '), vary: 'Origin' };
}

function preflight(origin: string | null): Response {
  const headers: Record<string, string> = { allow: ALLOW };
  if (origin !== null) {
    Object.assign(headers, corsHeaders(origin), {
      'access-control-allow-methods': ALLOW,
      'access-control-allow-headers': CORS_ALLOW_HEADERS.join(', '),
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
  const watch = watchResources(options.site, log);
  const deps: McpDeps = { site: options.site, watch };
  const listen = listenStreams(watch, settings.maxSessions);
  const resultCache = { entries: settings.resultCacheEntries, bytes: settings.resultCacheBytes };
  const serveModern = modernHandler({ site: options.site, listen, ttlMs: settings.cacheTtlMs, cache: resultCache });
  const allowedOrigins = new Set(settings.allowedOrigins);
  const idleMs = settings.sessionIdleS * 1000;
  const sessions = createSessionTable({
    maxSessions: settings.maxSessions,
    maxPerClient: settings.maxSessionsPerClient,
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
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      return { error: rpcError(400, -32700, 'Parse error: Invalid JSON') };
    }
    if (nestedDeeperThan(message, MAX_JSON_DEPTH)) {
      return { error: rpcError(400, -32600, `Invalid Request: the JSON nests deeper than ${MAX_JSON_DEPTH} levels`) };
    }
    return { message };
  }

  async function initialize(req: Request, message: unknown, client: string): Promise<Response> {
    if (!isInitializeRequest(message)) {
      const method = typeof message === 'object' && message !== null && 'method' in message ? message.method : undefined;
      if (method === 'initialize') return rpcError(400, -32602, 'Invalid params: initialize needs protocolVersion, capabilities and clientInfo');
      if (Array.isArray(message) && message.some(isInitializeRequest)) return rpcError(400, -32600, 'Invalid Request: initialize must be sent alone');
      return rpcError(400, -32000, 'Bad Request: Mcp-Session-Id header is required');
    }
    if (!sessions.reserve(client)) {
      return rpcError(503, -32000, 'Service Unavailable: every MCP session is in the middle of a request; try again later', {
        'retry-after': String(sessions.retryAfterS()),
      });
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
          session = { id, server, transport, client, lastUsed: now(), active: 0 };
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
        sessions.unreserve(client);
        await server.close();
      }
    }
  }

  async function post(req: Request, client: string): Promise<Response> {
    const read = await readMessage(req);
    if ('error' in read) return read.error;
    const { message } = read;
    const h = req.headers;
    const route = classify(message, {
      version: h.get(HEADER_PROTOCOL_VERSION) ?? undefined,
      method: h.get(HEADER_METHOD) ?? undefined,
      name: h.get(HEADER_NAME) ?? undefined,
    });
    if (route.kind === 'reject') return rpcErrorResponse(route.status, route.id, route.code, route.message, { data: route.data });
    if (route.kind === 'modern') return route.notification ? new Response(null, { status: 202 }) : serveModern(route.message, () => req.signal);

    const id = h.get(HEADER_SESSION_ID);
    if (!id) return initialize(req, message, client);
    const session = sessions.get(id);
    if (!session) return rpcError(404, -32001, 'Session not found: it ended or never existed; send initialize again');
    return sessions.use(session, async () => fastCall(session, message, h) ?? session.transport.handleRequest(req, { parsedBody: message }));
  }

  /**
   * The hot call of a 2025 session, tools/call, answered here from the shared definitions and
   * the per-build result cache, in the SDK transport's own format (one SSE event): the same
   * result SDK 1.32.2 gives, without its per-request dispatch. Anything else, or anything
   * unusual (an unknown tool, a version header the transport would refuse), goes to the SDK.
   */
  function fastCall(session: Session, message: unknown, h: Headers): Response | undefined {
    const call = message as { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: { name?: unknown; arguments?: unknown } };
    if (typeof call !== 'object' || call === null || call.jsonrpc !== '2.0' || call.method !== 'tools/call') return undefined;
    if (!(typeof call.id === 'string' || (typeof call.id === 'number' && Number.isFinite(call.id)))) return undefined;
    const params = call.params;
    if (typeof params !== 'object' || params === null || typeof params.name !== 'string') return undefined;
    if (params.arguments !== undefined && (typeof params.arguments !== 'object' || params.arguments === null || Array.isArray(params.arguments)))
      return undefined;
    const version = h.get(HEADER_PROTOCOL_VERSION);
    if (version !== null && !LEGACY_VERSIONS.includes(version)) return undefined;
    const result = toolResultBytes(options.site.current(), params.name, params.arguments, resultCache);
    if (result === undefined) return undefined;
    return new Response(legacyResultEvent(call.id, result), {
      status: 200,
      headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', [HEADER_SESSION_ID]: session.id },
    });
  }

  /** GET with a session id opens the session's stream (resource updates); the SDK transport serves it. */
  async function get(req: Request): Promise<Response> {
    const id = req.headers.get(HEADER_SESSION_ID);
    if (!id)
      return rpcError(
        405,
        -32000,
        `Method not allowed: GET needs an Mcp-Session-Id (2025 sessions); the ${MODERN_VERSION} revision uses subscriptions/listen`,
        { allow: ALLOW },
      );
    const session = sessions.get(id);
    if (!session) return rpcError(404, -32001, 'Session not found: it ended or never existed; send initialize again');
    return sessions.use(session, () => session.transport.handleRequest(req));
  }

  async function remove(req: Request): Promise<Response> {
    const id = req.headers.get(HEADER_SESSION_ID);
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
    else if (req.method === 'POST') res = await post(req, clientAddress(c.env));
    else if (req.method === 'GET') res = await get(req);
    else if (req.method === 'DELETE') res = await remove(req);
    else res = rpcError(405, -32000, `Method not allowed: use ${ALLOW}`, { allow: ALLOW });
    if (origin !== null) for (const [name, value] of Object.entries(corsHeaders(origin))) res.headers.set(name, value);
    return res;
  });

  routes.on(['GET', 'HEAD'], PATHS.mcpServerCard, (c) => {
    const snapshot = options.site.current();
    const card = snapshot.derive(SERVER_CARD);
    return new Response(c.req.method === 'HEAD' ? null : card, {
      status: 200,
      headers: { 'content-type': 'application/json', ...CORS_HEADERS, 'cache-control': `public, max-age=${Math.round(settings.cacheTtlMs / 1000)}` },
    });
  });

  return {
    routes,
    sessions,
    listening: {
      get streams() {
        return listen.size;
      },
      get watchers() {
        return watch.size;
      },
    },
    close: async () => {
      listen.closeAll();
      await sessions.closeAll();
    },
  };
}
