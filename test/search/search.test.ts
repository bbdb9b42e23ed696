import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '../../src/core/schemas/review.ts';
import { nameBook, resolveName } from '../../src/core/search/names.ts';
import { type BuiltApp, buildApp } from '../helpers/app.ts';
import { SAMPLE_CONTENT } from '../helpers/paths.ts';

let built: BuiltApp;
let reviews: Review[];
let technicians: string[];
let services: string[];
let areas: string[];
const SOURCES = ['google', 'GOOGLE', 'yelp', 'nextdoor', 'website', 'facebook'];

beforeAll(async () => {
  built = await buildApp(SAMPLE_CONTENT);
  const doc = JSON.parse(readFileSync(join(built.outDir, 'site', 'reviews.json'), 'utf8'));
  reviews = doc.reviews;
  technicians = doc.business.technicians.map((t: { name: string }) => t.name);
  services = doc.business.services.map((s: { id: string }) => s.id);
  areas = doc.business.service_areas;
});
afterAll(() => built.site.close());

const search = (qs: string) => built.app.request(`/api/reviews/search${qs ? `?${qs}` : ''}`);

// The reference: a plain filter written from the issue's words, independent of the index.
// Case, accents and invisible characters (ZWSP, joiners, variation selectors) are ignored.
const plain = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}|\p{Default_Ignorable_Code_Point}/gu, '')
    .toLowerCase();
const searchable = (q: string | number | undefined) => q === undefined || plain(String(q)).trim() !== '';
type Params = Partial<
  Record<
    | 'rating'
    | 'min_rating'
    | 'since'
    | 'until'
    | 'query'
    | 'mentions_technician'
    | 'mentions_service'
    | 'service_area'
    | 'source'
    | 'has_text'
    | 'verified'
    | 'limit'
    | 'offset'
    | 'sort',
    string | number
  >
>;

function reference(all: Review[], p: Params) {
  const matches = all.filter(
    (r) =>
      (p.rating === undefined || r.rating === Number(p.rating)) &&
      (p.min_rating === undefined || r.rating >= Number(p.min_rating)) &&
      (p.since === undefined || r.date >= String(p.since)) &&
      (p.until === undefined || r.date <= String(p.until)) &&
      (p.query === undefined || plain(r.text).includes(plain(String(p.query).trim())) || plain(r.title ?? '').includes(plain(String(p.query).trim()))) &&
      (p.mentions_technician === undefined || r.technicians.some((t) => plain(t) === plain(String(p.mentions_technician)))) &&
      (p.mentions_service === undefined || r.services.some((s) => s.toLowerCase() === String(p.mentions_service).toLowerCase())) &&
      (p.service_area === undefined || (r.service_area !== undefined && plain(r.service_area) === plain(String(p.service_area)))) &&
      (p.source === undefined || r.source.toLowerCase() === String(p.source).toLowerCase()) &&
      (p.has_text === undefined || (r.text.trim() !== '') === (p.has_text === 'true')) &&
      (p.verified === undefined || (r.evidence !== undefined) === (p.verified === 'true')),
  );
  const byDateThenId = (a: Review, b: Review) => (a.date === b.date ? (a.id < b.id ? 1 : -1) : a.date < b.date ? 1 : -1);
  const sort = p.sort ?? 'newest';
  matches.sort((a, b) => {
    if (sort === 'oldest' && a.date !== b.date) return a.date < b.date ? -1 : 1;
    if (sort === 'highest' && a.rating !== b.rating) return b.rating - a.rating;
    if (sort === 'lowest' && a.rating !== b.rating) return a.rating - b.rating;
    return byDateThenId(a, b);
  });
  const limit = Number(p.limit ?? 20);
  const offset = Number(p.offset ?? 0);
  const page = matches.slice(offset, offset + limit);
  return {
    total: matches.length,
    count: page.length,
    limit,
    offset,
    next_offset: offset + page.length < matches.length ? offset + page.length : null,
    reviews: page,
  };
}

const arbQuery = () =>
  fc.oneof(
    fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 12 }), fc.boolean()).map(([r, start, len, upper]) => {
      // slice by code points: half an emoji is not a string a client can send
      const chars = Array.from(reviews.filter((x) => x.text)[r % 400]?.text ?? 'great');
      const s =
        chars
          .slice(start % chars.length, (start % chars.length) + len)
          .join('')
          .trim() || 'on time';
      return upper ? s.toUpperCase() : s;
    }),
    fc.constantFrom('cafe', 'CAFÉ', 'on time', 'late', 'price', 'Mike', 'a', 'zzzz', '&', '<script>', '👍', '\u{fe0f}', '\u0301', 'ca\u200bfe'),
  );

// Each parameter is present about a third of the time, so most combinations match something.
const sometimes = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { freq: 2, nil: undefined });
const arbParams = () =>
  fc
    .record({
      rating: sometimes(fc.integer({ min: 1, max: 5 })),
      min_rating: sometimes(fc.constantFrom(1, 2, 2.5, 3, 4, 4.5, 5)),
      since: sometimes(fc.constantFrom('2023-01-01', '2024-02-29', '2024-07-15', '2025-06-01', '2026-11-15', '2027-01-01')),
      until: sometimes(fc.constantFrom('2023-06-30', '2024-12-31', '2025-08-20', '2026-11-15')),
      query: sometimes(arbQuery()),
      mentions_technician: sometimes(
        fc.nat().map((n) => {
          const t = technicians[n % technicians.length] as string;
          return n % 3 === 0 ? t.toUpperCase() : n % 3 === 1 ? plain(t) : t;
        }),
      ),
      mentions_service: sometimes(
        fc.nat().map((n) => (n % 4 === 0 ? (services[n % services.length] as string).toUpperCase() : (services[n % services.length] as string))),
      ),
      service_area: sometimes(
        fc.nat().map((n) => {
          const a = areas[n % areas.length] as string;
          return n % 3 === 0 ? plain(a) : a;
        }),
      ),
      source: sometimes(fc.constantFrom(...SOURCES)),
      has_text: sometimes(fc.constantFrom('true', 'false')),
      verified: sometimes(fc.constantFrom('true', 'false')),
      limit: sometimes(fc.integer({ min: 1, max: 100 })),
      offset: sometimes(fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 700 }))),
      sort: sometimes(fc.constantFrom('newest', 'oldest', 'highest', 'lowest')),
    })
    .map((p) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined)) as Params)
    .filter((p) => !(p.since && p.until && p.since > p.until));

describe('search equals a plain reference filter', () => {
  it('for many random parameter combinations, including order, total and paging', async () => {
    await fc.assert(
      fc.asyncProperty(arbParams(), async (p) => {
        const qs = new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString();
        const res = await search(qs);
        if (!searchable(p.query)) {
          // a slice of text such as a lone variation selector leaves nothing to search for
          expect(res.status, qs).toBe(400);
          return;
        }
        if (p.source !== undefined && !reviews.some((r) => r.source === String(p.source).toLowerCase())) {
          // sources are a closed set: one with no reviews is named in a 400, never a silent 0
          expect(res.status, qs).toBe(400);
          expect((await res.json()).message).toContain('known sources');
          return;
        }
        expect(res.status, qs).toBe(200);
        expect(await res.json()).toEqual(reference(reviews, p));
      }),
      { numRuns: 400 },
    );
  });

  it('finds Café when asked for cafe, and returns full review objects as in /reviews.json', async () => {
    const body = await (await search('query=cafe&limit=100')).json();
    expect(body.total).toBeGreaterThan(0);
    for (const r of body.reviews) expect(plain(`${r.title ?? ''} ${r.text}`)).toContain('cafe');
    const byId = new Map(reviews.map((r) => [r.id, r]));
    for (const r of body.reviews) expect(r).toEqual(byId.get(r.id));
  });

  it('defaults to 20 newest reviews', async () => {
    const body = await (await search('')).json();
    expect(body).toMatchObject({ total: reviews.length, count: 20, limit: 20, offset: 0 });
    expect(body.reviews).toEqual(reviews.slice(0, 20));
  });
});

describe('filters take the names people and agents use', () => {
  const totalOf = async (qs: string) => {
    const res = await search(qs);
    expect(res.status, qs).toBe(200);
    return (await res.json()).total as number;
  };
  const errorOf = async (qs: string) => {
    const res = await search(qs);
    expect(res.status, qs).toBe(400);
    const body = await res.json();
    expect(body.error).toBe('invalid_request');
    return body as { message: string; issues: { path: string[]; message: string }[] };
  };
  const count = (pred: (r: Review) => boolean) => reviews.filter(pred).length;

  it('finds a service by id, name or synonym, ignoring case, accents and punctuation', async () => {
    const drains = count((r) => r.services.includes('drain-cleaning'));
    expect(drains).toBeGreaterThan(0);
    for (const name of ['drain-cleaning', 'Drain Cleaning', 'DRAIN CLEANING', 'drain cleaning', 'clogged drain', 'Clogged-Drain']) {
      expect(await totalOf(`mentions_service=${encodeURIComponent(name)}`), name).toBe(drains);
    }
    expect(await totalOf('mentions_service=A%2FC')).toBe(count((r) => r.services.includes('ac-repair')));
  });

  it('finds a technician by full name, or by a first name or surname only one technician has', async () => {
    const jose = count((r) => r.technicians.includes('José Martínez'));
    expect(jose).toBeGreaterThan(0);
    for (const name of ['José Martínez', 'jose martinez', 'José', 'jose', 'Martinez', 'MARTÍNEZ']) {
      expect(await totalOf(`mentions_technician=${encodeURIComponent(name)}`), name).toBe(jose);
    }
    expect(await totalOf('mentions_technician=Okafor')).toBe(count((r) => r.technicians.includes('Mike Okafor')));
    expect(await totalOf(`mentions_technician=${encodeURIComponent('zoe o brien')}`)).toBe(count((r) => r.technicians.includes("Zoë O'Brien")));
  });

  it('names the candidates when a name fits several technicians', async () => {
    const body = await errorOf('mentions_technician=mike');
    expect(body.issues).toHaveLength(1);
    expect(body.issues[0]?.path).toEqual(['mentions_technician']);
    expect(body.message).toContain('"Mike Reyes"');
    expect(body.message).toContain('"Mike Okafor"');
  });

  it("lists the known values when a name is not the business's", async () => {
    const tech = await errorOf('mentions_technician=Thomas');
    for (const t of technicians) expect(tech.message).toContain(`"${t}"`);
    const service = await errorOf('mentions_service=roofing');
    expect(service.message).toContain('drain-cleaning (Drain Cleaning)');
    const area = await errorOf('service_area=Denver');
    for (const a of areas) expect(area.message).toContain(`"${a}"`);
    // every bad filter is reported at once
    const all = await errorOf('mentions_service=roofing&service_area=Denver&source=facebook');
    expect(all.issues.map((i) => i.path[0]).sort()).toEqual(['mentions_service', 'service_area', 'source']);
  });

  it('finds an area by its name without its accents', async () => {
    expect(await totalOf('service_area=canon%20city')).toBe(count((r) => r.service_area === 'Cañon City'));
  });
});

describe('bad input is a 400 with the one error shape', () => {
  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1.5', 'offset'],
    ['rating=4.5', 'rating'],
    ['rating=abc', 'rating'],
    ['rating=0', 'rating'],
    ['rating=6', 'rating'],
    ['min_rating=0.5', 'min_rating'],
    ['min_rating=5.5', 'min_rating'],
    ['min_rating=', 'min_rating'],
    ['since=2023-02-29', 'since'],
    ['until=2024-13-01', 'until'],
    ['since=yesterday', 'since'],
    ['since=2025-01-02&until=2025-01-01', 'since'],
    ['query=%20%20%20', 'query'],
    ['query=', 'query'],
    ['query=%CC%81', 'query'],
    ['query=%EF%B8%8F', 'query'],
    ['query=%E2%80%8B', 'query'],
    ['query=%20%E2%80%8D%CC%81%20', 'query'],
    ['sort=best', 'sort'],
    ['rating=5&rating=4', 'rating'],
    ['minrating=4', ''],
    ['mentions_technician=', 'mentions_technician'],
    ['has_text=yes', 'has_text'],
    ['has_text=1', 'has_text'],
    ['has_text=toString', 'has_text'],
    ['verified=yes', 'verified'],
    ['service_area=', 'service_area'],
    ['source=%20', 'source'],
  ])('%s', async (qs, field) => {
    const res = await search(qs);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = await res.json();
    expect(body.error).toBe('invalid_request');
    expect(body.issues.length).toBeGreaterThan(0);
    for (const issue of body.issues) expect(Object.keys(issue).sort()).toEqual(['code', 'message', 'path']);
    if (field) expect(body.issues.some((i: { path: string[] }) => i.path[0] === field)).toBe(true);
    else expect(body.issues[0]).toMatchObject({ code: 'unrecognized_keys' });
    expect(body.message).toMatch(/Invalid request/);
  });
});

describe('conditional search responses', () => {
  it('carries a strong ETag and answers If-None-Match with 304', async () => {
    const res = await search('min_rating=4&limit=5');
    const etag = res.headers.get('etag') as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const again = await built.app.request('/api/reviews/search?min_rating=4&limit=5', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers other methods with 405', async () => {
    const res = await built.app.request('/api/reviews/search', { method: 'POST' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('names that differ only in accents', () => {
  it('take the one written exactly, and name both when the spelling fits both', async () => {
    const business = {
      ...JSON.parse(readFileSync(join(built.outDir, 'site', 'reviews.json'), 'utf8')).business,
      technicians: [
        { name: 'José Martínez', role: 'Lead' },
        { name: 'José Martinez', role: 'Apprentice' },
      ],
      service_areas: ['Cañon City', 'Canon City'],
    };
    const book = nameBook(business, ['google']);
    expect(resolveName(book, 'mentions_technician', 'José Martinez')).toEqual({ value: 'José Martinez' });
    expect(resolveName(book, 'mentions_technician', 'josé martínez')).toEqual({ value: 'José Martínez' });
    expect(resolveName(book, 'service_area', 'Cañon City')).toEqual({ value: 'Cañon City' });
    const both = resolveName(book, 'mentions_technician', 'jose martinez');
    expect('issue' in both && both.issue.message).toMatch(/fits several technicians: "José Martínez", "José Martinez"/);
  });
});
