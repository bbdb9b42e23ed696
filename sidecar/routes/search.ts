import { Hono } from 'hono';
import { strongEtag } from '../../src/core/http/etag.ts';
import { resourceHeaders } from '../../src/core/http/headers.ts';
import { JSON_TYPE } from '../../src/core/http/media.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { buildSearchIndex, type SearchIndex } from '../../src/core/search/index.ts';
import { parseSearchQuery } from '../../src/core/search/params.ts';
import { searchBody } from '../../src/core/search/run.ts';
import { invalidRequest } from '../http/errors.ts';
import { type Representation, representation, respond } from '../http/respond.ts';
import type { SiteSnapshot } from '../site/snapshot.ts';
import type { LiveSite } from '../site/live-site.ts';
import { Lru } from '../util/lru.ts';

/** The search index of a snapshot, built once per published build. */
export function searchIndexOf(snapshot: SiteSnapshot): SearchIndex {
  return snapshot.derive('search-index', (s) => buildSearchIndex(s.data.reviews));
}

/** GET /api/reviews/search: parse, run the query core, answer with an ETag. */
export function searchRoutes(site: LiveSite, maxAgeS: number, cacheEntries: number): Hono {
  const app = new Hono();
  app.on(['GET', 'HEAD'], PATHS.search, (c) => {
    const snapshot = site.current();
    const url = c.req.url;
    const rawQuery = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
    const compute = (): Representation => {
      const parsed = parseSearchQuery(new URLSearchParams(rawQuery));
      if (!parsed.success) throw invalidRequest(parsed.error.issues);
      const body = Buffer.from(searchBody(searchIndexOf(snapshot), parsed.data));
      const lastModified = snapshot.manifest.resources['/reviews.json']?.last_modified;
      const meta = { content_type: JSON_TYPE, etag: strongEtag(body), ...(lastModified ? { last_modified: lastModified } : {}) };
      return representation(body, resourceHeaders(PATHS.search, meta, maxAgeS));
    };
    // Results change only when a build is published, so each snapshot keeps its own cache,
    // keyed by the raw query string (invalid queries throw and are never cached).
    const cache = snapshot.derive('search-cache', () => new Lru<string, Representation>(cacheEntries));
    return respond(c.req.raw, cacheEntries > 0 ? cache.get(rawQuery, compute) : compute());
  });
  return app;
}
