import { SearchResultSchema } from '../../../src/core/schemas/search.ts';
import { MAX_LIMIT, SearchParamsSchema } from '../../../src/core/search/params.ts';
import { searchReviews } from '../../../src/core/search/run.ts';
import { searchIndexOf } from '../../site/search-index.ts';
import { jsonResult, READ_ONLY } from '../results.ts';
import { defineTool } from '../tool.ts';
import type { McpToolName } from '../../../src/core/openapi/mcp.ts';

export const SEARCH_REVIEWS: McpToolName = 'search_reviews';

/**
 * The parameters of GET /api/reviews/search, as the one shared schema: strict (an unknown
 * argument is an error) with the since <= until check. SDK 1.32.2 validates tool arguments
 * against it and answers a failure with a tool result (`isError: true`) whose text lists
 * each issue with its path, so a model can correct its call.
 */
export const SearchReviewsInput = SearchParamsSchema;

export const searchReviewsConfig = {
  title: 'Search reviews',
  description: [
    'Finds reviews matching every given filter (filters combine with AND) and returns one page of them with full',
    'review fields: id, date, star rating, title, text, author, technicians and services mentioned, service area',
    "and the owner's response. The result also says how many reviews match in total (total), how many are in",
    'this page (count) and the limit and offset used. Use it to answer questions about what customers said:',
    'text search (query: case- and accent-insensitive substring of the title or text), star filters (rating for',
    'an exact number of stars, min_rating for at least that many), a date range (since/until, YYYY-MM-DD,',
    'inclusive), a technician (mentions_technician: full name) or a service (mentions_service: service id from',
    `get_business). Results come newest first unless sort says oldest, highest or lowest. At most ${MAX_LIMIT}`,
    'reviews come back per call: when total is larger than offset + count, call again with offset + count to read',
    'the next page. Same parameters, validation and results as GET /api/reviews/search.',
  ].join(' '),
  inputSchema: SearchReviewsInput,
  outputSchema: SearchResultSchema,
  annotations: { title: 'Search reviews', ...READ_ONLY },
};

export const searchReviewsTool = defineTool({
  name: SEARCH_REVIEWS,
  config: searchReviewsConfig,
  run: (snapshot, params) => jsonResult({ ...searchReviews(searchIndexOf(snapshot), params) }),
});
