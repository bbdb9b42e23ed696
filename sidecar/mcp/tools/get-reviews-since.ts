import { z } from 'zod';
import { sinceDocument } from '../../../src/core/documents/since.ts';
import { SinceDocumentSchema } from '../../../src/core/schemas/documents.ts';
import { CalendarDate } from '../../../src/core/schemas/primitives.ts';
import { MAX_LIMIT, SearchParamsShape } from '../../../src/core/search/params.ts';
import { jsonResult, READ_ONLY } from '../results.ts';
import { defineTool } from '../tool.ts';
import type { McpToolName } from '../../../src/core/openapi/mcp.ts';

export const GET_REVIEWS_SINCE: McpToolName = 'get_reviews_since';

export const GetReviewsSinceInput = z.strictObject({
  date: CalendarDate.describe('Return the reviews written on or after this day (YYYY-MM-DD)'),
  limit: SearchParamsShape.limit,
  offset: SearchParamsShape.offset,
});

const Count = z.int().min(0);

/** GET /api/reviews/since/{date}, one page at a time. */
export const GetReviewsSinceOutput = SinceDocumentSchema.extend({
  count: Count.describe('Number of reviews in this page'),
  total: Count.describe('Number of reviews dated on or after `since`, in all pages'),
  limit: z.int(),
  offset: z.int(),
});

export const getReviewsSinceConfig = {
  title: 'Get reviews since a date',
  description: [
    'Returns the reviews written on or after a date, newest first, with full review fields, like GET',
    '/api/reviews/since/{date}. Use it to catch up on what is new since a given day (for example since the last',
    `time you looked). At most ${MAX_LIMIT} reviews come back per call (limit, default 20): total says how many`,
    'there are in all; when total is larger than offset + count, call again with offset + count for the next page.',
  ].join(' '),
  inputSchema: GetReviewsSinceInput,
  outputSchema: GetReviewsSinceOutput,
  annotations: { title: 'Get reviews since a date', ...READ_ONLY },
};

export const getReviewsSinceTool = defineTool({
  name: GET_REVIEWS_SINCE,
  config: getReviewsSinceConfig,
  run(snapshot, { date, limit, offset }) {
    const { since, count: total, reviews } = sinceDocument(snapshot.data.reviews, date);
    const page = reviews.slice(offset, offset + limit);
    return jsonResult({ since, total, count: page.length, limit, offset, reviews: page });
  },
});
