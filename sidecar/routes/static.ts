import type { MiddlewareHandler } from 'hono';
import { resourceHeaders } from '../../src/core/http/headers.ts';
import { type Representation, representation, respond } from '../http/respond.ts';
import type { LiveSite } from '../site/live-site.ts';

/** Serves the built files with exactly their precomputed headers; other requests pass on. */
export function staticFiles(site: LiveSite, maxAgeS: number): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return next();
    const snapshot = site.current();
    const path = c.req.path;
    const entry = snapshot.manifest.resources[path];
    if (!entry) {
      // pages live at folder URLs: /api answers with a redirect to /api/
      if (!path.endsWith('/') && snapshot.manifest.resources[`${path}/`]) {
        const url = new URL(c.req.url);
        return c.redirect(`${path}/${url.search}`, 301);
      }
      return next();
    }
    // prepared once per build and path: the hot path only compares validators
    const prepared = snapshot.derive('static-representations', () => new Map<string, Representation>());
    let rep = prepared.get(path);
    if (!rep) {
      rep = representation(snapshot.bytes(path) as Buffer, resourceHeaders(path, entry, maxAgeS));
      prepared.set(path, rep);
    }
    return respond(c.req.raw, rep);
  };
}
