// GET /llms.txt (https://llmstxt.org): an H1, a one-paragraph blockquote, notes, then H2
// sections of `- [name](url): notes` links; the section named "Optional" may be skipped. The
// words are in llms-txt.json, one entry a line; the code fills in the names, counts and URLs.
import { aggregateRating } from '../content/aggregate.ts';
import type { Dataset } from '../content/dataset.ts';
import { ARCHIVE_PAGE_SIZE, archivePages } from '../documents/archive.ts';
import { FEED_SIZE } from '../feeds/items.ts';
import { type SiteUrls, topicUrls } from '../http/urls.ts';
import { ENGLISH } from '../i18n/locale.ts';
import { MCP_TOOLS } from '../openapi/mcp.ts';
import { SearchParamsShape } from '../search/params.ts';
import { fill } from '../text/fill.ts';
import { verificationText } from './verification.ts';
import TEXT from './llms-txt.json' with { type: 'json' };

/** Text from the content, made inert in Markdown. */
const md = (s: string) => s.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');

export function llmsTxt(dataset: Dataset, urls: SiteUrls): string {
  const { business, reviews } = dataset;
  // the verification sentences, each with its count (src/core/site/verification.ts)
  const verification = verificationText(dataset, ENGLISH);
  const agg = aggregateRating(reviews);
  const { locality, region, country } = business.address;
  const place = [locality, region].filter(Boolean).join(', ') || country;
  const rated = agg.rating_value === null ? TEXT.noReviews : fill(TEXT.rated, { count: agg.review_count, value: agg.rating_value.toFixed(1) });
  const date = reviews[0]?.date ?? '2024-01-01';
  const pages = archivePages(reviews).length;
  return TEXT.lines
    .map((line) =>
      fill(line, {
        name: md(business.name),
        place: md(place),
        rated,
        verification: verification ? ` ${verification}` : '',
        reviews: urls.reviews,
        insights: urls.insights,
        search: urls.search,
        searchParameters: Object.keys(SearchParamsShape).join(', '),
        since: urls.since(date),
        base: urls.base,
        jsonFeed: urls.jsonFeed,
        atomFeed: urls.atomFeed,
        feedSize: FEED_SIZE,
        hub: urls.hub,
        topics: topicUrls(urls).join(', '),
        mcp: urls.mcp,
        tools: MCP_TOOLS.map((t) => `${t.name} (${t.description.replace(/\.$/, '')})`).join('; '),
        home: urls.home,
        pageSize: ARCHIVE_PAGE_SIZE,
        pages,
      }),
    )
    .join('\n');
}
