import type { MiddlewareHandler } from 'hono';
import { builtFileAsked } from '../../src/core/http/built-file.ts';
import { resourceHeaders } from '../../src/core/http/headers.ts';
import { type Representation, representation, representationBytes, respond } from '../http/respond.ts';
import type { LiveSite } from '../site/live-site.ts';
import { perBuild, type SiteSnapshot } from '../site/snapshot.ts';
import { Lru } from '../util/lru.ts';

/** A built file's response for a build, or undefined when the request does not ask for one (`builtFileAsked`). */
export type PreparedFiles = (snapshot: SiteSnapshot, method: string, path: string) => Representation | undefined;

export interface PreparedFilesOptions {
  maxAgeS: number;
  /** Bytes of prepared responses kept per build; the rest are read from disk when asked for. */
  cacheBytes: number;
}

/**
 * Built files' responses, prepared once per build and path while they stay in the cache: the
 * hot path only compares validators. Shared by this route and runtime/node/static-first.ts.
 */
export function preparedFiles({ maxAgeS, cacheBytes }: PreparedFilesOptions): PreparedFiles {
  const PREPARED = perBuild('static responses', () => new Lru<string, Representation>({ maxBytes: cacheBytes, sizeOf: representationBytes, evict: false }));
  return (snapshot, method, path) => {
    const entry = builtFileAsked(snapshot.manifest.resources, method, path);
    if (!entry) return undefined;
    return snapshot.derive(PREPARED).get(path, () => {
      const bytes = snapshot.readBytes(path) as Uint8Array;
      return representation(bytes, resourceHeaders(path, entry, maxAgeS), snapshot.keeps(path) ? bytes.length : 0);
    });
  };
}

/** Serves the built files with exactly their precomputed headers; other requests pass on. */
export function staticFiles({ site, files }: { site: LiveSite; files: PreparedFiles }): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    const snapshot = site.current();
    const path = c.req.path;
    const rep = files(snapshot, method, path);
    if (!rep) {
      if (method !== 'GET' && method !== 'HEAD') return next();
      // pages live at folder URLs: /api answers with a redirect to /api/
      if (!path.endsWith('/') && snapshot.manifest.resources[`${path}/`]) {
        const url = new URL(c.req.url);
        return c.redirect(`${path}/${url.search}`, 301);
      }
      return next();
    }
    return respond(c.req.raw, rep);
  };
}
