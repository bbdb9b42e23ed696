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
  return summarizeRatingValues(reviews.map((r) => r.rating));
}

/**
 * The same over the ratings alone (1 to 5), as a search index holds them: one pass over the
 * numbers, no object made per review, which a Worker's first request would pay for at 20,000.
 */
export function summarizeRatingValues(ratings: ArrayLike<number>): RatingSummary {
  const stars = [0, 0, 0, 0, 0, 0];
  let sum = 0;
  for (let i = 0; i < ratings.length; i++) {
    const rating = ratings[i] as number;
    stars[rating] = (stars[rating] as number) + 1;
    sum += rating;
  }
  const [, one, two, three, four, five] = stars as [number, number, number, number, number, number];
  return {
    rating_value: ratings.length ? round2(sum / ratings.length) : null,
    review_count: ratings.length,
    distribution: { '1': one, '2': two, '3': three, '4': four, '5': five },
  };
}

export function aggregateRating(reviews: readonly Pick<Review, 'rating'>[]) {
  return aggregateOf(summarizeRatings(reviews));
}

/** aggregateRating over the ratings alone. */
export function aggregateRatingOfValues(ratings: ArrayLike<number>): AggregateRating {
  return aggregateOf(summarizeRatingValues(ratings));
}

function aggregateOf(s: RatingSummary) {
  return { rating_value: s.rating_value, review_count: s.review_count, best_rating: 5, worst_rating: 1, distribution: s.distribution };
}

export type AggregateRating = ReturnType<typeof aggregateOf>;
