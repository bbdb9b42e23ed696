import { z } from 'zod';
import type { McpToolName } from '../../../src/core/openapi/mcp.ts';
import { SinceDocumentSchema } from '../../../src/core/schemas/documents.ts';
import { CalendarDate } from '../../../src/core/schemas/primitives.ts';
import { SearchParamsShape } from '../../../src/core/search/params.ts';
import { countSince, nextOffset } from '../../../src/core/search/run.ts';
import { searchIndexOf } from '../../site/search-index.ts';
import { APP_TOOL_META } from '../protocol.ts';
import { defineTool, READ_ONLY } from '../tool.ts';
import { FieldsParam, McpLimit, ReviewFieldsSchema, reviewPageResult, TEXT_LIMIT, withFields } from './review-page.ts';

export const GET_REVIEWS_SINCE: McpToolName = 'get_reviews_since';

export const GetReviewsSinceInput = z.strictObject({
  date: CalendarDate.describe('Return the reviews written on or after this day (YYYY-MM-DD)'),
  limit: McpLimit,
  offset: SearchParamsShape.offset,
  fields: FieldsParam,
});

const Count = z.int().min(0);

/** GET /api/reviews/since/{date}, one page at a time. */
export const GetReviewsSinceOutput = SinceDocumentSchema.extend({
  count: Count.describe('Number of reviews in this page'),
  total: Count.describe('Number of reviews dated on or after `since`, in all pages'),
  limit: z.int(),
  offset: z.int(),
  next_offset: z.int().min(0).nullable().describe('The offset of the next page, or null when this page is the last'),
  reviews: ReviewFieldsSchema.array(),
});

export const getReviewsSinceConfig = {
  title: 'Get reviews since a date',
  description: [
    'Reviews written on or after a date, newest first (GET /api/reviews/since/{date}): what is new since a day.',
    'total counts them all; next_offset is where the next page starts (null on the last).',
    `Texts over ${TEXT_LIMIT} characters are cut (truncated: full lengths; get_review has all).`,
  ].join(' '),
  inputSchema: GetReviewsSinceInput,
  outputSchema: GetReviewsSinceOutput,
  annotations: { title: 'Get reviews since a date', ...READ_ONLY },
  _meta: APP_TOOL_META,
};

export const getReviewsSinceTool = defineTool({
  name: GET_REVIEWS_SINCE,
  config: getReviewsSinceConfig,
  run(snapshot, { date, limit, offset, fields }) {
    // the since document's reviews are the index's first `total` positions (both newest first)
    const index = searchIndexOf(snapshot);
    const total = countSince(index, date);
    const page = Array.from({ length: Math.max(0, Math.min(total, offset + limit) - offset) }, (_, i) => index.review(offset + i));
    return reviewPageResult(withFields(page, fields), limit, (listed) => ({
      since: date,
      total,
      count: page.length,
      limit,
      offset,
      next_offset: nextOffset(total, offset, page.length),
      reviews: listed,
    }));
  },
});
