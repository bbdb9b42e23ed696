import { z } from 'zod';
import { ReviewIdSchema, ReviewSchema } from '../../../src/core/schemas/review.ts';
import { reviewsById } from '../deps.ts';
import { errorResult, jsonResult, READ_ONLY } from '../results.ts';
import { defineTool } from '../tool.ts';
import type { McpToolName } from '../../../src/core/openapi/mcp.ts';

export const GET_REVIEW: McpToolName = 'get_review';

export const GetReviewInput = z.strictObject({
  id: ReviewIdSchema.describe('The review id, exactly as in the `id` field of a search_reviews or get_reviews_since result'),
});

export const getReviewConfig = {
  title: 'Get review',
  description: [
    'Returns one review by its id with every field: date, star rating, title, text, author, verified flag, source,',
    "technicians and services mentioned, service area and the owner's response. Use it to re-read or quote a",
    'review whose id you already have (from search_reviews, get_reviews_since or the insights). An id that no',
    'review has gives an error result naming the id.',
  ].join(' '),
  inputSchema: GetReviewInput,
  outputSchema: ReviewSchema,
  annotations: { title: 'Get review', ...READ_ONLY },
};

export const getReviewTool = defineTool({
  name: GET_REVIEW,
  config: getReviewConfig,
  run(snapshot, { id }) {
    const review = reviewsById(snapshot).get(id);
    if (!review) return errorResult(`No review has the id "${id}". Find review ids with search_reviews or get_reviews_since.`);
    return jsonResult({ ...review });
  },
});
