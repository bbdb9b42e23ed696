import type { Dataset } from '../content/dataset.ts';
import type { SiteUrls } from '../http/urls.ts';
import { ENGLISH, type Locale } from '../i18n/locale.ts';
import { dateToInstant } from '../schemas/dates.ts';
import { type JsonFeed, JsonFeedSchema } from '../schemas/jsonfeed.ts';
import { FEED_SIZE, itemModified, itemText, itemTitle } from './items.ts';

export function jsonFeed({ business, reviews }: Dataset, urls: SiteUrls, locale: Locale = ENGLISH): JsonFeed {
  const feed: JsonFeed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: locale.t('feed.title', { name: business.name }),
    home_page_url: urls.home,
    feed_url: urls.jsonFeed,
    description: locale.t('feed.description', { count: FEED_SIZE, name: business.name }),
    language: business.language,
    authors: [{ name: business.name, url: business.url ?? urls.home }],
    hubs: [{ type: 'WebSub', url: urls.hub }],
    items: reviews.slice(0, FEED_SIZE).map((r) => ({
      id: urls.review(r.id),
      url: urls.review(r.id),
      title: itemTitle(r, locale),
      content_text: itemText(r, locale),
      date_published: dateToInstant(r.date),
      ...(itemModified(r) !== r.date ? { date_modified: dateToInstant(itemModified(r)) } : {}),
      authors: [{ name: r.author.name }],
      tags: [`rating:${r.rating}`, ...r.services.map((s) => `service:${s}`)],
      _review: r,
    })),
  };
  // We write JSON Feed 1.1 ourselves (the `feed` package only writes 1.0), so check it.
  return JsonFeedSchema.parse(feed);
}
