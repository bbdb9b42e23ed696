import { Hono } from 'hono';
import type { Sha256 } from '../../src/core/bytes/sha256.ts';
import { utf8Bytes } from '../../src/core/bytes/utf8.ts';
import { strongEtag } from '../../src/core/http/etag.ts';
import { resourceHeaders } from '../../src/core/http/headers.ts';
import { JSON_TYPE } from '../../src/core/http/media.ts';
import { SURFACE } from '../../src/core/http/surface.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { buildSearchIndex, type SearchIndex } from '../../src/core/search/index.ts';
import { resolveNames } from '../../src/core/search/names.ts';
import { parseSearchQuery } from '../../src/core/search/params.ts';
import { searchBody } from '../../src/core/search/run.ts';
import { invalidRequest } from '../http/errors.ts';
import { type Representation, representation, representationBytes, respond } from '../http/respond.ts';
import type { LiveSite } from '../site/live-site.ts';
import { searchIndexOf, searchNamesOf } from '../site/search-index.ts';
import { perBuild, type SiteSnapshot } from '../site/snapshot.ts';
import { Lru } from '../util/lru.ts';

/** A search's answer: parse, run the query core, the body with its ETag. */
function searchRepresentation(snapshot: SiteSnapshot, index: SearchIndex, rawQuery: string, maxAgeS: number, sha256?: Sha256): Representation {
  const parsed = parseSearchQuery(new URLSearchParams(rawQuery));
  if (!parsed.success) throw invalidRequest(parsed.error.issues);
  const named = resolveNames(searchNamesOf(snapshot), parsed.data);
  if (!named.ok) throw invalidRequest(named.issues);
  const body = utf8Bytes(searchBody(index, named.params));
  const lastModified = snapshot.manifest.resources[SURFACE.reviews.path]?.last_modified;
  const meta = { content_type: JSON_TYPE, etag: strongEtag(body, sha256), ...(lastModified ? { last_modified: lastModified } : {}) };
  return representation(body, resourceHeaders(PATHS.search, meta, maxAgeS));
}

/** GET /api/reviews/search: parse, run the query core, answer with an ETag. */
export interface SearchRoutesOptions {
  site: LiveSite;
  maxAgeS: number;
  /** Responses kept per build, by raw query string; 0 turns the cache off. */
  cacheEntries: number;
  /** Bytes of response bodies kept per build. */
  cacheBytes: number;
  /** The runtime's SHA-256 for the responses' ETags (AppDeps.sha256). */
  sha256?: Sha256 | undefined;
}

export function searchRoutes({ site, maxAgeS, cacheEntries, cacheBytes, sha256 }: SearchRoutesOptions): Hono {
  const app = new Hono();
  // Per app, because its size is this app's setting; per build, because results change only at publish.
  const responses = perBuild(
    'search responses',
    () => new Lru<string, Representation>({ maxEntries: cacheEntries, maxBytes: cacheBytes, sizeOf: representationBytes, repeatedOnly: true }),
  );
  app.on(['GET', 'HEAD'], PATHS.search, (c) => {
    const snapshot = site.current();
    const url = c.req.url;
    const rawQuery = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    const compute = () => searchRepresentation(snapshot, searchIndexOf(snapshot), rawQuery, maxAgeS, sha256);
    // Results change only when a build is published, so each snapshot keeps its own cache,
    // keyed by the raw query string (invalid queries throw and are never cached).
    const cache = snapshot.derive(responses);
    return respond(c.req.raw, cacheEntries > 0 ? cache.get(rawQuery, compute) : compute());
  });
  return app;
}

/**
 * Runs once, on an empty index, the code a build's first search runs (the query schema, the
 * name book, the query core, the ETag), for a runtime that starts often: each new
 * Worker isolate calls it while it starts, so its first search does not compile all that code.
 */
export function warmSearch(snapshot: SiteSnapshot): void {
  const empty = buildSearchIndex([]);
  for (const query of ['limit=1', 'query=warm%20up&sort=oldest', 'min_rating=4&sort=highest&has_text=true']) {
    // (a Response with a body cannot be made there: workerd allows that only in a request)
    searchRepresentation(snapshot, empty, query, 0);
  }
}
