import type { MiddlewareHandler } from 'hono';
import { resourceHeaders } from '../../src/core/http/headers.ts';
import { type Representation, representation, respond } from '../http/respond.ts';
import type { LiveSite } from '../site/live-site.ts';
import { perBuild, type SiteSnapshot } from '../site/snapshot.ts';

const PREPARED = perBuild('static responses', () => new Map<string, Representation>());

export interface StaticFilesOptions {
  site: LiveSite;
  maxAgeS: number;
}

/** Serves the built files with exactly their precomputed headers; other requests pass on. */
export function staticFiles({ site, maxAgeS }: StaticFilesOptions): MiddlewareHandler {
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
    return respond(c.req.raw, preparedFile(snapshot, path, maxAgeS) as Representation);
  };
}

/** A built file's response, prepared once per build and path (the hot path only compares validators); undefined when the build has no such file. */
export function preparedFile(snapshot: SiteSnapshot, path: string, maxAgeS: number): Representation | undefined {
  const prepared = snapshot.derive(PREPARED);
  let rep = prepared.get(path);
  if (!rep) {
    const entry = snapshot.manifest.resources[path];
    if (!entry) return undefined;
    rep = representation(snapshot.bytes(path) as Buffer, resourceHeaders(path, entry, maxAgeS));
    prepared.set(path, rep);
  }
  return rep;
}
