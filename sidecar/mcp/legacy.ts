// The 2025 era: initialize opens a session with its own SDK server and transport, never shared
// (the table is sessions.ts); every later request, the session's GET stream and its DELETE go to
// that transport, which applies the rest of the transport rules (MCP-Protocol-Version 400 among
// them). tools/call is answered without it (fast-call.ts).
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import type { ResultCacheSize } from './calls.ts';
import { fastToolCall } from './fast-call.ts';
import { HEADER_SESSION_ID, INVALID_PARAMS, INVALID_REQUEST, MODERN_VERSION, SESSION_NOT_FOUND, TRANSPORT_ERROR } from './protocol.ts';
import { isObject, transportError } from './rpc.ts';
import { createMcpServer, type McpDeps } from './server.ts';
import type { SessionStore } from './session-store.ts';
import { newSessionId, type Session, type SessionTable } from './sessions.ts';
import { ALLOW, type Endpoint } from './transport.ts';

export interface LegacyOptions {
  deps: McpDeps;
  sessions: SessionTable;
  maxBodyBytes: number;
  /** The tool results the fast path keeps per build. */
  cache: ResultCacheSize;
  now: () => number;
  /** The id of the next session (default: newSessionId; a Durable Object gives its own name). */
  newId?: () => string;
}

const SESSION_REQUIRED = 'Bad Request: Mcp-Session-Id header is required';

/** An unknown or ended Mcp-Session-Id (the 2025 transports: the client then initializes again). */
export const sessionNotFound = (detail = '; send initialize again') =>
  transportError(404, SESSION_NOT_FOUND, `Session not found: it ended or never existed${detail}`);

/** Why a POST without Mcp-Session-Id cannot open a session, if it cannot. */
function initializeRefusal(message: unknown): Response | undefined {
  if (isInitializeRequest(message)) return undefined;
  const method = isObject(message) ? message.method : undefined;
  if (method === 'initialize') return transportError(400, INVALID_PARAMS, 'Invalid params: initialize needs protocolVersion, capabilities and clientInfo');
  // By method name alone: a schema parse of every element would cost a hostile batch's length.
  if (Array.isArray(message) && message.some((m) => isObject(m) && m.method === 'initialize'))
    return transportError(400, INVALID_REQUEST, 'Invalid Request: initialize must be sent alone');
  return transportError(400, TRANSPORT_ERROR, SESSION_REQUIRED);
}

/**
 * The 2025 transport rules that need no session (a missing Mcp-Session-Id, a POST without one
 * that is not initialize), then the store that holds the sessions.
 */
export function legacyEndpoint(store: SessionStore): Endpoint {
  return {
    post(req, message, client) {
      const id = req.headers.get(HEADER_SESSION_ID);
      if (id) return store.post(id, req, message);
      return initializeRefusal(message) ?? store.open(req, message, client);
    },
    async stream(req) {
      const id = req.headers.get(HEADER_SESSION_ID);
      if (!id) {
        return transportError(
          405,
          TRANSPORT_ERROR,
          `Method not allowed: GET needs an Mcp-Session-Id (2025 sessions); the ${MODERN_VERSION} revision uses subscriptions/listen`,
          { allow: ALLOW },
        );
      }
      return store.stream(id, req);
    },
    async end(req) {
      const id = req.headers.get(HEADER_SESSION_ID);
      if (!id) return transportError(400, TRANSPORT_ERROR, SESSION_REQUIRED);
      return store.end(id, req);
    },
  };
}

/** The sessions held in this heap, each with its own SDK server and transport. */
export function heapSessions(options: LegacyOptions): SessionStore {
  const { deps, sessions, now } = options;
  const newId = options.newId ?? newSessionId;

  return {
    async open(req, message, client) {
      if (!sessions.reserve(client)) {
        return transportError(503, TRANSPORT_ERROR, 'Service Unavailable: every MCP session is in the middle of a request; try again later', {
          'retry-after': String(sessions.retryAfterS()),
        });
      }
      let session: Session | undefined;
      const server = createMcpServer(deps);
      try {
        const transport = new WebStandardStreamableHTTPServerTransport({
          sessionIdGenerator: newId,
          // Each POST is answered on its own short SSE stream (the SDK default). JSON-response
          // mode would be simpler for curl, but SDK 1.x never releases its per-request stream
          // entry in that mode (typescript-sdk#2559), so a long session would grow without bound.
          maxRequestBodySize: options.maxBodyBytes,
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
    },

    async post(id, req, message) {
      const session = sessions.get(id);
      if (!session) return sessionNotFound();
      return sessions.use(
        session,
        async () => fastToolCall(deps.site, options.cache, session.id, message, req.headers) ?? session.transport.handleRequest(req, { parsedBody: message }),
      );
    },

    async stream(id, req) {
      const session = sessions.get(id);
      if (!session) return sessionNotFound();
      return sessions.use(session, () => session.transport.handleRequest(req));
    },

    async end(id, req) {
      const session = sessions.get(id);
      if (!session) return sessionNotFound('');
      // The transport checks MCP-Protocol-Version, answers 200 and closes itself, which drops
      // the session from the table (server.onclose); the server is closed with it.
      const res = await sessions.use(session, () => session.transport.handleRequest(req));
      if (res.ok) await session.server.close();
      return res;
    },
  };
}

/** The 2025 sessions of this heap: POST (initialize or a request on a session), GET and DELETE. */
export function legacySessions(options: LegacyOptions): Endpoint {
  return legacyEndpoint(heapSessions(options));
}
