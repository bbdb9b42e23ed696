// The packed index the Worker loads (src/core/search/packed.ts) answers every query exactly as
// the index built in memory: same body bytes, same review objects, on the sample's built data.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderSince, sincePartsJoined } from '../../src/core/documents/since.ts';
import type { ReviewsDocument } from '../../src/core/schemas/documents.ts';
import { completeIds } from '../../src/core/search/complete.ts';
import { buildSearchIndex, type SearchIndex } from '../../src/core/search/index.ts';
import { packedFiles, packSearchIndex, REVIEWS_FILE, unpackSearchIndex } from '../../src/core/search/packed.ts';
import { parseSearchQuery, type SearchParams, SearchParamsSchema, SORTS } from '../../src/core/search/params.ts';
import { countSince, searchBody, searchReviews } from '../../src/core/search/run.ts';
import { SAMPLE_CONTENT } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';

let doc: ReviewsDocument;
let out: string;
let built: SearchIndex;
let packed: SearchIndex;

beforeAll(async () => {
  out = await sharedBuild(SAMPLE_CONTENT);
  doc = JSON.parse(readFileSync(join(out, 'site', 'reviews.json'), 'utf8'));
  built = buildSearchIndex(doc.reviews);
  const { header, files } = packSearchIndex(doc.reviews, { business: doc.business, sources: [] });
  // through JSON and fresh buffers, as the Worker gets them (bundled header, fetched assets)
  const copies = Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, bytes.slice().buffer]));
  packed = unpackSearchIndex(JSON.parse(JSON.stringify(header)), copies);
  expect(packedFiles(header)).toEqual(Object.keys(files).sort());
});

describe('packed search index', () => {
  it('holds the same reviews in the same order', () => {
    expect(packed.size).toBe(built.size);
    for (let i = 0; i < built.size; i++) {
      expect(packed.date(i)).toBe(built.date(i));
      expect(packed.json(i)).toBe(built.json(i));
      expect(packed.text(i)).toBe(built.text(i));
      expect(packed.id(i)).toBe(built.id(i));
    }
  });

  it('finds every review by its id, and no other id', () => {
    for (let i = 0; i < built.size; i++) {
      const id = built.id(i);
      expect(packed.positionOf(id), id).toBe(i);
      expect(built.positionOf(id), id).toBe(i);
    }
    const first = built.id(0);
    for (const id of ['', 'no-such-review', `${first}x`, first.slice(0, -1), '\uffff']) {
      expect(packed.positionOf(id), id).toBeUndefined();
      expect(built.positionOf(id), id).toBeUndefined();
    }
  });

  it('answers a query shorter than a trigram from its own postings, as a scan of every text would, decoding none', () => {
    const texts = Array.from({ length: built.size }, (_, i) => built.text(i));
    const pool = [...new Set(texts.join('').replace(/\u0000/g, ''))];
    const decoded: number[] = [];
    const watched: SearchIndex = {
      ...packed,
      text: (i) => {
        decoded.push(i);
        return packed.text(i);
      },
    };
    fc.assert(
      fc.property(fc.constantFrom(...pool), fc.constantFrom(...pool), fc.boolean(), (a, b, one) => {
        const q = (one ? a : `${a}${b}`).trim();
        if (q === '' || q.length > 2) return;
        const expected = texts.flatMap((t, i) => (t.includes(q) ? [i] : []));
        const p = parseSearchQuery(new URLSearchParams({ query: q, limit: '100' })).data as SearchParams;
        if (p === undefined) return;
        for (const index of [built, watched]) {
          const result = searchReviews(index, p);
          expect(result.total, q).toBe(expected.length);
          expect(result.reviews.map((r) => r.id)).toEqual(expected.slice(0, 100).map((i) => built.id(i)));
        }
      }),
      { numRuns: 300 },
    );
    expect(decoded).toEqual([]);
  });

  it('completes ids by prefix as a scan of every id would, in both indexes', () => {
    const ids = Array.from({ length: built.size }, (_, i) => built.id(i));
    const scan = (value: string) => ids.filter((id) => id.toLowerCase().startsWith(value.toLowerCase()));
    const first = ids[0] as string;
    const prefixes = ['', 'g', 'G', 't', first.slice(0, 3), first.slice(0, 3).toUpperCase(), first, `${first}x`, first.slice(0, -1), 'zz', '\uffff', '-'];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.constantFrom(...prefixes),
          fc.constantFrom(...ids).chain((id) => fc.nat(id.length).map((n) => id.slice(0, n))),
        ),
        (value) => {
          const expected = scan(value);
          for (const index of [built, packed]) {
            expect(completeIds(index, value, 100)).toEqual({ values: expected.slice(0, 100), total: expected.length });
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('answers generated queries byte for byte as the built index', () => {
    const words = ['on time', 'furnace', 'mike', 'José', 'jose', 'water heater', 'x', 'ac', 'the', 'zoë', 'nope nope'];
    const technicians = doc.business.technicians.map((t) => t.name);
    const services = doc.business.services.map((s) => s.id);
    const areas = doc.business.service_areas;
    const params = fc.record(
      {
        rating: fc.integer({ min: 1, max: 5 }),
        min_rating: fc.integer({ min: 1, max: 5 }),
        since: fc.constantFrom('2023-01-01', '2024-06-15', '2026-11-01'),
        until: fc.constantFrom('2023-12-31', '2025-06-15', '2026-11-30'),
        query: fc.constantFrom(...words),
        mentions_technician: fc.constantFrom(...technicians, 'Nobody'),
        mentions_service: fc.constantFrom(...services),
        service_area: fc.constantFrom(...areas),
        source: fc.constantFrom('google', 'YELP', 'website', 'none'),
        has_text: fc.boolean(),
        limit: fc.integer({ min: 1, max: 100 }),
        offset: fc.integer({ min: 0, max: 700 }),
        sort: fc.constantFrom(...SORTS),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(params, (raw) => {
        const parsed = SearchParamsSchema.safeParse(raw);
        if (!parsed.success) return; // since after until: refused before any index is asked
        const p = parsed.data;
        expect(searchBody(packed, p)).toBe(searchBody(built, p));
        expect(searchReviews(packed, p)).toEqual(searchReviews(built, p));
      }),
      { numRuns: 400 },
    );
  });

  it('gives since documents byte for byte as the build renders them, from the joined JSON', () => {
    const dates = [...new Set(doc.reviews.map((r) => r.date))];
    for (const date of ['1999-01-01', '2099-01-01', ...dates.slice(0, 5), ...dates.slice(-5), '2024-06-15']) {
      const n = countSince(packed, date);
      const body = Buffer.concat(sincePartsJoined(date, n, packed.joinedJson?.(n) as Uint8Array));
      expect(body.toString('utf8'), date).toBe(renderSince(doc.reviews, date));
    }
  });

  it("reads the reviews' JSON from the built /reviews.json when it lies there, with the same answers", () => {
    const bytes = readFileSync(join(out, 'site', 'reviews.json'));
    const { header, files } = packSearchIndex(doc.reviews, { business: doc.business, sources: [] }, bytes);
    expect(header.sections.json?.file).toBe(REVIEWS_FILE);
    expect(Object.keys(files)).not.toContain('json');
    const fromBuild = unpackSearchIndex(header, { ...files, [REVIEWS_FILE]: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) });
    for (const query of ['limit=100', 'query=furnace&sort=oldest', 'min_rating=4&offset=300']) {
      const p = parseSearchQuery(new URLSearchParams(query)).data as SearchParams;
      expect(searchBody(fromBuild, p)).toBe(searchBody(built, p));
    }
    expect(Buffer.from(fromBuild.joinedJson?.(7) as Uint8Array).toString()).toBe(Buffer.from(packed.joinedJson?.(7) as Uint8Array).toString());
    // a reviews.json laid out otherwise is not used
    const other = packSearchIndex(doc.reviews, { business: doc.business, sources: [] }, Buffer.from(JSON.stringify(doc, null, 1)));
    expect(other.header.sections.json?.file).toBe('json');
  });

  it('refuses a header of another version, naming it', () => {
    const { header, files } = packSearchIndex(doc.reviews.slice(0, 3), { business: doc.business, sources: [] });
    expect(() => unpackSearchIndex({ ...header, version: 3 as 6 }, files)).toThrow(/version 3/);
    expect(() => unpackSearchIndex(header, {})).toThrow(/file columns is missing/);
  });
});
