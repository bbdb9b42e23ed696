import { z } from 'zod';
import { ReviewSchema } from './review.ts';

/** 200 body of GET /api/reviews/search and structured result of the MCP tool search_reviews. */
export const SearchResultSchema = z.object({
  total: z.int().min(0).describe('Number of reviews matching every filter'),
  count: z.int().min(0).describe('Number of reviews in this page'),
  limit: z.int(),
  offset: z.int(),
  next_offset: z.int().min(0).nullable().describe('The offset of the next page (offset + count), or null when this page is the last'),
  reviews: z.array(ReviewSchema).describe('The page of matching reviews, full review objects'),
});
