import { Hono } from 'hono';
import { strongEtag } from '../../src/core/etag.ts';
import { resourceHeaders } from '../../src/core/headers.ts';
import { JSON_TYPE } from '../../src/core/resources.ts';
import { buildSearchIndex, type SearchIndex } from '../../src/core/search/index.ts';
import { parseSearchQuery } from '../../src/core/search/params.ts';
import { searchBody } from '../../src/core/search/run.ts';
import { invalidRequest } from '../http/errors.ts';
import { respond } from '../http/respond.ts';
import type { SiteSnapshot } from '../site/snapshot.ts';
import type { LiveSite } from '../site/live-site.ts';
import { Lru } from '../util/lru.ts';

export const SEARCH_PATH = '/api/reviews/search';

/** The search index of a snapshot, built once per published build. */
export function searchIndexOf(snapshot: SiteSnapshot): SearchIndex {
  return snapshot.derive('search-index', (s) => buildSearchIndex(s.data.reviews));
}

interface CachedBody {
  body: string;
  etag: string;
}

/** GET /api/reviews/search: parse, run the query core, answer with an ETag. */
export function searchRoutes(site: LiveSite, maxAgeS: number, cacheEntries: number): Hono {
  const app = new Hono();
  app.on(['GET', 'HEAD'], SEARCH_PATH, (c) => {
    const parsed = parseSearchQuery(new URL(c.req.url).searchParams);
    if (!parsed.success) throw invalidRequest(parsed.error.issues);
    const snapshot = site.current();
    const index = searchIndexOf(snapshot);
    const compute = (): CachedBody => {
      const body = searchBody(index, parsed.data);
      return { body, etag: strongEtag(body) };
    };
    // Results only change when a build is published, so each snapshot keeps its own cache.
    const cache = snapshot.derive('search-cache', () => new Lru<string, CachedBody>(cacheEntries));
    const { body, etag } = cacheEntries > 0 ? cache.get(JSON.stringify(parsed.data), compute) : compute();
    const lastModified = snapshot.manifest.resources['/reviews.json']?.last_modified;
    const meta = { content_type: JSON_TYPE, etag, ...(lastModified ? { last_modified: lastModified } : {}) };
    return respond(c.req.raw, body, resourceHeaders(SEARCH_PATH, meta, maxAgeS));
  });
  return app;
}
