import type { McpToolName } from '../../../src/core/openapi/mcp.ts';
import { SearchResultSchema } from '../../../src/core/schemas/search.ts';
import { resolveNames } from '../../../src/core/search/names.ts';
import { searchParamsWith } from '../../../src/core/search/params.ts';
import { searchReviews } from '../../../src/core/search/run.ts';
import { searchIndexOf, searchNamesOf } from '../../site/search-index.ts';
import { APP_TOOL_META } from '../protocol.ts';
import { defineTool, errorResult, READ_ONLY } from '../tool.ts';
import { FieldsParam, McpLimit, ReviewFieldsSchema, reviewPageResult, TEXT_LIMIT, withFields } from './review-page.ts';

export const SEARCH_REVIEWS: McpToolName = 'search_reviews';

/**
 * The parameters of GET /api/reviews/search, from the one shared schema (strict: an unknown
 * argument is an error; since <= until), with a smaller default page and a choice of
 * fields. The SDK validates tool arguments against it and answers a failure with a tool
 * result (`isError: true`) whose text lists each issue with its path.
 */
export const SearchReviewsInput = searchParamsWith({ limit: McpLimit, fields: FieldsParam });

export const SearchReviewsOutput = SearchResultSchema.extend({ reviews: ReviewFieldsSchema.array() });

export const searchReviewsConfig = {
  title: 'Search reviews',
  description: [
    'Reviews matching every given filter, newest first unless sort says otherwise. Technicians, services,',
    'areas and sources are matched by the names get_business lists; a name that fits several or none is an error',
    'listing the candidates. total counts every match; next_offset starts the next page (null on the last).',
    `Texts over ${TEXT_LIMIT} characters are cut (truncated: full lengths; get_review has all).`,
  ].join(' '),
  inputSchema: SearchReviewsInput,
  outputSchema: SearchReviewsOutput,
  annotations: { title: 'Search reviews', ...READ_ONLY },
  _meta: APP_TOOL_META,
};

export const searchReviewsTool = defineTool({
  name: SEARCH_REVIEWS,
  config: searchReviewsConfig,
  run: (snapshot, { fields, ...params }) => {
    const named = resolveNames(searchNamesOf(snapshot), params);
    if (!named.ok) return errorResult(`Invalid arguments: ${named.issues.map((i) => `${i.path[0]}: ${i.message}`).join('; ')}`);
    const result = searchReviews(searchIndexOf(snapshot), named.params);
    return reviewPageResult(withFields(result.reviews, fields), named.params.limit, (reviews) => ({ ...result, reviews }));
  },
});
