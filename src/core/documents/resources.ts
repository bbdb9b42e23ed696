import type { Dataset } from '../content/dataset.ts';
import { atomFeed } from '../feeds/atom.ts';
import { jsonFeed } from '../feeds/json-feed.ts';
import { serializeJson } from '../http/media.ts';
import type { SiteUrls } from '../http/urls.ts';
import type { Locale } from '../i18n/locale.ts';
import { insightsDocument, reviewsDocument } from './documents.ts';
import { renderSince } from './since.ts';

/** The body of every static data resource. Astro endpoints render these; since is shared with the sidecar. */
export const render = {
  reviews: (d: Dataset) => serializeJson(reviewsDocument(d)),
  insights: (d: Dataset) => serializeJson(insightsDocument(d)),
  jsonFeed: (d: Dataset, urls: SiteUrls, locale?: Locale) => serializeJson(jsonFeed(d, urls, locale)),
  atomFeed: (d: Dataset, urls: SiteUrls, locale?: Locale) => atomFeed(d, urls, locale),
  since: (d: Pick<Dataset, 'reviews'>, date: string) => renderSince(d.reviews, date),
};
