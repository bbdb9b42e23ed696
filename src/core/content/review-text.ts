import type { Review } from '../schemas/review.ts';

/** Every word of a review, original and translation, for matching names and queries. */
export function allText(review: Pick<Review, 'text' | 'translation'>): string {
  return review.translation ? `${review.text}\n${review.translation.text}` : review.text;
}
