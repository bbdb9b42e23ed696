// GET /llms.txt (https://llmstxt.org): an H1, a one-paragraph blockquote, notes, then H2
// sections of `- [name](url): notes` links; the section named "Optional" may be skipped.
import { aggregateRating } from '../content/aggregate.ts';
import type { Dataset } from '../content/dataset.ts';
import { ARCHIVE_PAGE_SIZE, archivePages } from '../documents/archive.ts';
import { FEED_SIZE } from '../feeds/items.ts';
import { type SiteUrls, topicUrls } from '../http/urls.ts';
import { MCP_TOOLS } from '../openapi/mcp.ts';
import { SearchParamsShape } from '../search/params.ts';
import { ENGLISH } from '../i18n/locale.ts';
import { verificationText } from './verification.ts';

/** Text from the content, made inert in Markdown. */
const md = (s: string) => s.replace(/[\\`*_[\]<>#|]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');

export function llmsTxt(dataset: Dataset, urls: SiteUrls): string {
  const { business, reviews } = dataset;
  const agg = aggregateRating(reviews);
  const { locality, region, country } = business.address;
  const place = [locality, region].filter(Boolean).join(', ') || country;
  const rated = agg.rating_value === null ? 'no reviews yet' : `${agg.review_count} reviews, rated ${agg.rating_value.toFixed(1)} out of 5`;
  const verification = verificationText(dataset, ENGLISH);
  const date = reviews[0]?.date ?? '2024-01-01';
  const pages = archivePages(reviews).length;
  const lines = [
    `# ${md(business.name)}: customer reviews`,
    '',
    `> Read-only service publishing the reviews of ${md(business.name)} (${md(place)}): ${rated}.${verification ? ` ${verification}` : ''} ` +
      'The same data as JSON, JSON Feed and Atom feeds, a search endpoint, an MCP server and a WebSub hub. No key, no account, no SDK.',
    '',
    'Every endpoint is public and read-only. JSON responses carry `ETag` and `Last-Modified`; send them back in `If-None-Match` or `If-Modified-Since` to get 304 Not Modified. Errors are JSON: `{"error": "...", "message": "...", "issues": [...]}` (issues on 400 only). Dates are `YYYY-MM-DD`.',
    '',
    '## Data',
    '',
    `- [Reviews dataset](${urls.reviews}): business metadata (contact, service areas, services, technicians), aggregate rating and every published review, newest first, each with its \`evidence\` that the author is a customer (a matched job, the platform, the owner) or none`,
    `- [Insights](${urls.insights}): aspect-based sentiment, technicians, services and service areas with their ratings, topics, FAQ, a summary and the analyser's measured accuracy`,
    `- [Search](${urls.search}?min_rating=4&limit=5): reviews matching query parameters ${Object.keys(SearchParamsShape).join(', ')}; returns total, count, limit, offset and reviews`,
    `- [Reviews since a date](${urls.since(date)}): every review dated on or after the date in the path`,
    `- [Ratings](${urls.base}/api/ratings.json): the aggregate rating of the business and of every technician, service and service area, with the URL of its page`,
    '',
    '## Feeds and push',
    '',
    `- [JSON Feed](${urls.jsonFeed}): the ${FEED_SIZE} newest reviews as JSON Feed 1.1; each item's url is the review's anchor on the home page`,
    `- [Atom feed](${urls.atomFeed}): the same ${FEED_SIZE} reviews as Atom`,
    `- [WebSub hub](${urls.hub}): POST form fields hub.mode=subscribe, hub.topic (${topicUrls(urls).join(', ')}) and an HTTPS hub.callback; the hub verifies with a GET carrying hub.challenge, then POSTs each new version of the topic`,
    '',
    '## For programs and agents',
    '',
    `- [OpenAPI 3.1 document](${urls.base}/openapi.json): every HTTP endpoint with its parameters, headers, responses and JSON schemas`,
    `- [MCP server](${urls.mcp}): Model Context Protocol over streamable HTTP (JSON-RPC 2.0, POST): revision 2026-07-28 statelessly (start with server/discover), 2025 revisions after initialize. Tools: ${MCP_TOOLS.map((t) => `${t.name} (${t.description.replace(/\.$/, '')})`).join('; ')}`,
    '',
    '## Optional',
    '',
    `- [Reviews page](${urls.home}): the business, the rating histogram, insights and the ${FEED_SIZE} newest reviews, each at #review-<id>`,
    `- [Review archive](${urls.base}/reviews/): all reviews, ${ARCHIVE_PAGE_SIZE} a page at /reviews/page/<n>/; page 1 holds the oldest and page ${pages} the newest, so a review's page never changes`,
    `- [API guide](${urls.base}/api/): a curl example for every endpoint, MCP and WebSub step by step, and the snippets to embed the reviews on another website`,
    `- [Reviews by rating](${urls.base}/reviews/stars/1/): one page per star rating, 1 to 5, and one per technician (/technicians/<slug>/), service (/services/<id>/) and service area (/areas/<slug>/), each with its rating and reviews`,
    '',
  ];
  return lines.join('\n');
}
