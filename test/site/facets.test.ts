// The facet pages as built files: one per technician, service, area and star rating, with
// slugs from names with accents and apostrophes (and two names that collide), each listing
// exactly its reviews, newest first, 50 a page; the home page links every facet and every
// review card links its technicians, services and area. Expected values are computed here
// from reviews.json, independently of src/core/site/facets.ts.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/core/http/manifest.ts';
import type { Review } from '../../src/core/schemas/review.ts';
import { methodText } from '../../src/core/site/page-data.ts';
import { buildInProcess } from '../helpers/build.ts';
import { SAMPLE_CONTENT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { collidingContent } from '../helpers/site/content.ts';
import { attr, byId, elements, hasClass, type Node, parseHtml, text } from '../helpers/site/dom.ts';

const SITE = 'https://reviews.example';

let out: string;
let reviews: Review[];
let manifest: Manifest;
const read = (path: string) => readFileSync(join(out, 'site', path.endsWith('/') ? `${path}index.html` : path), 'utf8');
const articleIds = (doc: Node) => elements(doc, 'article').map((a) => (attr(a, 'id') as string).replace(/^review-/, ''));
const rowIds = (doc: Node) =>
  elements(doc, 'ol')
    .filter((o) => hasClass(o, 'rows'))
    .flatMap((o) => elements(o, 'a'))
    .map((a) => decodeURIComponent((attr(a, 'href') as string).split('#review-')[1] as string));

const EXPECTED_SLUGS: [string, string][] = [
  ['/technicians/jose-martinez/', 'José Martinez'],
  ['/technicians/jose-martinez-2/', 'José Martínez'],
  ['/technicians/zoe-o-brien/', "Zoë O'Brien"],
  ['/technicians/duc-nguyen/', 'Đức Nguyễn'],
  ['/areas/canon-city/', 'Canon City'],
  ['/areas/canon-city-2/', 'Cañon City'],
  ['/services/leak-repair/', 'Leak Repair'],
  ['/reviews/stars/1/', '1 star'],
  ['/reviews/stars/5/', '5 stars'],
];

beforeAll(async () => {
  out = await sharedBuild(collidingContent(), SITE);
  reviews = JSON.parse(read('/reviews.json')).reviews;
  manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
});

/** Every facet, from reviews.json and business.json alone. */
function expectedFacets() {
  const { business } = JSON.parse(read('/reviews.json'));
  const byPath = new Map<string, { label: string; reviews: Review[] }>();
  const home = parseHtml(read('/'));
  const browse = byId(home, 'browse') as Node;
  const links = new Map(elements(browse, 'a').map((a) => [text(a), attr(a, 'href') as string]));
  for (const t of business.technicians)
    byPath.set(links.get(t.name) as string, { label: t.name, reviews: reviews.filter((r) => r.technicians.includes(t.name)) });
  for (const s of business.services) byPath.set(`/services/${s.id}/`, { label: s.name, reviews: reviews.filter((r) => r.services.includes(s.id)) });
  for (const a of business.service_areas) byPath.set(links.get(a) as string, { label: a, reviews: reviews.filter((r) => r.service_area === a) });
  for (const n of [1, 2, 3, 4, 5])
    byPath.set(`/reviews/stars/${n}/`, { label: `${n} star${n === 1 ? '' : 's'}`, reviews: reviews.filter((r) => r.rating === n) });
  return byPath;
}

describe('facet pages', () => {
  it('folds accents and apostrophes into slugs and gives colliding names stable suffixes', () => {
    const facets = expectedFacets();
    for (const [path, label] of EXPECTED_SLUGS) {
      expect(facets.get(path)?.label, path).toBe(label);
      expect(manifest.resources[path]?.content_type, path).toBe('text/html; charset=utf-8');
      expect(text(elements(parseHtml(read(path)), 'h1')[0] as Node)).toBe(label);
    }
    expect(facets.size).toBe(9 + 13 + 11 + 5);
  });

  it('links every facet from the home page, each with its count', () => {
    const browse = byId(parseHtml(read('/')), 'browse') as Node;
    const hrefs = elements(browse, 'a').map((a) => attr(a, 'href'));
    expect(hrefs.toSorted()).toEqual([...expectedFacets().keys()].toSorted());
  });

  it('lists exactly the facet’s reviews, newest first, 50 a page, every one once', () => {
    for (const [path, facet] of expectedFacets()) {
      const doc = parseHtml(read(path));
      const ids = facet.reviews.map((r) => r.id);
      expect(articleIds(doc), path).toEqual(ids.slice(0, 50));
      const pages = Math.ceil(ids.length / 50);
      if (pages <= 1) {
        expect(manifest.resources[`${path}page/1/`], path).toBeUndefined();
        continue;
      }
      const seen: string[] = [];
      for (let n = pages; n >= 1; n -= 1) seen.push(...rowIds(parseHtml(read(`${path}page/${n}/`))));
      expect(seen, path).toEqual(ids);
      expect(manifest.resources[`${path}page/${pages + 1}/`]).toBeUndefined();
    }
  });

  it('shows each facet’s own rating summary and histogram', () => {
    for (const [path, facet] of expectedFacets()) {
      if (path.startsWith('/reviews/stars/') || facet.reviews.length === 0) continue;
      const doc = parseHtml(read(path));
      const mean = facet.reviews.reduce((s, r) => s + r.rating, 0) / facet.reviews.length;
      const value = elements(doc, 'span').find((s) => hasClass(s, 'value'));
      expect(text(value as Node), path).toBe((Math.round(mean * 100) / 100).toFixed(1));
      const rows = elements(doc, 'ul')
        .filter((u) => hasClass(u, 'histogram'))
        .flatMap((u) =>
          elements(u, 'span')
            .filter((s) => hasClass(s, 'sr-only'))
            .map(text),
        );
      const five = facet.reviews.filter((r) => r.rating === 5).length;
      expect(rows[0], path).toBe(`5 stars: ${five} review${five === 1 ? '' : 's'}`);
    }
  });

  it('shows strongest and weakest aspects only where insights.json claims them, and quotes from it', () => {
    const insights = JSON.parse(read('/insights.json'));
    const label = (id: string) => insights.aspects.find((a: { id: string }) => a.id === id).label;
    const all = insights.aspects.flatMap((a: { quotes: { text: string }[] }) => a.quotes.map((q) => q.text));
    const pathOf = new Map([...expectedFacets()].map(([path, f]) => [f.label, path]));
    type Ref = { aspect: string } | null;
    const techs: { name: string; strongest_aspect: Ref; weakest_aspect: Ref }[] = insights.entities.technicians;
    expect(techs.some((t) => t.strongest_aspect !== null)).toBe(true);
    expect(techs.some((t) => t.strongest_aspect === null)).toBe(true);
    for (const t of techs) {
      const doc = parseHtml(read(pathOf.get(t.name) as string));
      const section = elements(doc, 'section').find((s) => attr(s, 'aria-labelledby') === 'facet-insights');
      const said = section ? text(section) : '';
      if (t.strongest_aspect) expect(said, t.name).toContain(`Strongest aspect: ${label(t.strongest_aspect.aspect)}`);
      else expect(said, t.name).not.toContain('Strongest aspect');
      if (t.weakest_aspect) expect(said, t.name).toContain(`Weakest aspect: ${label(t.weakest_aspect.aspect)}`);
      else expect(said, t.name).not.toContain('Weakest aspect');
      for (const q of section ? elements(section, 'blockquote').map(text) : []) expect(all).toContain(q);
      // the insights come with how they were read, as on the home page
      if (section)
        expect(
          elements(section, 'p')
            .filter((p) => hasClass(p, 'method'))
            .map(text),
          t.name,
        ).toEqual([methodText(insights) as string]);
    }
  });

  it('links each review card to its technicians, services and area, and names its source', () => {
    const facets = expectedFacets();
    const pathOf = (label: string, kind: string) => [...facets].find(([p, f]) => p.startsWith(kind) && f.label === label)?.[0];
    const doc = parseHtml(read('/'));
    const { business } = JSON.parse(read('/reviews.json'));
    const serviceName = new Map(business.services.map((s: { id: string; name: string }) => [s.id, s.name]));
    for (const article of elements(doc, 'article').slice(0, 50)) {
      const id = (attr(article, 'id') as string).replace(/^review-/, '');
      const review = reviews.find((r) => r.id === id) as Review;
      const about = elements(article, 'p').find((p) => hasClass(p, 'about'));
      const links = about ? elements(about, 'a').map((a) => [text(a), attr(a, 'href')]) : [];
      expect(links, id).toEqual([
        ...review.technicians.map((t) => [t, pathOf(t, '/technicians/')]),
        ...review.services.map((s) => [serviceName.get(s), `/services/${s}/`]),
        ...(review.service_area ? [[review.service_area, pathOf(review.service_area, '/areas/')]] : []),
      ]);
      const marks = { job: ' · ✓ verified customer: matched to a job', platform: ' · ✓ verified by \\w+', owner: ' · ✓ marked verified by the business' };
      const mark = review.evidence ? marks[review.evidence.kind] : '';
      expect(text(elements(article, 'p').find((p) => hasClass(p, 'meta')) as Node)).toMatch(new RegExp(` · on (Google|Yelp|Nextdoor|our website)${mark}$`));
    }
  });

  it('says how many reviews are published, how many carry which evidence, and that none was left out', () => {
    const rating = byId(parseHtml(read('/')), 'rating') as Node;
    const n = (x: number) => x.toLocaleString('en-US');
    const total = reviews.length;
    const count = { job: 0, platform: 0, owner: 0, none: 0 };
    for (const r of reviews) count[r.evidence?.kind ?? 'none'] += 1;
    // the content's unverified reviews are published now, without evidence
    const unverified = JSON.parse(readFileSync(join(SAMPLE_CONTENT, 'reviews.json'), 'utf8')).filter((r: Review) => !r.verified).length + 1;
    expect(count.none).toBe(unverified);
    const said = [
      count.job && `${n(count.job)} of ${n(total)} reviews come from customers matched to a job on the business’s records.`,
      count.platform && `${n(count.platform)} of ${n(total)} reviews were marked verified by the platform they were written on.`,
      count.owner && `${n(count.owner)} of ${n(total)} reviews were marked verified by the business itself.`,
      `${n(count.none)} of ${n(total)} reviews carry no evidence that their authors are customers.`,
    ].filter(Boolean);
    expect(text(rating)).toContain(`${n(total)} reviews published, whatever their rating. ${said.join(' ')} None left out.`);
    const ratings = JSON.parse(read('/api/ratings.json'));
    expect(ratings.left_out).toEqual({ unverified: 0 });
    expect(ratings.evidence).toEqual(count);
  });

  it('publishes the widget, the badge, the embed page and the stylesheet through the manifest with their content types', () => {
    const types = Object.fromEntries(
      ['/widget.js', '/badge.svg', '/embed/', '/site.css', '/api/ratings.json'].map((p) => [p, manifest.resources[p]?.content_type]),
    );
    expect(types).toEqual({
      '/widget.js': 'text/javascript; charset=utf-8',
      '/badge.svg': 'image/svg+xml',
      '/embed/': 'text/html; charset=utf-8',
      '/site.css': 'text/css; charset=utf-8',
      '/api/ratings.json': 'application/json; charset=utf-8',
    });
    const { aggregate_rating: agg } = JSON.parse(read('/reviews.json'));
    const badge = read('/badge.svg');
    expect(badge).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]* role="img" aria-label="reviews: rated [\d.]+ out of 5 from [\d,]+ reviews">/);
    expect(badge).toContain(`★ ${agg.rating_value.toFixed(1)} · ${agg.review_count.toLocaleString('en-US')} reviews`);
    const widget = read('/widget.js');
    expect(widget).toContain("customElements.define('reviews-widget'");
    expect(widget).not.toMatch(/\beval\(|new Function|document\.cookie|innerHTML|\.style\.|<style/);
    // the snippets on the API page name this origin and the files that exist
    const api = read('/api/');
    for (const path of ['/widget.js', '/badge.svg', '/embed/']) expect(api).toContain(`${SITE}${path}`);
  });

  it('shows a review as written, with its translation behind a toggle that needs no script', () => {
    const article = byId(parseHtml(read('/')), 'review-zz-translated-1') as Node;
    const paragraphs = elements(article, 'p')
      .filter((p) => attr(p, 'dir') === 'auto')
      .map(text);
    expect(paragraphs[0]).toBe('Muy buen servicio, llegaron a tiempo.');
    const details = elements(article, 'details')[0] as Node;
    expect(text(elements(details, 'summary')[0] as Node)).toBe('Show the English translation (by Google)');
    expect(text(details)).toContain('Very good service, they arrived on time.');
    expect(attr(elements(details, 'div')[0] as Node, 'lang')).toBe('en');
    // Google translated it into the business's English, so the original is in another language: detected
    expect(attr(elements(article, 'div').find((d) => attr(d, 'class') === 'text') as Node, 'lang')).toBe('es');
  });
});

describe('a facet with no reviews yet', () => {
  it('is listed with its count of 0 on the home page, but not linked to an empty page', async () => {
    const dir = join(tempDir('empty-facet'), 'content');
    cpSync(SMALL_CONTENT, dir, { recursive: true });
    const business = JSON.parse(readFileSync(join(dir, 'business.json'), 'utf8'));
    business.service_areas.push('Nowhere Valley');
    writeFileSync(join(dir, 'business.json'), JSON.stringify(business));
    const built = join(tempDir('empty-facet'), 'dist');
    await buildInProcess({ CONTENT_DIR: dir, OUT_DIR: built, SITE_URL: SITE });
    const browse = byId(parseHtml(readFileSync(join(built, 'site', 'index.html'), 'utf8')), 'browse') as Node;
    const chip = elements(browse, 'li').find((li) => text(li).includes('Nowhere Valley')) as Node;
    expect(text(chip).replace(/\s+/g, ' ').trim()).toBe('Nowhere Valley 0');
    expect(elements(chip, 'a')).toEqual([]);
    for (const a of elements(browse, 'a')) expect(text(a)).not.toBe('Nowhere Valley');
  });
});
