import { Hono } from 'hono';
import { strongEtag } from '../../src/core/http/etag.ts';
import { resourceHeaders } from '../../src/core/http/headers.ts';
import { JSON_TYPE } from '../../src/core/http/media.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { renderSinceBytes, sinceReviewOffsets } from '../../src/core/documents/since.ts';
import { CalendarDate } from '../../src/core/schemas/primitives.ts';
import { invalidRequest } from '../http/errors.ts';
import { type Representation, representation, representationBytes, respond } from '../http/respond.ts';
import type { LiveSite } from '../site/live-site.ts';
import { perBuild } from '../site/snapshot.ts';
import { Lru } from '../util/lru.ts';
import { SURFACE } from '../../src/core/http/surface.ts';

const OFFSETS = perBuild('since review offsets', (s) => sinceReviewOffsets(s.data.reviews));

export interface SinceRoutesOptions {
  site: LiveSite;
  maxAgeS: number;
  /** Bytes of rendered bodies kept per build (one old date at 20,000 reviews is about 7 MB). */
  cacheBytes: number;
}

/**
 * Since dates that were not pre-rendered (not a review date, or beyond the size budget).
 * The body is rendered by the same core function as the build, so bytes and ETag match.
 */
export function sinceRoutes({ site, maxAgeS, cacheBytes }: SinceRoutesOptions): Hono {
  const app = new Hono();
  const SINCE_RESPONSES = perBuild('since responses', () => new Lru<string, Representation>({ maxBytes: cacheBytes, sizeOf: representationBytes }));
  app.on(['GET', 'HEAD'], `${PATHS.sincePrefix}:date`, (c) => {
    const date = c.req.param('date') ?? '';
    const parsed = CalendarDate.safeParse(date);
    if (!parsed.success) throw invalidRequest(parsed.error.issues.map((i) => ({ ...i, path: ['date'] })));
    const snapshot = site.current();
    const cache = snapshot.derive(SINCE_RESPONSES);
    const rep = cache.get(date, () => {
      const body = renderSinceBytes(snapshot.data.reviews, date, snapshot.derive(OFFSETS));
      const reviewsMeta = snapshot.manifest.resources[SURFACE.reviews.path];
      const meta = { content_type: JSON_TYPE, etag: strongEtag(body), ...(reviewsMeta ? { last_modified: reviewsMeta.last_modified } : {}) };
      return representation(body, resourceHeaders(c.req.path, meta, maxAgeS));
    });
    return respond(c.req.raw, rep);
  });
  return app;
}
