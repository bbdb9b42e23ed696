import { z } from 'zod';
import { BusinessSchema } from './business.ts';
import { ReviewCountsSchema } from './imports.ts';
import { CalendarDate } from './primitives.ts';
import { ReviewSchema } from './review.ts';

const Count = z.int().min(0);

export const DistributionSchema = z.object({ '1': Count, '2': Count, '3': Count, '4': Count, '5': Count }).describe('Number of reviews per star rating');

export const AggregateRatingSchema = z.object({
  rating_value: z.number().min(1).max(5).nullable().describe('Mean rating, 2 decimals; null without reviews'),
  review_count: Count,
  best_rating: z.literal(5),
  worst_rating: z.literal(1),
  distribution: DistributionSchema,
});

/** GET /reviews.json */
export const ReviewsDocumentSchema = z.object({
  business: BusinessSchema,
  aggregate_rating: AggregateRatingSchema,
  review_counts: ReviewCountsSchema.optional().describe(
    'Present when the reviews came in through `npm run import`: how many were imported, published and left out, by reason',
  ),
  reviews: z.array(ReviewSchema).describe('Every published review, newest first, each with its evidence or none'),
});

/** GET /api/reviews/since/{date} */
export const SinceDocumentSchema = z.object({
  since: CalendarDate,
  count: Count,
  reviews: z.array(ReviewSchema).describe('Reviews dated on or after `since`, newest first'),
});

export type ReviewsDocument = z.infer<typeof ReviewsDocumentSchema>;
