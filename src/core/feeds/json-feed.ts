import type { Dataset } from '../content/dataset.ts';
import { dateToInstant } from '../schemas/dates.ts';
import { FEED_SIZE, itemModified, itemText, itemTitle } from './items.ts';
import { type JsonFeed, JsonFeedSchema } from '../schemas/jsonfeed.ts';
import type { SiteUrls } from '../http/urls.ts';

export function jsonFeed({ business, reviews }: Dataset, urls: SiteUrls): JsonFeed {
  const feed: JsonFeed = {
    version: 'https://jsonfeed.org/version/1.1',
    title: `${business.name}: newest reviews`,
    home_page_url: urls.home,
    feed_url: urls.jsonFeed,
    description: `The ${FEED_SIZE} newest verified customer reviews of ${business.name}.`,
    language: business.language,
    authors: [{ name: business.name, url: business.url }],
    hubs: [{ type: 'WebSub', url: urls.hub }],
    items: reviews.slice(0, FEED_SIZE).map((r) => ({
      id: urls.review(r.id),
      url: urls.review(r.id),
      title: itemTitle(r),
      content_text: itemText(r),
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
