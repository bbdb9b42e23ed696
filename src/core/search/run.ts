import type { Review } from '../schemas/review.ts';
import { fold } from './fold.ts';
import { type SearchIndex, trigramsOf } from './index.ts';
import type { SearchParams } from './params.ts';

export interface SearchResult {
  total: number;
  count: number;
  limit: number;
  offset: number;
  reviews: Review[];
}

function lowerBound(list: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function contains(list: Uint32Array, value: number): boolean {
  return list[lowerBound(list, value)] === value;
}

/** Positions [lo, hi) of reviews dated within since..until (dates descend along positions). */
function dateRange(index: SearchIndex, since?: string, until?: string): [number, number] {
  const dates = index.reviews;
  const first = (pred: (d: string) => boolean) => {
    let lo = 0;
    let hi = dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pred((dates[mid] as Review).date)) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  return [until ? first((d) => d <= until) : 0, since ? first((d) => d < since) : dates.length];
}

function intersectTrigrams(index: SearchIndex, query: string): Uint32Array | undefined {
  let smallest: Uint32Array | undefined;
  for (const gram of trigramsOf(query)) {
    const list = index.trigrams.get(gram);
    if (!list) return new Uint32Array(0);
    if (!smallest || list.length < smallest.length) smallest = list;
  }
  return smallest;
}

/** Matching positions in newest-first order. Filters combine with AND. */
function matchPositions(index: SearchIndex, p: SearchParams): number[] {
  const [lo, hi] = dateRange(index, p.since, p.until);
  const query = p.query === undefined ? undefined : fold(p.query.trim());
  const lists: Uint32Array[] = [];
  if (p.mentions_technician !== undefined) lists.push(index.technicians.get(fold(p.mentions_technician)) ?? new Uint32Array(0));
  if (p.mentions_service !== undefined) lists.push(index.services.get(p.mentions_service.toLowerCase()) ?? new Uint32Array(0));
  if (query !== undefined && query.length >= 3) lists.push(intersectTrigrams(index, query) as Uint32Array);
  lists.sort((a, b) => a.length - b.length);
  const driver = lists.shift();
  const minRating = p.min_rating ?? 0;

  const matches: number[] = [];
  const consider = (i: number) => {
    const rating = index.ratings[i] as number;
    if (p.rating !== undefined && rating !== p.rating) return;
    if (rating < minRating) return;
    for (const list of lists) if (!contains(list, i)) return;
    if (query !== undefined && !(index.text[i] as string).includes(query)) return;
    matches.push(i);
  };
  if (driver) {
    for (let k = lowerBound(driver, lo); k < driver.length && (driver[k] as number) < hi; k++) consider(driver[k] as number);
  } else {
    for (let i = lo; i < hi; i++) consider(i);
  }
  return matches;
}

/** Orders newest-first positions by `sort`; ties stay newest first (date, then id, descending). */
function order(index: SearchIndex, positions: number[], sort: SearchParams['sort']): number[] {
  if (sort === 'newest') return positions;
  if (sort === 'oldest') {
    const runs: number[][] = [];
    let last: string | undefined;
    for (const i of positions) {
      const date = (index.reviews[i] as Review).date;
      if (date !== last) runs.push([]);
      (runs[runs.length - 1] as number[]).push(i);
      last = date;
    }
    return runs.reverse().flat();
  }
  const buckets: number[][] = [[], [], [], [], [], []];
  for (const i of positions) (buckets[index.ratings[i] as number] as number[]).push(i);
  const stars = sort === 'highest' ? [5, 4, 3, 2, 1] : [1, 2, 3, 4, 5];
  return stars.flatMap((s) => buckets[s] as number[]);
}

function page(index: SearchIndex, p: SearchParams): { total: number; positions: number[] } {
  const ordered = order(index, matchPositions(index, p), p.sort);
  return { total: ordered.length, positions: ordered.slice(p.offset, p.offset + p.limit) };
}

/** The search result as objects (for MCP tools). */
export function searchReviews(index: SearchIndex, p: SearchParams): SearchResult {
  const { total, positions } = page(index, p);
  return { total, count: positions.length, limit: p.limit, offset: p.offset, reviews: positions.map((i) => index.reviews[i] as Review) };
}

/** The same result serialised for HTTP, from each review's precomputed JSON. */
export function searchBody(index: SearchIndex, p: SearchParams): string {
  const { total, positions } = page(index, p);
  const reviews = positions.map((i) => index.json[i]).join(',');
  return `{"total":${total},"count":${positions.length},"limit":${p.limit},"offset":${p.offset},"reviews":[${reviews}]}`;
}
