import { sameBytes } from '../bytes/compare.ts';
import { utf8Bytes, utf8Length, utf8Text, writeUtf8 } from '../bytes/utf8.ts';
import { strongEtag } from '../http/etag.ts';
import { serializeJson } from '../http/media.ts';
import type { Review } from '../schemas/review.ts';

/** Index of the first review dated before `date`, in a newest-first list (binary search). */
function countOnOrAfter(reviews: readonly Review[], date: string): number {
  let lo = 0;
  let hi = reviews.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((reviews[mid] as Review).date >= date) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** GET /api/reviews/since/{date}: every review dated on or after `date`, newest first. */
export function sinceDocument(reviews: readonly Review[], date: string) {
  const selected = reviews.slice(0, countOnOrAfter(reviews, date));
  return { since: date, count: selected.length, reviews: selected };
}

/** Distinct review dates, newest first. */
export function distinctDates(reviews: readonly Review[]): string[] {
  const dates: string[] = [];
  for (const r of reviews) if (dates[dates.length - 1] !== r.date) dates.push(r.date);
  return dates;
}

/**
 * The since dates to pre-render: newest first, as many as fit in `budgetBytes` of since
 * files. The rest are answered dynamically with identical bytes. Sizes are exact because
 * a since body is the concatenation of the same serialised reviews.
 */
export function planSinceDates(reviews: readonly Review[], budgetBytes: number): string[] {
  const planned: string[] = [];
  let total = 0;
  let reviewBytes = 0;
  let i = 0;
  for (const date of distinctDates(reviews)) {
    while (i < reviews.length && (reviews[i] as Review).date >= date) {
      reviewBytes += utf8Length(JSON.stringify(reviews[i])) + 1;
      i += 1;
    }
    // each review is followed by a comma except the last
    const size = utf8Length(JSON.stringify({ since: date, count: i, reviews: [] })) + reviewBytes - (i > 0 ? 1 : 0);
    if (total + size > budgetBytes) break;
    total += size;
    planned.push(date);
  }
  return planned;
}

/** Changed whenever this file renders other bytes for the same reviews and date. */
const SINCE_FORMAT = 'since 1';

/**
 * A since answer's strong ETag, for the build's files and the runtimes' answers alike. Its
 * bytes are a function of /reviews.json's bytes and the date alone, so the tag is taken from
 * those two (RFC 9110 §8.8.3: one tag, one representation), and answering an old date costs no
 * hash over its up to 7 MB, which any anonymous client could ask for, date after date.
 */
export function sinceEtag(reviewsEtag: string, date: string): string {
  return strongEtag(`${SINCE_FORMAT}\n${reviewsEtag}\n${date}`);
}

/** The bytes of a since response: the same function for the build and the sidecar. */
export function renderSince(reviews: readonly Review[], date: string): string {
  return serializeJson(sinceDocument(reviews, date));
}

/**
 * Where each review's JSON ends in the concatenation `r0,r1,r2,…` (byte offsets, the comma
 * after each included): computed once per build so a since body's size is known up front.
 */
export function sinceReviewOffsets(reviews: readonly Review[]): Float64Array {
  const ends = new Float64Array(reviews.length);
  let total = 0;
  for (let i = 0; i < reviews.length; i++) {
    total += utf8Length(JSON.stringify(reviews[i])) + 1;
    ends[i] = total;
  }
  return ends;
}

/** Bytes of the first `n` reviews joined by commas, from sinceReviewOffsets. */
const joinedBytes = (ends: Float64Array, n: number) => (n > 0 ? (ends[n - 1] as number) - 1 : 0);

/** A since document up to the opening of its reviews array: `{"since":…,"count":…,"reviews":[`. */
const sinceHead = (date: string, n: number) => JSON.stringify({ since: date, count: n, reviews: [] }).slice(0, -2);

/**
 * The same bytes as renderSince, written review by review into one buffer of the exact size:
 * no multi-megabyte string and no intermediate array, so an old date (7 MB at 20,000 reviews)
 * leaves only small, short-lived garbage. `ends` is sinceReviewOffsets(reviews).
 */
export function renderSinceBytes(reviews: readonly Review[], date: string, ends: Float64Array): Uint8Array<ArrayBuffer> {
  const n = countOnOrAfter(reviews, date);
  const head = sinceHead(date, n);
  const out = new Uint8Array(utf8Length(head) + joinedBytes(ends, n) + 2);
  let at = writeUtf8(out, head, 0);
  for (let i = 0; i < n; i++) {
    if (i > 0) at += writeUtf8(out, ',', at);
    at += writeUtf8(out, JSON.stringify(reviews[i]), at);
  }
  at += writeUtf8(out, ']}', at);
  if (at !== out.length) throw new Error(`since ${date}: wrote ${at} bytes of ${out.length}`);
  return out;
}

const REVIEWS_KEY = utf8Bytes('"reviews":[');
const DOCUMENT_END = utf8Bytes(']}');

/**
 * The bytes `r0,r1,…` of every review inside /reviews.json's own bytes, which end with the
 * reviews array (documents.ts, reviewsDocument), or undefined when the file is not laid out
 * so. Every review is compared byte for byte with its serialisation, so a view of the region
 * is exactly what renderSince would write.
 */
export function reviewsRegion(file: Uint8Array, reviews: readonly Review[], ends: Float64Array): Uint8Array | undefined {
  const n = reviews.length;
  const size = joinedBytes(ends, n);
  const end = file.length - DOCUMENT_END.length;
  const start = end - size;
  if (start < REVIEWS_KEY.length || !sameBytes(file.subarray(end), DOCUMENT_END) || !sameBytes(file.subarray(start - REVIEWS_KEY.length, start), REVIEWS_KEY))
    return undefined;
  const region = file.subarray(start, end);
  for (let i = 0; i < n; i++) {
    const from = i > 0 ? (ends[i - 1] as number) : 0;
    const to = (ends[i] as number) - 1;
    if ((i < n - 1 && region[to] !== 0x2c) || utf8Text(region.subarray(from, to)) !== JSON.stringify(reviews[i])) return undefined;
  }
  return region;
}

/**
 * The same bytes as renderSince as three parts: the head, a view of the reviews' bytes that
 * the build holds once (`region`, from reviewsRegion), and the tail. Answering an old date
 * copies nothing, where a rendered body would be a new 7 MB buffer at 20,000 reviews.
 */
/** The same parts from the first n reviews' JSON already joined (a packed search index's). */
export function sincePartsJoined(date: string, n: number, joined: Uint8Array): Uint8Array[] {
  return [utf8Bytes(sinceHead(date, n)), joined, DOCUMENT_END];
}

export function sinceParts(region: Uint8Array, reviews: readonly Review[], date: string, ends: Float64Array): Uint8Array[] {
  const n = countOnOrAfter(reviews, date);
  return [utf8Bytes(sinceHead(date, n)), region.subarray(0, joinedBytes(ends, n)), DOCUMENT_END];
}
