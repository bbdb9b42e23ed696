// The search index as the build ships it to a Worker: typed arrays in a few binary files and a
// small JSON header, so that loading it is taking views of bytes, not parsing reviews or
// building posting lists (about 35 ms of CPU at 2,507 reviews, over the Free plan's 10 ms).
// A packed index answers every query exactly as the index built in memory (./index.ts).
import { lastIndexOfBytes, sameBytes } from '../bytes/compare.ts';
import type { Business } from '../schemas/business.ts';
import type { Review } from '../schemas/review.ts';
import { foldedIdOrder, type IndexColumns, indexColumns, lowerBound, type PostingList, type Postings, type SearchIndex } from './index.ts';

/** The names the search filters resolve (./names.ts nameBook), carried beside the index. */
export interface SearchNames {
  business: Business;
  /** The reviews' sources as spelled in the data, sorted. */
  sources: string[];
}

type SectionType = 'u8' | 'u16' | 'u32';

interface Section {
  file: string;
  type: SectionType;
  /** Byte offset in the file (a multiple of 4) and element count. */
  offset: number;
  length: number;
}

const FACETS = ['technicians', 'services', 'areas', 'sources'] as const;
type Facet = (typeof FACETS)[number];

/** Everything but the bytes: small enough to bundle into the Worker's script. */
export interface PackedHeader {
  version: 6;
  size: number;
  names: SearchNames;
  /** Facet keys in posting order (facet i's postings are starts[i]..starts[i+1]). */
  keys: Record<Facet, string[]>;
  sections: Record<string, Section>;
}

export interface PackedIndex {
  header: PackedHeader;
  /**
   * File name → bytes. Each file is one static asset, so each stays within the host's file size
   * limit. The reviews' JSON is not among them when it was found in the built /reviews.json: its
   * section then names the file REVIEWS_FILE, which the loader reads from that built file.
   */
  files: Record<string, Uint8Array>;
}

/** The section file that is the built /reviews.json itself (its reviews array is `r0,r1,…`). */
export const REVIEWS_FILE = 'reviews.json';

/** Positions fit 16 bits up to this many reviews: posting lists take half the bytes. */
const U16_REVIEWS = 65_536;

class FileWriter {
  readonly parts: Uint8Array[] = [];
  readonly name: string;
  size = 0;
  constructor(name: string) {
    this.name = name;
  }
  add(sections: Record<string, Section>, name: string, data: Uint8Array | Uint16Array | Uint32Array): void {
    const bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    const type = data instanceof Uint32Array ? 'u32' : data instanceof Uint16Array ? 'u16' : 'u8';
    sections[name] = { file: this.name, type, offset: this.size, length: data.length };
    this.parts.push(bytes);
    this.size += bytes.length;
    const pad = (4 - (this.size % 4)) % 4;
    if (pad) {
      this.parts.push(new Uint8Array(pad));
      this.size += pad;
    }
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.size);
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.length;
    }
    return out;
  }
}

/** Strings as one UTF-8 blob and the byte offset of each (n + 1 offsets). */
function blob(strings: readonly string[]): { bytes: Uint8Array; starts: Uint32Array } {
  const encoder = new TextEncoder();
  const encoded = strings.map((s) => encoder.encode(s));
  const starts = new Uint32Array(strings.length + 1);
  encoded.forEach((e, i) => {
    starts[i + 1] = (starts[i] as number) + e.length;
  });
  const bytes = new Uint8Array(starts[strings.length] as number);
  encoded.forEach((e, i) => {
    bytes.set(e, starts[i]);
  });
  return { bytes, starts };
}

/**
 * Reviews' JSON as in /reviews.json's array, `r0,r1,…`: review i starts at starts[i] and ends one
 * byte (its comma) before starts[i + 1] (the last offset counts a comma after the last one), so
 * the JSON of the first n reviews, as a since document holds them, is one slice.
 */
function joined(strings: readonly string[]): { bytes: Uint8Array; starts: Uint32Array } {
  const { bytes, starts } = blob(strings.map((s, i) => (i < strings.length - 1 ? `${s},` : s)));
  if (strings.length > 0) starts[strings.length] = (starts[strings.length] as number) + 1;
  return { bytes, starts };
}

/** Keys sorted, with their posting lists laid end to end. */
function flatten<K extends string | number>(map: Map<K, Uint32Array>, compare: (a: K, b: K) => number) {
  const keys = [...map.keys()].sort(compare);
  const starts = new Uint32Array(keys.length + 1);
  keys.forEach((k, i) => {
    starts[i + 1] = (starts[i] as number) + (map.get(k) as Uint32Array).length;
  });
  const postings = new Uint32Array(starts[keys.length] as number);
  keys.forEach((k, i) => {
    postings.set(map.get(k) as Uint32Array, starts[i]);
  });
  return { keys, starts, postings };
}

/** Positions sorted by review id (ties newest first), for a binary search by id. */
function idOrder(reviews: readonly Review[]): Uint32Array {
  const order = Uint32Array.from(reviews.keys());
  return order.sort((a, b) => compareIds((reviews[a] as Review).id, (reviews[b] as Review).id) || a - b);
}

const compareIds = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const dateNumber = (date: string) => Number(date.slice(0, 4)) * 10000 + Number(date.slice(5, 7)) * 100 + Number(date.slice(8, 10));
const dateText = (n: number) =>
  `${String(Math.floor(n / 10000)).padStart(4, '0')}-${String(Math.floor(n / 100) % 100).padStart(2, '0')}-${String(n % 100).padStart(2, '0')}`;

/**
 * Packs the index of `reviews` (as parsed from the built /reviews.json, so that each review's
 * JSON is byte for byte the one the sidecar answers with).
 */
export function packSearchIndex(reviews: readonly Review[], names: SearchNames, reviewsJson?: Uint8Array): PackedIndex {
  const c: IndexColumns = indexColumns(reviews);
  const narrow = (list: Uint32Array) => (c.reviews.length <= U16_REVIEWS ? Uint16Array.from(list) : list);
  const sections: Record<string, Section> = {};
  const columns = new FileWriter('columns');
  const text = new FileWriter('text');
  const json = new FileWriter('json');
  const postings = new FileWriter('postings');

  columns.add(sections, 'ratings', c.ratings);
  columns.add(sections, 'hasText', c.hasText);
  columns.add(sections, 'evidence', c.evidence);
  columns.add(
    sections,
    'dates',
    Uint32Array.from(c.reviews, (r) => dateNumber(r.date)),
  );
  for (let star = 1; star <= 5; star++) columns.add(sections, `rating${star}`, narrow(c.byRating[star] as Uint32Array));
  const texts = blob(c.text);
  columns.add(sections, 'textStarts', texts.starts);
  text.add(sections, 'text', texts.bytes);
  const ids = blob(c.reviews.map((r) => r.id));
  columns.add(sections, 'idStarts', ids.starts);
  columns.add(sections, 'idOrder', narrow(idOrder(c.reviews)));
  columns.add(sections, 'foldedIdOrder', narrow(foldedIdOrder(c.reviews.map((r) => r.id))));
  text.add(sections, 'ids', ids.bytes);
  const jsons = joined(c.json);
  columns.add(sections, 'jsonStarts', jsons.starts);
  const at = reviewsJson ? regionOffset(reviewsJson, jsons.bytes) : -1;
  if (at >= 0) sections.json = { file: REVIEWS_FILE, type: 'u8', offset: at, length: jsons.bytes.length };
  else json.add(sections, 'json', jsons.bytes);

  const grams = flatten(c.trigrams, (a, b) => a - b);
  postings.add(sections, 'trigramKeys', Uint32Array.from(grams.keys));
  postings.add(sections, 'trigramStarts', grams.starts);
  postings.add(sections, 'trigramPostings', narrow(grams.postings));
  const short = flatten(c.shortGrams, (a, b) => a - b);
  postings.add(sections, 'shortKeys', Uint32Array.from(short.keys));
  postings.add(sections, 'shortStarts', short.starts);
  postings.add(sections, 'shortPostings', narrow(short.postings));
  const keys = {} as Record<Facet, string[]>;
  for (const facet of FACETS) {
    const flat = flatten(c[facet], (a, b) => (a < b ? -1 : a > b ? 1 : 0));
    keys[facet] = flat.keys;
    postings.add(sections, `${facet}Starts`, flat.starts);
    postings.add(sections, `${facet}Postings`, narrow(flat.postings));
  }
  const header: PackedHeader = { version: 6, size: c.reviews.length, names, keys, sections };
  const written = [columns, text, json, postings].filter((f) => f.size > 0 || f !== json);
  return { header, files: Object.fromEntries(written.map((f) => [f.name, f.bytes()])) };
}

const REVIEWS_ARRAY = new TextEncoder().encode('"reviews":[');

/** Where `joinedJson` lies in the built /reviews.json (its reviews array), or -1. */
function regionOffset(reviewsJson: Uint8Array, joinedJson: Uint8Array): number {
  const from = lastIndexOfBytes(reviewsJson, REVIEWS_ARRAY);
  if (from < 0) return -1;
  const at = from + REVIEWS_ARRAY.length;
  return sameBytes(reviewsJson.subarray(at, at + Math.min(joinedJson.length, reviewsJson.length - at)), joinedJson) ? at : -1;
}

/** The file names a header's sections live in. */
export function packedFiles(header: PackedHeader): string[] {
  return [...new Set(Object.values(header.sections).map((s) => s.file))].sort();
}

/**
 * The index over packed files, without copying or parsing them: typed-array views, and
 * strings decoded only for the positions a query reads (texts are kept once decoded).
 */
export function unpackSearchIndex(header: PackedHeader, files: Record<string, ArrayBuffer | Uint8Array>): SearchIndex {
  if (header.version !== 6) throw new Error(`packed search index version ${header.version} is not supported`);
  const view = (name: string) => {
    const s = header.sections[name];
    if (!s) throw new Error(`packed search index has no section ${name}`);
    const file = files[s.file];
    if (!file) throw new Error(`packed search index file ${s.file} is missing`);
    const buffer = file instanceof Uint8Array ? file.buffer : file;
    const base = file instanceof Uint8Array ? file.byteOffset : 0;
    if (s.type === 'u32') return new Uint32Array(buffer, base + s.offset, s.length);
    return s.type === 'u16' ? new Uint16Array(buffer, base + s.offset, s.length) : new Uint8Array(buffer, base + s.offset, s.length);
  };
  const u32 = (name: string) => view(name) as Uint32Array;
  const positions = (name: string) => view(name) as PostingList;
  const u8 = (name: string) => view(name) as Uint8Array;
  const decoder = new TextDecoder();
  const strings = (bytes: Uint8Array, starts: Uint32Array) => (i: number) => decoder.decode(bytes.subarray(starts[i], starts[i + 1]));

  const dates = u32('dates');
  const jsonBytes = u8('json');
  const jsonStarts = u32('jsonStarts');
  const json = (i: number) => decoder.decode(jsonBytes.subarray(jsonStarts[i], (jsonStarts[i + 1] as number) - 1));
  const decodeText = strings(u8('text'), u32('textStarts'));
  const id = strings(u8('ids'), u32('idStarts'));
  const byId = positions('idOrder');
  const positionOf = (wanted: string) => {
    let lo = 0;
    let hi = byId.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareIds(id(byId[mid] as number), wanted) < 0) lo = mid + 1;
      else hi = mid;
    }
    const at = byId[lo];
    return at !== undefined && id(at) === wanted ? at : undefined;
  };
  const folded = positions('foldedIdOrder');
  const texts: (string | undefined)[] = new Array(header.size);

  const byNumber = (name: string): Postings<number> => {
    const keys = u32(`${name}Keys`);
    const starts = u32(`${name}Starts`);
    const postings = positions(`${name}Postings`);
    return {
      get(key) {
        const at = lowerBound(keys, key);
        return keys[at] === key ? postings.subarray(starts[at], starts[at + 1]) : undefined;
      },
    };
  };
  const facet = (name: Facet): Postings<string> => {
    const keys = new Map(header.keys[name].map((k, i) => [k, i]));
    const starts = u32(`${name}Starts`);
    const postings = positions(`${name}Postings`);
    return {
      get(key) {
        const at = keys.get(key);
        return at === undefined ? undefined : postings.subarray(starts[at], starts[at + 1]);
      },
    };
  };

  return {
    size: header.size,
    date: (i) => dateText(dates[i] as number),
    id,
    positionOf,
    foldedIdOrder: () => folded,
    review: (i) => JSON.parse(json(i)) as Review,
    json,
    joinedJson: (n) => jsonBytes.subarray(0, n > 0 ? (jsonStarts[n] as number) - 1 : 0),
    text: (i) => {
      let t = texts[i];
      if (t === undefined) {
        t = decodeText(i);
        texts[i] = t;
      }
      return t;
    },
    ratings: u8('ratings'),
    byRating: [new Uint32Array(0), ...[1, 2, 3, 4, 5].map((star) => positions(`rating${star}`))],
    trigrams: byNumber('trigram'),
    shortGrams: byNumber('short'),
    technicians: facet('technicians'),
    services: facet('services'),
    areas: facet('areas'),
    sources: facet('sources'),
    hasText: u8('hasText'),
    evidence: u8('evidence'),
  };
}
