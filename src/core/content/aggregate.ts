import type { Review } from '../schemas/review.ts';

export type Distribution = Record<'1' | '2' | '3' | '4' | '5', number>;

export interface RatingSummary {
  rating_value: number | null;
  review_count: number;
  distribution: Distribution;
}

export function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** Mean (2 decimals, null when there are no reviews), count and per-star distribution. */
export function summarizeRatings(reviews: readonly Pick<Review, 'rating'>[]): RatingSummary {
  const distribution: Distribution = { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 };
  let sum = 0;
  for (const r of reviews) {
    distribution[String(r.rating) as keyof Distribution] += 1;
    sum += r.rating;
  }
  return {
    rating_value: reviews.length ? round2(sum / reviews.length) : null,
    review_count: reviews.length,
    distribution,
  };
}

export function aggregateRating(reviews: readonly Pick<Review, 'rating'>[]) {
  const s = summarizeRatings(reviews);
  return { rating_value: s.rating_value, review_count: s.review_count, best_rating: 5, worst_rating: 1, distribution: s.distribution };
}

export type AggregateRating = ReturnType<typeof aggregateRating>;
