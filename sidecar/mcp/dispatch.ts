import type { ModernHandler } from './modern.ts';
import { rpcErrorResponse } from './rpc.ts';
import { routeOf } from './tool-call.ts';
import type { Endpoint } from './transport.ts';

/**
 * A POST's parsed body to the era that serves it (classify.ts decides): the stateless 2026-07-28
 * methods (modern.ts), or the 2025 sessions (legacy.ts); a request that fits neither is refused.
 */
export function dispatch(serveModern: ModernHandler, legacy: Pick<Endpoint, 'post'>): Endpoint['post'] {
  return (req, message, client) => {
    const route = routeOf(message, (name) => req.headers.get(name) ?? undefined);
    if (route.kind === 'reject') return rpcErrorResponse(route.status, route.id, route.code, route.message, { data: route.data });
    if (route.kind === 'modern') return route.notification ? new Response(null, { status: 202 }) : serveModern(route.message, () => req.signal, client);
    return legacy.post(req, message, client);
  };
}
