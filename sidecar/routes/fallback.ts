import type { Context } from 'hono';
import { SINCE_PREFIX } from '../../src/core/media.ts';
import { methodNotAllowed, notFound } from '../http/errors.ts';
import type { LiveSite } from '../site/live-site.ts';

export const READ_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/** Methods each dynamic path accepts; mounted features register theirs. */
export type AllowTable = Map<string, string[]>;

function allowedMethods(site: LiveSite, dynamic: AllowTable, path: string): string[] | undefined {
  if (site.current().manifest.resources[path] || path.startsWith(SINCE_PREFIX)) return READ_METHODS;
  return dynamic.get(path);
}

/** Last handler: a path we serve with another method is 405 with Allow, anything else 404. */
export function fallback(site: LiveSite, dynamic: AllowTable) {
  return (c: Context) => {
    const allow = allowedMethods(site, dynamic, c.req.path);
    if (allow && !allow.includes(c.req.method)) throw methodNotAllowed(c.req.method, allow);
    if (allow && c.req.method === 'OPTIONS') return preflight(allow);
    throw notFound(c.req.path);
  };
}

/** CORS preflight for the public read endpoints (conditional headers are not CORS-safelisted). */
function preflight(allow: string[]): Response {
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
