import { SearchResultSchema } from '../../../src/core/schemas/search.ts';
import { MAX_LIMIT, SearchParamsSchema } from '../../../src/core/search/params.ts';
import { searchReviews } from '../../../src/core/search/run.ts';
import { resolveNames } from '../../../src/core/search/names.ts';
import { searchIndexOf, searchNamesOf } from '../../site/search-index.ts';
import { errorResult, jsonResult, READ_ONLY } from '../results.ts';
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
    'inclusive), a technician (mentions_technician: full name, or a first name or surname only one technician has),',
    'a service (mentions_service: id, name or synonym from get_business), a service area (service_area: name),',
    'a source (source: e.g. google) and has_text (true: only reviews with written text, false: only rating-only ones).',
    "A name that fits several or none of the business's technicians, services, areas or sources is an error that",
    `lists the candidates. Results come newest first unless sort says oldest, highest or lowest. At most ${MAX_LIMIT}`,
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
  run: (snapshot, params) => {
    const named = resolveNames(searchNamesOf(snapshot), params);
    if (!named.ok) return errorResult(`Invalid arguments: ${named.issues.map((i) => `${i.path[0]}: ${i.message}`).join('; ')}`);
    return jsonResult({ ...searchReviews(searchIndexOf(snapshot), named.params) });
  },
});
