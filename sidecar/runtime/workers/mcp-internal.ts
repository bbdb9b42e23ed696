// How the Worker and MCP's Durable Objects address each other: the bindings they use and the
// paths of their requests, defined once. These requests never leave Cloudflare (a stub's
// fetch), so the origin is a placeholder.
import type { WorkerEnv } from '../../../src/edge/worker-bindings.ts';
import { objectNamed } from './durable-state.ts';

/**
 * MCP_SESSION: one McpSessionObject per 2025 session (named by its Mcp-Session-Id) and per
 * listen stream; MCP_LISTENERS: the one McpListenersObject, which of those listen for updates.
 */
export type McpObjectsEnv = Pick<WorkerEnv, 'MCP_SESSION' | 'MCP_LISTENERS'>;

const ORIGIN = 'https://mcp.internal';

/** What McpSessionObject answers. */
export const SESSION_OP = {
  open: '/open',
  post: '/post',
  stream: '/stream',
  end: '/end',
  listen: '/listen',
  publish: '/publish',
} as const;

/** What McpListenersObject answers. */
export const LISTENERS_OP = { add: '/add', remove: '/remove', publish: '/publish' } as const;

/** The name of the one listeners object (session objects have 43-character names, so none collides). */
const LISTENERS_NAME = 'listeners';

/** The query parameter naming the session object a request is for, or from. */
export const NAME_PARAM = 'name';
/** The header carrying the caller's address to a new session. */
export const CLIENT_HEADER = 'x-mcp-client';

export function internalUrl(op: string, name: string): string {
  return `${ORIGIN}${op}?${NAME_PARAM}=${encodeURIComponent(name)}`;
}

/** A request to the listeners object. */
export function toListeners(env: McpObjectsEnv, op: string, name = ''): Promise<Response> {
  return objectNamed(env.MCP_LISTENERS, LISTENERS_NAME).fetch(new Request(internalUrl(op, name), { method: 'POST' }));
}
