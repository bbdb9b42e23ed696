// The review archive's pages: pure, and light enough for /openapi.json and /llms.txt to use.
import type { Review } from '../schemas/review.ts';

export const ARCHIVE_PAGE_SIZE = 50;

export interface ArchivePage {
  /** 1 is the oldest page. */
  number: number;
  /** Newest first, like everywhere else on the site. */
  reviews: Review[];
  /** Date of the oldest and the newest review on the page. */
  from: string;
  to: string;
}

/**
 * The review archive, ARCHIVE_PAGE_SIZE reviews a page, counted from the OLDEST review:
 * page 1 holds the 50 oldest, the last page the newest (and is the only one not full).
 * A new review only ever lands on the last page (or opens a new one), so a review's
 * archive URL (/reviews/page/3/#review-<id>) never changes, and a full page's bytes and
 * ETag change only once more, when its "newer" link appears; caches keep answering 304.
 * Newest-first numbering, the usual choice, would move every review to another page on
 * every new review. This holds while reviews arrive in date order; a back-dated or
 * withdrawn review shifts the pages after it, as in any paged list.
 */
export function archivePages(reviews: readonly Review[], size = ARCHIVE_PAGE_SIZE): ArchivePage[] {
  const n = reviews.length;
  const count = Math.max(1, Math.ceil(n / size));
  const pages: ArchivePage[] = [];
  for (let number = 1; number <= count; number += 1) {
    // `reviews` is newest first: the oldest-first slice [(p-1)·size, p·size) read backwards
    const slice = reviews.slice(Math.max(0, n - number * size), n - (number - 1) * size);
    pages.push({ number, reviews: slice, from: slice[slice.length - 1]?.date ?? '', to: slice[0]?.date ?? '' });
  }
  return pages;
}

export const archivePath = (page: number) => `/reviews/page/${page}/`;

const positions = new WeakMap<readonly Review[], Map<string, number>>();

/** Where a review lives in the archive: `/reviews/page/N/#review-<id>` (newest-first `reviews`). */
export function reviewArchivePath(reviews: readonly Review[], id: string, size = ARCHIVE_PAGE_SIZE): string {
  let index = positions.get(reviews);
  if (!index) {
    index = new Map(reviews.map((r, i) => [r.id, i]));
    positions.set(reviews, index);
  }
  const i = index.get(id) ?? 0;
  return `${archivePath(Math.floor((reviews.length - 1 - i) / size) + 1)}#review-${encodeURIComponent(id)}`;
}
