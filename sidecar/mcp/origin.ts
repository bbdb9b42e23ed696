// Which browser pages may call /mcp, and what an allowed page is told. Servers must check
// Origin to prevent DNS rebinding (MCP 2025-06-18, basic/transports, security warning).
import { CORS_EXPOSE_HEADERS, TRANSPORT_ERROR } from './protocol.ts';
import { transportError } from './rpc.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A browser page may call only from an allowed origin, or from this very server on a loopback
 * address (same origin, and a loopback name cannot be rebound to another address). A request
 * without Origin is not from a page and never comes here.
 */
export function originAllowed(origin: string, host: string | null, allowed: ReadonlySet<string>): boolean {
  if (allowed.has(origin)) return true;
  try {
    const url = new URL(origin);
    return url.origin === origin && LOOPBACK_HOSTS.has(url.hostname) && url.host === host;
  } catch {
    return false;
  }
}

export function forbiddenOrigin(origin: string): Response {
  return transportError(403, TRANSPORT_ERROR, `Forbidden: pages from ${origin} may not use this MCP server`);
}

/** What a page from an allowed origin may read of a response. */
export function corsHeaders(origin: string): Record<string, string> {
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': CORS_EXPOSE_HEADERS.join(', '), vary: 'Origin' };
}
