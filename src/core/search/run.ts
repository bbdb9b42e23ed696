import type { Review } from '../schemas/review.ts';
import { fold } from './fold.ts';
import { lowerBound, type PostingList, type SearchIndex, shortKey, trigramsOf } from './index.ts';
import type { SearchParams } from './params.ts';

export interface SearchResult {
  total: number;
  count: number;
  limit: number;
  offset: number;
  next_offset: number | null;
  reviews: Review[];
}

interface Page {
  total: number;
  positions: number[];
}

function contains(list: PostingList, value: number): boolean {
  return list[lowerBound(list, value)] === value;
}

/** Positions [lo, hi) of reviews dated within since..until (dates descend along positions). */
function dateRange(index: SearchIndex, since?: string, until?: string): [number, number] {
  const first = (pred: (d: string) => boolean) => {
    let lo = 0;
    let hi = index.size;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (pred(index.date(mid))) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  return [until ? first((d) => d <= until) : 0, since ? first((d) => d < since) : index.size];
}

/** How many reviews are dated on or after `date`: they are the first positions. */
export function countSince(index: SearchIndex, date: string): number {
  return dateRange(index, date)[1];
}

/** Positions in both sorted lists. */
function intersect(a: PostingList, b: PostingList): PostingList {
  const out = new Uint32Array(Math.min(a.length, b.length));
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length && j < b.length; i++) {
    const v = a[i] as number;
    while (j < b.length && (b[j] as number) < v) j++;
    if (b[j] === v) out[n++] = v;
  }
  return out.subarray(0, n);
}

/** Reviews containing every trigram of the query: candidates, still to be verified. */
function trigramCandidates(index: SearchIndex, query: string): PostingList {
  const lists: PostingList[] = [];
  for (const gram of trigramsOf(query)) {
    const list = index.trigrams.get(gram);
    if (!list) return new Uint32Array(0);
    lists.push(list);
  }
  lists.sort((a, b) => a.length - b.length);
  return lists.reduce((acc, list) => (acc.length === 0 ? acc : intersect(acc, list)));
}

function allowedRatings(p: SearchParams): number[] {
  return [1, 2, 3, 4, 5].filter((r) => (p.rating === undefined || r === p.rating) && r >= (p.min_rating ?? 0));
}

/** Without text or mention filters, totals come from per-rating posting lists in O(log n). */
function pageByRatingOnly(index: SearchIndex, p: SearchParams, lo: number, hi: number): Page | undefined {
  if (p.sort === 'oldest') return undefined;
  const stars = allowedRatings(p);
  const ranges = stars.map((r) => {
    const list = index.byRating[r] as PostingList;
    return { list, from: lowerBound(list, lo), to: lowerBound(list, hi) };
  });
  const total = ranges.reduce((n, r) => n + r.to - r.from, 0);
  const end = Math.min(total, p.offset + p.limit);
  const positions: number[] = [];
  if (p.sort === 'newest' && stars.length === 5) {
    // every rating allowed: the page is one slice of the date range
    for (let i = lo + p.offset; i < lo + end; i++) positions.push(i);
  } else if (p.sort === 'newest') {
    const allowed = [false, false, false, false, false, false];
    for (const star of stars) allowed[star] = true;
    let seen = 0;
    for (let i = lo; i < hi && seen < end; i++) {
      if (!allowed[index.ratings[i] as number]) continue;
      if (seen >= p.offset) positions.push(i);
      seen += 1;
    }
  } else {
    const ordered = p.sort === 'highest' ? [...ranges].reverse() : ranges;
    let skip = p.offset;
    for (const { list, from, to } of ordered) {
      if (positions.length >= p.limit) break;
      const size = to - from;
      if (skip >= size) {
        skip -= size;
        continue;
      }
      const start = from + skip;
      skip = 0;
      for (let k = start; k < to && positions.length < p.limit; k++) positions.push(list[k] as number);
    }
  }
  return { total, positions };
}

/** Calls `visit` with each matching position in newest-first order. Filters combine with AND. */
function forEachMatch(index: SearchIndex, p: SearchParams, lo: number, hi: number, visit: (i: number) => void): void {
  const query = p.query === undefined ? undefined : fold(p.query).trim();
  const lists: PostingList[] = [];
  if (p.mentions_technician !== undefined) lists.push(index.technicians.get(fold(p.mentions_technician)) ?? new Uint32Array(0));
  if (p.mentions_service !== undefined) lists.push(index.services.get(p.mentions_service.toLowerCase()) ?? new Uint32Array(0));
  if (p.service_area !== undefined) lists.push(index.areas.get(fold(p.service_area)) ?? new Uint32Array(0));
  if (p.source !== undefined) lists.push(index.sources.get(p.source.toLowerCase()) ?? new Uint32Array(0));
  const hasText = p.has_text === undefined ? -1 : p.has_text ? 1 : 0;
  const verified = p.verified === undefined ? -1 : p.verified ? 1 : 0;
  if (query !== undefined && query.length >= 3) lists.push(trigramCandidates(index, query));
  // One or two characters: their own posting list is the exact answer, with no text to decode.
  const short = query !== undefined && query.length < 3;
  if (short) lists.push(index.shortGrams.get(shortKey(query)) ?? new Uint32Array(0));
  lists.sort((a, b) => a.length - b.length);
  const driver = lists.shift();
  const minRating = p.min_rating ?? 0;
  const consider = (i: number) => {
    const rating = index.ratings[i] as number;
    if (p.rating !== undefined && rating !== p.rating) return;
    if (rating < minRating) return;
    if (hasText !== -1 && index.hasText[i] !== hasText) return;
    if (verified !== -1 && (index.evidence[i] === 0 ? 0 : 1) !== verified) return;
    for (const list of lists) if (!contains(list, i)) return;
    if (query !== undefined && !short && !index.text(i).includes(query)) return;
    visit(i);
  };
  if (driver) {
    for (let k = lowerBound(driver, lo); k < driver.length && (driver[k] as number) < hi; k++) consider(driver[k] as number);
  } else {
    for (let i = lo; i < hi; i++) consider(i);
  }
}

/** Orders newest-first positions by `sort`; ties stay newest first (date, then id, descending). */
function order(index: SearchIndex, positions: number[], sort: SearchParams['sort']): number[] {
  if (sort === 'oldest') {
    const runs: number[][] = [];
    let last: string | undefined;
    for (const i of positions) {
      const date = index.date(i);
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

function page(index: SearchIndex, p: SearchParams): Page {
  const [lo, hi] = dateRange(index, p.since, p.until);
  const filtered =
    p.query !== undefined ||
    p.mentions_technician !== undefined ||
    p.mentions_service !== undefined ||
    p.service_area !== undefined ||
    p.source !== undefined ||
    p.has_text !== undefined ||
    p.verified !== undefined;
  const fast = filtered ? undefined : pageByRatingOnly(index, p, lo, hi);
  if (fast) return fast;
  if (p.sort === 'newest') {
    // count every match, keep only the requested page
    let total = 0;
    const positions: number[] = [];
    const end = p.offset + p.limit;
    forEachMatch(index, p, lo, hi, (i) => {
      if (total >= p.offset && total < end) positions.push(i);
      total += 1;
    });
    return { total, positions };
  }
  const matches: number[] = [];
  forEachMatch(index, p, lo, hi, (i) => matches.push(i));
  return { total: matches.length, positions: order(index, matches, p.sort).slice(p.offset, p.offset + p.limit) };
}

/** Where the next page starts, or null when this one is the last. */
export function nextOffset(total: number, offset: number, count: number): number | null {
  return offset + count < total ? offset + count : null;
}

/** The search result as objects (for MCP tools). */
export function searchReviews(index: SearchIndex, p: SearchParams): SearchResult {
  const { total, positions } = page(index, p);
  const count = positions.length;
  return {
    total,
    count,
    limit: p.limit,
    offset: p.offset,
    next_offset: nextOffset(total, p.offset, count),
    reviews: positions.map((i) => index.review(i)),
  };
}

/** The same result serialised for HTTP, from each review's precomputed JSON. */
export function searchBody(index: SearchIndex, p: SearchParams): string {
  const { total, positions } = page(index, p);
  const reviews = positions.map((i) => index.json(i)).join(',');
  const count = positions.length;
  const next = nextOffset(total, p.offset, count);
  return `{"total":${total},"count":${count},"limit":${p.limit},"offset":${p.offset},"next_offset":${next},"reviews":[${reviews}]}`;
}
