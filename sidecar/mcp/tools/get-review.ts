import { z } from 'zod';
import type { McpToolName } from '../../../src/core/openapi/mcp.ts';
import { ReviewIdSchema, ReviewSchema } from '../../../src/core/schemas/review.ts';
import { reviewById } from '../build-data.ts';
import { defineTool, errorResult, jsonResult, READ_ONLY } from '../tool.ts';

export const GET_REVIEW: McpToolName = 'get_review';

export const GetReviewInput = z.strictObject({
  id: ReviewIdSchema.describe('The review id, exactly as in the `id` field of a search_reviews or get_reviews_since result'),
});

export const getReviewConfig = {
  title: 'Get review',
  description: [
    'One review by id, every field whole (text, translation, owner response, technicians, services, area).',
    'An unknown id is an error result naming it.',
  ].join(' '),
  inputSchema: GetReviewInput,
  outputSchema: ReviewSchema,
  annotations: { title: 'Get review', ...READ_ONLY },
};

export const getReviewTool = defineTool({
  name: GET_REVIEW,
  config: getReviewConfig,
  run(snapshot, { id }) {
    const review = reviewById(snapshot, id);
    if (!review) return errorResult(`No review has the id "${id}". Find review ids with search_reviews or get_reviews_since.`);
    return jsonResult({ ...review });
  },
});
