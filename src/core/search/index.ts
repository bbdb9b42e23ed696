import { newestFirst } from '../content/order.ts';
import { EVIDENCE_KINDS } from '../schemas/evidence.ts';
import type { Review } from '../schemas/review.ts';
import { fold } from './fold.ts';

/** Positions, ascending; 16-bit in a packed index of at most 65,536 reviews. */
export type PostingList = Uint32Array | Uint16Array;

/** Posting lists by key: a Map when built in memory, a lookup over packed arrays when loaded (./packed.ts). */
export interface Postings<K> {
  get(key: K): PostingList | undefined;
}

/**
 * An index over a newest-first review list. Positions are indexes into that list, so every
 * posting list is already in the default order and a date range is one contiguous slice of
 * positions. Per-review values are read through functions, so a packed index (./packed.ts)
 * decodes only the reviews a query touches.
 */
export interface SearchIndex {
  size: number;
  /** The review's date, YYYY-MM-DD. */
  date(position: number): string;
  /** The review's id, and the position of an id (the newest review with it), without parsing a review. */
  id(position: number): string;
  positionOf(id: string): number | undefined;
  /** Positions sorted by lower-cased id (ties newest first): the ids with a prefix are one run of it. */
  foldedIdOrder(): PostingList;
  review(position: number): Review;
  /** JSON of the review, exactly as in /reviews.json. */
  json(position: number): string;
  /** The first n reviews' JSON joined by commas, as bytes without a copy (a packed index only). */
  joinedJson?(n: number): Uint8Array;
  /** Folded title, text and translation, separated by a character a query cannot contain. */
  text(position: number): string;
  ratings: Uint8Array;
  /** Positions of the reviews with each star rating (index 1..5). */
  byRating: PostingList[];
  /** Posting lists by trigram, keyed by trigramKey. */
  trigrams: Postings<number>;
  /** Exact posting lists of every character and pair of characters, keyed by shortKey: a query shorter than a trigram decodes no text. */
  shortGrams: Postings<number>;
  technicians: Postings<string>;
  services: Postings<string>;
  /** Posting lists by folded service area and by lower-cased source. */
  areas: Postings<string>;
  sources: Postings<string>;
  /** 1 where the review has text (not rating-only). */
  hasText: Uint8Array;
  /** The kind of the review's evidence, as its index in EVIDENCE_CODES (0: none). */
  evidence: Uint8Array;
}

/** What an index is made of, as plain arrays and maps: built here, packed by ./packed.ts. */
export interface IndexColumns {
  reviews: readonly Review[];
  json: readonly string[];
  text: readonly string[];
  ratings: Uint8Array;
  byRating: Uint32Array[];
  trigrams: Map<number, Uint32Array>;
  shortGrams: Map<number, Uint32Array>;
  technicians: Map<string, Uint32Array>;
  services: Map<string, Uint32Array>;
  areas: Map<string, Uint32Array>;
  sources: Map<string, Uint32Array>;
  hasText: Uint8Array;
  evidence: Uint8Array;
}

/** Each review's evidence in one byte: its kind's place here. */
export const EVIDENCE_CODES = ['none', ...EVIDENCE_KINDS] as const;

const SEPARATOR = '\u0000';

/**
 * Three characters packed into a 30-bit integer (a V8 small integer: no allocation per
 * trigram). Characters past U+03FF share keys; that only adds candidates, and every
 * candidate is verified against the text.
 */
export function trigramKey(text: string, at: number): number {
  return ((text.charCodeAt(at) & 0x3ff) << 20) | ((text.charCodeAt(at + 1) & 0x3ff) << 10) | (text.charCodeAt(at + 2) & 0x3ff);
}

export function trigramsOf(text: string): Set<number> {
  const grams = new Set<number>();
  for (let i = 0; i + 3 <= text.length; i++) grams.add(trigramKey(text, i));
  return grams;
}

function postings<K>(lists: Map<K, number[]>): Map<K, Uint32Array> {
  return new Map([...lists].map(([key, list]) => [key, Uint32Array.from(list)]));
}

function add<K>(lists: Map<K, number[]>, key: K, position: number) {
  const list = lists.get(key);
  if (!list) lists.set(key, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

/**
 * The key of a query of one or two UTF-16 code units, exact (no characters share a key): one
 * unit is its code, two are above 0xFFFF. Pairs with the separator are not indexed (a query never holds it).
 */
export function shortKey(text: string): number {
  return text.length === 1 ? text.charCodeAt(0) : text.charCodeAt(0) * 0x10000 + text.charCodeAt(1);
}

function eachTrigram(t: string, emit: (key: number) => void) {
  for (let k = 0; k + 3 <= t.length; k++) emit(trigramKey(t, k));
}

function eachShortGram(t: string, emit: (key: number) => void) {
  for (let k = 0; k < t.length; k++) {
    const c = t.charCodeAt(k);
    if (c === 0) continue;
    emit(c);
    const d = t.charCodeAt(k + 1);
    if (k + 1 < t.length && d !== 0) emit(c * 0x10000 + d);
  }
}

/** Two passes (count, then fill typed arrays) so building makes little garbage. */
function gramPostings(text: readonly string[], grams: (t: string, emit: (key: number) => void) => void): Map<number, Uint32Array> {
  const counts = new Map<number, number>();
  const last = new Map<number, number>();
  const each = (fn: (key: number, position: number) => void) => {
    last.clear();
    text.forEach((t, i) => {
      grams(t, (key) => {
        if (last.get(key) !== i) {
          last.set(key, i);
          fn(key, i);
        }
      });
    });
  };
  each((key) => counts.set(key, (counts.get(key) ?? 0) + 1));
  const lists = new Map<number, Uint32Array>();
  const fill = new Map<number, number>();
  for (const [key, n] of counts) lists.set(key, new Uint32Array(n));
  each((key, i) => {
    const at = fill.get(key) ?? 0;
    (lists.get(key) as Uint32Array)[at] = i;
    fill.set(key, at + 1);
  });
  return lists;
}

export function indexColumns(input: readonly Review[]): IndexColumns {
  const reviews = [...input].sort(newestFirst);
  const text = reviews.map((r) => fold(`${r.title ?? ''}${SEPARATOR}${r.text}${r.translation ? `${SEPARATOR}${r.translation.text}` : ''}`));
  const technicians = new Map<string, number[]>();
  const services = new Map<string, number[]>();
  const areas = new Map<string, number[]>();
  const sources = new Map<string, number[]>();
  reviews.forEach((r, i) => {
    if (r.service_area) add(areas, fold(r.service_area), i);
    add(sources, r.source.toLowerCase(), i);
    for (const t of r.technicians) add(technicians, fold(t), i);
    for (const s of r.services) add(services, s.toLowerCase(), i);
  });
  return {
    reviews,
    json: reviews.map((r) => JSON.stringify(r)),
    ratings: Uint8Array.from(reviews, (r) => r.rating),
    byRating: [0, 1, 2, 3, 4, 5].map((star) => Uint32Array.from(reviews.flatMap((r, i) => (r.rating === star ? [i] : [])))),
    text,
    trigrams: gramPostings(text, eachTrigram),
    shortGrams: gramPostings(text, eachShortGram),
    technicians: postings(technicians),
    services: postings(services),
    areas: postings(areas),
    sources: postings(sources),
    hasText: Uint8Array.from(reviews, (r) => (r.text.trim() === '' ? 0 : 1)),
    evidence: Uint8Array.from(reviews, (r) => EVIDENCE_CODES.indexOf(r.evidence?.kind ?? 'none')),
  };
}

/** Positions sorted by lower-cased id, ties newest first (ids are ASCII: code units compare as the letters do). */
export function foldedIdOrder(ids: readonly string[]): Uint32Array {
  const folded = ids.map((id) => id.toLowerCase());
  return Uint32Array.from(ids.keys()).sort((a, b) => {
    const x = folded[a] as string;
    const y = folded[b] as string;
    return x < y ? -1 : x > y ? 1 : a - b;
  });
}

export function buildSearchIndex(input: readonly Review[]): SearchIndex {
  const { reviews, json, text, ...rest } = indexColumns(input);
  let positions: Map<string, number> | undefined;
  let folded: Uint32Array | undefined;
  return {
    ...rest,
    foldedIdOrder: () => {
      folded ??= foldedIdOrder(reviews.map((r) => r.id));
      return folded;
    },
    size: reviews.length,
    date: (i) => (reviews[i] as Review).date,
    id: (i) => (reviews[i] as Review).id,
    positionOf(id) {
      if (!positions) {
        positions = new Map();
        for (let i = reviews.length - 1; i >= 0; i--) positions.set((reviews[i] as Review).id, i);
      }
      return positions.get(id);
    },
    review: (i) => reviews[i] as Review,
    json: (i) => json[i] as string,
    text: (i) => text[i] as string,
  };
}

/** The first position in a sorted list whose value is not below `value`. */
export function lowerBound(list: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((list[mid] as number) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
