import type { Context } from 'hono';
import { CORS_HEADERS } from '../../src/core/http/headers.ts';
import { isApiPath, PATHS, READ_METHODS, ROUTE_METHODS } from '../../src/core/http/urls.ts';
import { methodNotAllowed, notFound } from '../http/errors.ts';
import type { LiveSite } from '../site/live-site.ts';

function allowedMethods(site: LiveSite, path: string): readonly string[] | undefined {
  if (site.current().manifest.resources[path] || path.startsWith(PATHS.sincePrefix)) return READ_METHODS;
  return ROUTE_METHODS[path];
}

/**
 * Last handler: a path we serve with another method is 405 with Allow; an unknown page is
 * the 404 page (as every static host answers it), anything else under an API prefix 404 JSON.
 */
export function fallback(site: LiveSite) {
  return (c: Context) => {
    const allow = allowedMethods(site, c.req.path);
    if (allow && !allow.includes(c.req.method)) throw methodNotAllowed(c.req.method, allow);
    if (allow && c.req.method === 'OPTIONS') return preflight(allow);
    if ((c.req.method === 'GET' || c.req.method === 'HEAD') && !isApiPath(c.req.path)) {
      const page = site.current().bytes(PATHS.notFoundPage);
      if (page) return notFoundPage(page, c.req.method === 'HEAD');
    }
    throw notFound(c.req.path);
  };
}

function notFoundPage(page: Uint8Array, head: boolean): Response {
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...CORS_HEADERS };
  return new Response(head ? null : new Uint8Array(page), { status: 404, headers });
}

/** CORS preflight for the public read endpoints (conditional headers are not CORS-safelisted). */
function preflight(allow: readonly string[]): Response {
  return new Response(null, {
    status: 204,
    headers: {
      allow: allow.join(', '),
      'access-control-allow-origin': '*',
      'access-control-allow-methods': allow.join(', '),
      'access-control-allow-headers': 'If-None-Match, If-Modified-Since, Content-Type',
      'access-control-max-age': '86400',
    },
  });
}
