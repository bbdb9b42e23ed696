import type { MiddlewareHandler } from 'hono';
import { resourceHeaders } from '../../src/core/http/headers.ts';
import { type Representation, representation, representationBytes, respond } from '../http/respond.ts';
import type { LiveSite } from '../site/live-site.ts';
import { perBuild } from '../site/snapshot.ts';
import { Lru } from '../util/lru.ts';

export interface StaticFilesOptions {
  site: LiveSite;
  maxAgeS: number;
  /** Bytes of prepared responses kept per build; the rest are read from disk when asked for. */
  cacheBytes: number;
}

/** Serves the built files with exactly their precomputed headers; other requests pass on. */
export function staticFiles({ site, maxAgeS, cacheBytes }: StaticFilesOptions): MiddlewareHandler {
  const PREPARED = perBuild('static responses', () => new Lru<string, Representation>({ maxBytes: cacheBytes, sizeOf: representationBytes }));
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
    // prepared once per build and path while it stays in the cache: the hot path only compares validators
    const rep = snapshot.derive(PREPARED).get(path, () => representation(snapshot.bytes(path) as Buffer, resourceHeaders(path, entry, maxAgeS)));
    return respond(c.req.raw, rep);
  };
}
