// How the Worker addresses MCP's Durable Objects: the binding and the paths of its requests,
// defined once. These requests never leave Cloudflare (a stub's
// fetch), so the origin is a placeholder.
import type { MCP_NEW_SESSIONS, WorkerEnv } from '../bindings.ts';

/** MCP_SESSION: one McpSessionObject per 2025 session (named by its Mcp-Session-Id) and per listen stream. */
export type McpObjectsEnv = Pick<WorkerEnv, 'MCP_SESSION' | typeof MCP_NEW_SESSIONS>;

const ORIGIN = 'https://mcp.internal';

/** What McpSessionObject answers. */
export const SESSION_OP = {
  open: '/open',
  post: '/post',
  stream: '/stream',
  end: '/end',
  listen: '/listen',
} as const;

/** The query parameter naming the session object a request is for, or from. */
export const NAME_PARAM = 'name';
/** The header carrying the caller's address to a new session. */
export const CLIENT_HEADER = 'x-mcp-client';

export function internalUrl(op: string, name: string): string {
  return `${ORIGIN}${op}?${NAME_PARAM}=${encodeURIComponent(name)}`;
}
