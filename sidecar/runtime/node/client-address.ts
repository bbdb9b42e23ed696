import type { IncomingMessage } from 'node:http';

/** Who is calling, for MCP's per-client session limit: the socket's peer under @hono/node-server. */
export function nodeClientAddress(env: unknown): string {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? 'in-process';
}
