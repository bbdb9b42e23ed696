import { atomFeed } from './atom.ts';
import type { Dataset } from './content.ts';
import { insightsDocument, reviewsDocument, sinceDocument } from './documents.ts';
import { jsonFeed } from './jsonfeed.ts';
import { type SiteUrls, topicUrls } from './urls.ts';

export const JSON_TYPE = 'application/json; charset=utf-8';
export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/** Compact JSON: key order comes from the zod schemas, so equal data gives equal bytes. */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value);
}

export const SINCE_PREFIX = '/api/reviews/since/';

/** The body of every static resource, by path. Astro endpoints and the sidecar share these. */
export const render = {
  reviews: (d: Dataset) => serializeJson(reviewsDocument(d)),
  insights: (d: Dataset) => serializeJson(insightsDocument(d)),
  jsonFeed: (d: Dataset, urls: SiteUrls) => serializeJson(jsonFeed(d, urls)),
  atomFeed: (d: Dataset, urls: SiteUrls) => atomFeed(d, urls),
  since: (d: Pick<Dataset, 'reviews'>, date: string) => serializeJson(sinceDocument(d.reviews, date)),
};

export function contentTypeFor(path: string): string {
  return path.endsWith('.xml') ? ATOM_TYPE : JSON_TYPE;
}

/** `Link` header for a WebSub topic (interface spec, Events item 4), or undefined. */
export function topicLink(path: string, urls: SiteUrls): string | undefined {
  const topic = `${urls.base}${path}`;
  return topicUrls(urls).includes(topic) ? `<${urls.hub}>; rel="hub", <${topic}>; rel="self"` : undefined;
}
