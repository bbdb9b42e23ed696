import type { Review } from '../schemas/review.ts';

/** Number of newest reviews in both feeds. */
export const FEED_SIZE = 50;

export function stars(rating: number): string {
  return `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`;
}

export function itemTitle(r: Review): string {
  return `${stars(r.rating)} ${r.title ?? `${r.rating}-star review`} by ${r.author.name}`;
}

export function itemText(r: Review): string {
  const body = r.text || `(rating only: ${r.rating} of 5 stars)`;
  return r.response ? `${body}\n\nResponse from the owner (${r.response.date}): ${r.response.text}` : body;
}

/** The later of the review date and the owner's response date. */
export function itemModified(r: Review): string {
  return r.response && r.response.date > r.date ? r.response.date : r.date;
}

/** The date a feed was last updated: derived from the data, never from the clock. */
export function feedUpdated(reviews: readonly Review[]): string {
  return reviews.reduce((max, r) => (itemModified(r) > max ? itemModified(r) : max), '1970-01-01');
}
