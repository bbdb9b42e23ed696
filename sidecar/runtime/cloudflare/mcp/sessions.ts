// The Worker's adapter of MCP's SessionStore and ListenStreams: what outlives a request lives
// in a Durable Object (session-object.ts), so every request of a 2025 session reaches
// the object named by its Mcp-Session-Id, whichever isolate took it. The front checks what
// needs no session first (legacy.ts), and forwards the body it has already read and checked.

import { sessionNotFound } from '../../../mcp/legacy.ts';
import type { ListenStreams } from '../../../mcp/listen.ts';
import { TRANSPORT_ERROR } from '../../../mcp/protocol.ts';
import { isObject, isRequestId, type RequestId, rpcErrorResponse } from '../../../mcp/rpc.ts';
import type { SessionStore } from '../../../mcp/session-store.ts';
import { isSessionId, newSessionId } from '../../../mcp/sessions.ts';
import { objectNamed } from '../object-stub.ts';
import { addTiming, Waits, waited } from '../server-timing.ts';
import { CLIENT_HEADER, internalUrl, type McpObjectsEnv, SESSION_OP } from './internal.ts';

/**
 * A request to the object `name`, keeping the client's method and headers; with `waits`
 * (WORKER_SERVER_TIMING), the answer tells how long the request waited for I/O (`wait`).
 */
async function toObject(
  env: McpObjectsEnv,
  waits: Waits | undefined,
  op: string,
  name: string,
  req: Request,
  body?: string,
  extra: Record<string, string> = {},
): Promise<Response> {
  const headers = new Headers(req.headers);
  for (const [key, value] of Object.entries(extra)) headers.set(key, value);
  const res = await waited(
    waits,
    objectNamed(env.MCP_SESSION, name).fetch(new Request(internalUrl(op, name), { method: req.method, headers, body: body ?? null })),
  );
  // A stub's response has immutable headers; the routes add CORS headers to it.
  const out = new Response(res.body, res);
  return waits ? addTiming(out, { wait: waits.ms }) : out;
}

/**
 * Each session and listen stream is an object of its own, which nothing counts: a client
 * address may open MCP_NEW_SESSIONS_PER_MINUTE of them a minute (the Rate Limiting binding);
 * one more is refused before any object exists. undefined when it may open one.
 */
async function overLimit(env: McpObjectsEnv, client: string, id: RequestId | null): Promise<Response | undefined> {
  if ((await env.MCP_NEW_SESSIONS.limit({ key: client })).success) return undefined;
  const text = 'Too Many Requests: this address opened as many MCP sessions and streams as it may this minute; try again later';
  return rpcErrorResponse(429, id, TRANSPORT_ERROR, text, { headers: { 'retry-after': '60' } });
}

const idOf = (message: unknown): RequestId | null => (isObject(message) && isRequestId(message.id) ? message.id : null);

/** The 2025 sessions, each in its own object; an id that newSessionId could not have made names none. */
export function objectSessions(env: McpObjectsEnv, timing: boolean): SessionStore {
  const waits = () => (timing ? new Waits() : undefined);
  return {
    open: async (req, message, client) => {
      const w = waits();
      return (
        (await waited(w, overLimit(env, client, idOf(message)))) ??
        toObject(env, w, SESSION_OP.open, newSessionId(), req, JSON.stringify(message), { [CLIENT_HEADER]: client })
      );
    },
    post: async (id, req, message) => (isSessionId(id) ? toObject(env, waits(), SESSION_OP.post, id, req, JSON.stringify(message)) : sessionNotFound()),
    stream: async (id, req) => (isSessionId(id) ? toObject(env, waits(), SESSION_OP.stream, id, req) : sessionNotFound()),
    end: async (id, req) => (isSessionId(id) ? toObject(env, waits(), SESSION_OP.end, id, req) : sessionNotFound('')),
  };
}

/** subscriptions/listen streams, each in an object of its own, where a publish reaches it. */
export function objectListen(env: McpObjectsEnv, timing: boolean): ListenStreams {
  return {
    open: async (id, notifications, signal, client) => {
      const w = timing ? new Waits() : undefined;
      return (
        (await waited(w, overLimit(env, client, id))) ??
        toObject(
          env,
          w,
          SESSION_OP.listen,
          newSessionId(),
          new Request('https://mcp.internal/', { method: 'POST', signal, headers: { [CLIENT_HEADER]: client } }),
          JSON.stringify({ id, notifications }),
        )
      );
    },
    // The objects are counted nowhere: each holds one stream and costs nothing once it ends.
    size: 0,
    closeAll: () => {},
  };
}
