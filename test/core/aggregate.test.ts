import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { aggregateRating, aggregateRatingOfValues } from '../../src/core/content/aggregate.ts';

describe('the aggregate rating', () => {
  it('is the mean to 2 decimals, the count and each star count', () => {
    expect(aggregateRating([{ rating: 5 }, { rating: 5 }, { rating: 4 }, { rating: 1 }])).toEqual({
      rating_value: 3.75,
      review_count: 4,
      best_rating: 5,
      worst_rating: 1,
      distribution: { '1': 1, '2': 0, '3': 0, '4': 1, '5': 2 },
    });
    expect(aggregateRating([])).toMatchObject({ rating_value: null, review_count: 0, distribution: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } });
  });

  it("is the same from a search index's ratings as from the reviews", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { maxLength: 300 }), (ratings) => {
        const fromReviews = aggregateRating(ratings.map((rating) => ({ rating })));
        expect(aggregateRatingOfValues(Uint8Array.from(ratings))).toEqual(fromReviews);
        const stars = fromReviews.distribution;
        expect(stars['1'] + stars['2'] + stars['3'] + stars['4'] + stars['5']).toBe(ratings.length);
      }),
    );
  });
});
