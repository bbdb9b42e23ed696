import type { Review } from '../schemas/review.ts';

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Date descending, then id descending: the order of every review list we publish. */
export function newestFirst(a: Review, b: Review): number {
  return compare(b.date, a.date) || compare(b.id, a.id);
}
