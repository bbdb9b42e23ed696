import { Hono } from 'hono';
import type { Sha256 } from '../../src/core/bytes/sha256.ts';
import { renderSinceBytes, reviewsRegion, sinceEtag, sinceParts, sincePartsJoined, sinceReviewOffsets } from '../../src/core/documents/since.ts';
import { strongEtag } from '../../src/core/http/etag.ts';
import { resourceHeaders } from '../../src/core/http/headers.ts';
import { JSON_TYPE } from '../../src/core/http/media.ts';
import { SURFACE } from '../../src/core/http/surface.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { CalendarDate } from '../../src/core/schemas/primitives.ts';
import { countSince } from '../../src/core/search/run.ts';
import { invalidRequest } from '../http/errors.ts';
import { type Representation, representation, representationBytes, respond } from '../http/respond.ts';
import type { LiveSite } from '../site/live-site.ts';
import { perBuild, type SiteSnapshot } from '../site/snapshot.ts';
import { Lru } from '../util/lru.ts';
import { ownBytes } from '../util/own-bytes.ts';

const OFFSETS = perBuild('since review offsets', (s) => sinceReviewOffsets(s.data.reviews));
const REGION = perBuild('reviews in /reviews.json', (s) => reviewsRegion(s.bytes(SURFACE.reviews.path) as Uint8Array, s.data.reviews, s.derive(OFFSETS)));

/** From a packed search index the runtime prepared (the Worker's): no /reviews.json to parse. */
function packedParts(snapshot: SiteSnapshot, date: string): Uint8Array[] | undefined {
  const index = snapshot.prepared.searchIndex;
  if (!index?.joinedJson) return undefined;
  const n = countSince(index, date);
  return sincePartsJoined(date, n, index.joinedJson(n)).map((p, i) => (i === 1 ? p : ownBytes(p)));
}

/** Views of the build's /reviews.json bytes, when they are laid out as the build writes them. */
function regionParts(snapshot: SiteSnapshot, date: string): Uint8Array[] | undefined {
  const region = snapshot.derive(REGION);
  return region ? sinceParts(region, snapshot.data.reviews, date, snapshot.derive(OFFSETS)).map((p, i) => (i === 1 ? p : ownBytes(p))) : undefined;
}

export interface SinceRoutesOptions {
  site: LiveSite;
  maxAgeS: number;
  /** Bytes of responses kept per build: about 1 KB a date, the reviews being views of /reviews.json. */
  cacheBytes: number;
  /** The runtime's SHA-256 for a body hashed whole (AppDeps.sha256). */
  sha256?: Sha256 | undefined;
}

/**
 * Since dates that were not pre-rendered (not a review date, or beyond the size budget).
 * The body is the build's /reviews.json bytes of the reviews on or after the date, between
 * the head and tail the build writes (src/core/documents/since.ts), so bytes and ETag match;
 * a reviews.json laid out otherwise is rendered review by review instead.
 */
export function sinceRoutes({ site, maxAgeS, cacheBytes, sha256 }: SinceRoutesOptions): Hono {
  const app = new Hono();
  const SINCE_RESPONSES = perBuild(
    'since responses',
    () => new Lru<string, Representation>({ maxBytes: cacheBytes, sizeOf: representationBytes, repeatedOnly: true }),
  );
  app.on(['GET', 'HEAD'], `${PATHS.sincePrefix}:date`, (c) => {
    const date = c.req.param('date') ?? '';
    const parsed = CalendarDate.safeParse(date);
    if (!parsed.success) throw invalidRequest(parsed.error.issues.map((i) => ({ ...i, path: ['date'] })));
    const snapshot = site.current();
    const cache = snapshot.derive(SINCE_RESPONSES);
    const rep = cache.get(date, () => {
      const parts = packedParts(snapshot, date) ?? regionParts(snapshot, date);
      const body = parts ?? renderSinceBytes(snapshot.data.reviews, date, snapshot.derive(OFFSETS));
      const reviewsMeta = snapshot.manifest.resources[SURFACE.reviews.path];
      const etag = reviewsMeta ? sinceEtag(reviewsMeta.etag, date) : strongEtag(body, sha256);
      const meta = { content_type: JSON_TYPE, etag, ...(reviewsMeta ? { last_modified: reviewsMeta.last_modified } : {}) };
      return representation(body, resourceHeaders(c.req.path, meta, maxAgeS), parts ? (parts[1] as Uint8Array).byteLength : 0);
    });
    return respond(c.req.raw, rep);
  });
  return app;
}
