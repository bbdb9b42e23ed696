import { newestFirst } from '../order.ts';
import type { Review } from '../schemas/review.ts';
import { fold } from './fold.ts';

/**
 * An in-memory index over a newest-first review list. Positions are indexes into that
 * list, so every posting list is already in the default order and a date range is one
 * contiguous slice of positions.
 */
export interface SearchIndex {
  reviews: readonly Review[];
  /** JSON of each review, exactly as in /reviews.json. */
  json: readonly string[];
  ratings: Uint8Array;
  /** Folded title and text, separated by a character a query cannot contain. */
  text: readonly string[];
  trigrams: Map<string, Uint32Array>;
  technicians: Map<string, Uint32Array>;
  services: Map<string, Uint32Array>;
}

const SEPARATOR = '\u0000';

function trigramsOf(text: string): Set<string> {
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= text.length; i++) grams.add(text.slice(i, i + 3));
  return grams;
}

function postings(lists: Map<string, number[]>): Map<string, Uint32Array> {
  return new Map([...lists].map(([key, list]) => [key, Uint32Array.from(list)]));
}

function add(lists: Map<string, number[]>, key: string, position: number) {
  const list = lists.get(key);
  if (!list) lists.set(key, [position]);
  else if (list[list.length - 1] !== position) list.push(position);
}

export function buildSearchIndex(input: readonly Review[]): SearchIndex {
  const reviews = [...input].sort(newestFirst);
  const text = reviews.map((r) => fold(`${r.title ?? ''}${SEPARATOR}${r.text}`));
  const grams = new Map<string, number[]>();
  const technicians = new Map<string, number[]>();
  const services = new Map<string, number[]>();
  reviews.forEach((r, i) => {
    for (const g of trigramsOf(text[i] as string)) add(grams, g, i);
    for (const t of r.technicians) add(technicians, fold(t), i);
    for (const s of r.services) add(services, s.toLowerCase(), i);
  });
  return {
    reviews,
    json: reviews.map((r) => JSON.stringify(r)),
    ratings: Uint8Array.from(reviews, (r) => r.rating),
    text,
    trigrams: postings(grams),
    technicians: postings(technicians),
    services: postings(services),
  };
}

export { trigramsOf };
