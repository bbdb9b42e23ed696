// The HTML pages, llms.txt and the API page as built: size, structure, anchors, JSON-LD,
// escaping and the stability of the archive pages.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { pageWeight } from '../../bench/page/page-weight.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { siteUrls } from '../../src/core/http/urls.ts';
import { INSIGHTS_METHOD } from '../../src/core/insights/method.ts';
import { openApiDocument } from '../../src/core/openapi/document.ts';
import { MCP_TOOLS } from '../../src/core/openapi/mcp.ts';
import type { InsightsDocument } from '../../src/core/schemas/insights.ts';
import type { Review } from '../../src/core/schemas/review.ts';
import { operations } from '../../src/core/site/api-examples.ts';
import { methodText } from '../../src/core/site/page-data.ts';
import { SAMPLE_CONTENT } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { HOSTILE_REVIEW, NEWER_REVIEW, sampleWith } from '../helpers/site/content.ts';
import { attr, byId, elements, hasClass, type Node, parseHtml, text, walk } from '../helpers/site/dom.ts';

const SITE = 'https://reviews.example';
const urls = siteUrls(SITE);

const build = (contentDir: string) => sharedBuild(contentDir, SITE);

const fileOf = (path: string) => (path.endsWith('/') ? `${path}index.html` : path).slice(1);
const read = (out: string, path: string) => readFileSync(join(out, 'site', fileOf(path)), 'utf8');
const json = <T>(out: string, path: string) => JSON.parse(read(out, path)) as T;
const manifest = (out: string) => JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;

/** Headings in document order must never skip a level going down (h2 → h4). */
function headingLevels(doc: Node): number[] {
  return [...walk(doc)].flatMap((n) => (/^h[1-6]$/.test(n.tagName ?? '') ? [Number(n.tagName?.slice(1))] : []));
}

interface ReviewsDoc {
  reviews: Review[];
  aggregate_rating: { rating_value: number; review_count: number; distribution: Record<string, number> };
  business: { name: string; technicians: { name: string }[] };
}

describe('the pages of the sample business', () => {
  let out: string;
  let home: Node;
  let data: ReviewsDoc;
  beforeAll(async () => {
    out = await build(SAMPLE_CONTENT);
    home = parseHtml(read(out, '/'));
    data = json<ReviewsDoc>(out, '/reviews.json');
  });

  it('keeps HTML plus CSS of the home page under 100 KB, with one deferred module script of its own', () => {
    const html = read(out, '/');
    const weight = pageWeight(html, (href) => readFileSync(join(out, 'site', href)));
    console.log(`home page: HTML ${weight.html} B + CSS ${weight.css} B = ${weight.total} B`);
    expect(weight.total).toBeLessThan(100 * 1024);
    expect(weight.scripts).toHaveLength(1);
    expect(weight.stylesheets).toEqual([]);
    const scripts = elements(home, 'script');
    // JSON-LD, the search's links and its words in the page's language, then the search itself
    expect(scripts.map((s) => attr(s, 'type'))).toEqual(['application/ld+json', 'application/json', 'application/json', 'module']);
    // a module script is deferred: it never blocks rendering
    expect(attr(scripts[3] as Node, 'src')).toMatch(/^\/_astro\/[\w.-]+\.js$/);
    expect(text(scripts[3] as Node)).toBe('');
  });

  it('serves every page with its content type', () => {
    const m = manifest(out);
    for (const path of ['/', '/api/', '/reviews/', '/reviews/page/1/']) expect(m.resources[path]?.content_type, path).toBe('text/html; charset=utf-8');
    expect(m.resources['/llms.txt']?.content_type).toBe('text/plain; charset=utf-8');
    expect(m.resources['/openapi.json']?.content_type).toBe('application/json; charset=utf-8');
    expect(m.resources['/favicon.svg']?.content_type).toBe('image/svg+xml');
  });

  it('has an anchor on the home page for every feed item', () => {
    const feed = json<{ items: { url: string }[] }>(out, '/api/feed.json');
    expect(feed.items).toHaveLength(50);
    for (const item of feed.items) {
      const url = new URL(item.url);
      expect(`${url.origin}${url.pathname}`).toBe(urls.home);
      expect(byId(home, decodeURIComponent(url.hash.slice(1))), item.url).toBeDefined();
    }
  });

  it('shows the 50 newest reviews in order, with the owner responses', () => {
    const articles = elements(home, 'article').filter((a) => hasClass(a, 'review'));
    const newest = data.reviews.slice(0, 50);
    expect(articles.map((a) => attr(a, 'id'))).toEqual(newest.map((r) => `review-${r.id}`));
    const withResponse = articles.filter((a) => [...walk(a)].some((n) => hasClass(n, 'response')));
    expect(withResponse).toHaveLength(newest.filter((r) => r.response).length);
    expect(withResponse.length).toBeGreaterThan(0);
    // the author is named once at the top of each card: in the heading without a title, in the meta line under one
    newest.forEach((r, i) => {
      const article = articles[i] as Node;
      const top = [...walk(article)].filter((n) => ['h2', 'h3'].includes((n as { tagName?: string }).tagName ?? '') || hasClass(n, 'meta')).map(text);
      expect(top.join(' | ').split(r.author.name).length - 1, `${r.id}: ${top.join(' | ')}`).toBe(1);
    });
  });

  it('shows the business, the rating and a histogram that reads as words', () => {
    expect(elements(home, 'h1').map(text)).toEqual([data.business.name]);
    const agg = data.aggregate_rating;
    expect(text(home)).toContain(agg.rating_value.toFixed(1));
    const histogram = [...walk(home)].find((n) => hasClass(n, 'histogram')) as Node;
    const rows = elements(histogram, 'li').map((li) => text([...walk(li)].find((n) => hasClass(n, 'sr-only')) as Node));
    expect(rows).toEqual(
      [5, 4, 3, 2, 1].map((s) => `${s} star${s === 1 ? '' : 's'}: ${agg.distribution[String(s)]} review${agg.distribution[String(s)] === 1 ? '' : 's'}`),
    );
  });

  it('shows the technicians and the insights highlights', () => {
    const insights = json<{
      aspects: { label: string; mentions: number; score: number | null }[];
      entities: { technicians: { name: string; mentions: number }[] };
    }>(out, '/insights.json');
    const table = elements(byId(home, 'insights') as Node, 'table')[0] as Node;
    const names = elements(table, 'tbody')
      .flatMap((b) => elements(b, 'th'))
      .map((th) => text(elements(th, 'a')[0] as Node));
    expect(names).toEqual(insights.entities.technicians.filter((t) => t.mentions > 0).map((t) => t.name));
    const headings = elements(byId(home, 'insights') as Node, 'h3').map(text);
    const scored = insights.aspects.filter((a) => a.score !== null && a.mentions >= 3);
    expect(headings.includes('Strongest aspects') || headings.includes('Weakest aspects')).toBe(scored.length > 0);
  });

  it('says next to the insights how they were read and how accurately, from insights.json method', () => {
    const doc = json<InsightsDocument>(out, '/insights.json');
    expect(doc.method).toEqual(INSIGHTS_METHOD);
    const lines = elements(byId(home, 'insights') as Node, 'p').filter((p) => hasClass(p, 'method'));
    expect(lines.map(text)).toEqual([methodText(doc) as string]);
    const en = doc.method.languages.en;
    expect(text(lines[0] as Node)).toContain(`about ${Math.floor((en?.recall ?? 0) * 10)} in 10 of the points a person finds`);
  });

  it('links the feeds, the hub and the topic in <head>, and the OpenAPI document', () => {
    const links = elements(home, 'link').map((l) => `${attr(l, 'rel')} ${attr(l, 'type') ?? '-'} ${attr(l, 'href')}`);
    expect(links).toEqual(
      expect.arrayContaining([
        `canonical - ${urls.home}`,
        `alternate application/atom+xml ${urls.atomFeed}`,
        `alternate application/feed+json ${urls.jsonFeed}`,
        `hub - ${urls.hub}`,
        `self application/atom+xml ${urls.atomFeed}`,
        `service-desc application/openapi+json ${SITE}/openapi.json`,
      ]),
    );
  });

  it('describes the business, its rating and the newest reviews in JSON-LD', () => {
    const [script] = elements(home, 'script');
    const ld = JSON.parse(text(script as Node));
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('LocalBusiness');
    expect(ld.name).toBe(data.business.name);
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: data.aggregate_rating.rating_value,
      reviewCount: data.aggregate_rating.review_count,
      bestRating: 5,
      worstRating: 1,
    });
    expect(ld.review).toHaveLength(10);
    ld.review.forEach((r: { url: string; reviewRating: { ratingValue: number }; datePublished: string }, i: number) => {
      const review = data.reviews[i] as Review;
      expect(r.url).toBe(urls.review(review.id));
      expect(r.reviewRating.ratingValue).toBe(review.rating);
      expect(r.datePublished).toBe(review.date);
    });
  });

  it.each(['/', '/reviews/', '/reviews/page/1/', '/reviews/page/13/', '/api/'])('%s has one h1, headings in order, landmarks and a language', (path) => {
    const doc = parseHtml(read(out, path));
    const levels = headingLevels(doc);
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    levels.forEach((level, i) => {
      if (i > 0) expect(level, `heading ${i} of ${path}`).toBeLessThanOrEqual((levels[i - 1] as number) + 1);
    });
    for (const tag of ['header', 'main', 'footer']) expect(elements(doc, tag).length, tag).toBeGreaterThan(0);
    expect(attr(elements(doc, 'html')[0] as Node, 'lang')).toMatch(/^[a-z]{2}/);
    for (const img of elements(doc, 'img')) expect(attr(img, 'alt')).toBeDefined();
    // data blocks, or module scripts of our own (deferred, never inline code)
    expect(
      elements(doc, 'script').every(
        (s) => /^application\/(ld\+)?json$/.test(attr(s, 'type') ?? '') || (attr(s, 'type') === 'module' && attr(s, 'src')?.startsWith('/_astro/')),
      ),
    ).toBe(true);
  });

  it('pages the archive from the oldest review, every review exactly once', () => {
    const pages = Math.ceil(data.reviews.length / 50);
    expect(pages).toBe(13);
    const seen: string[] = [];
    for (let n = 1; n <= pages; n += 1) {
      const doc = parseHtml(read(out, `/reviews/page/${n}/`));
      const ids = elements(doc, 'article').map((a) => (attr(a, 'id') as string).replace(/^review-/, ''));
      expect(ids.length, `page ${n}`).toBe(n < pages ? 50 : data.reviews.length - 50 * (pages - 1));
      seen.push(...ids);
    }
    expect(seen.slice(0, 50)).toEqual(data.reviews.slice(-50).map((r) => r.id));
    expect(new Set(seen).size).toBe(data.reviews.length);
    expect(seen.toSorted()).toEqual(data.reviews.map((r) => r.id).toSorted());
    expect(manifest(out).resources[`/reviews/page/${pages + 1}/`]).toBeUndefined();
    const index = parseHtml(read(out, '/reviews/'));
    expect(elements(index, 'a').filter((a) => /^\/reviews\/page\/\d+\/$/.test(attr(a, 'href') ?? ''))).toHaveLength(pages);
  });

  it('writes llms.txt with every resource, feed, the MCP endpoint and the OpenAPI document', () => {
    const txt = read(out, '/llms.txt');
    const lines = txt.split('\n');
    expect(lines[0]).toMatch(/^# \S/);
    expect(lines.find((l) => l.startsWith('> '))).toContain(data.business.name);
    const links = [...txt.matchAll(/^- \[([^\]]+)\]\(([^)]+)\)(: .+)?$/gm)].map((m) => m[2] as string);
    for (const url of [urls.reviews, urls.insights, urls.jsonFeed, urls.atomFeed, urls.hub, urls.mcp, `${SITE}/openapi.json`, urls.home, `${SITE}/api/`]) {
      expect(links, url).toContain(url);
    }
    expect(links.every((l) => l.startsWith(`${SITE}/`))).toBe(true);
    expect(txt).toMatch(/^## Optional$/m);
    for (const tool of MCP_TOOLS) expect(txt).toContain(tool.name);
  });

  it('explains every OpenAPI operation on /api/ with a curl example, and the MCP and WebSub details', () => {
    const doc = parseHtml(read(out, '/api/'));
    for (const op of operations(openApiDocument(urls))) {
      const article = byId(doc, `op-${op.operationId}`);
      expect(article, op.operationId).toBeDefined();
      const pre = elements(article as Node, 'pre')[0];
      expect(text(pre as Node), op.operationId).toMatch(/^(#.*\n)?(SESSION=\$\()?curl /);
    }
    const page = text(doc);
    expect(page).toContain(urls.mcp);
    expect(page).toContain(urls.hub);
    for (const tool of MCP_TOOLS) expect(page).toContain(tool.name);
    for (const field of ['hub.callback', 'hub.mode', 'hub.topic', 'hub.lease_seconds', 'hub.secret']) expect(page).toContain(field);
  });

  it('serves /openapi.json as built by openApiDocument', () => {
    expect(json(out, '/openapi.json')).toEqual(JSON.parse(JSON.stringify(openApiDocument(urls))));
  });

  it('keeps full archive pages byte for byte when a newer review arrives', async () => {
    const next = await build(sampleWith([NEWER_REVIEW]));
    for (let n = 1; n <= 12; n += 1) expect(read(next, `/reviews/page/${n}/`), `page ${n}`).toBe(read(out, `/reviews/page/${n}/`));
    expect(read(next, '/reviews/page/13/')).toContain(`id="review-${NEWER_REVIEW.id}"`);
    expect(read(next, '/')).toContain(`id="review-${NEWER_REVIEW.id}"`);
  });
});

describe('a review full of markup', () => {
  let html: string;
  let doc: Node;
  let article: Node;
  beforeAll(async () => {
    const out = await build(sampleWith([HOSTILE_REVIEW]));
    html = read(out, '/');
    doc = parseHtml(html);
    article = byId(doc, `review-${HOSTILE_REVIEW.id}`) as Node;
  });

  it('shows every character as text and adds no element or attribute', () => {
    expect(article).toBeDefined();
    expect(text(elements(article, 'h3')[0] as Node)).toBe(HOSTILE_REVIEW.title);
    expect(text(elements(article, 'bdi')[0] as Node)).toBe(HOSTILE_REVIEW.author.name);
    const paragraphs = elements(article, 'p')
      .filter((p) => attr(p, 'dir') === 'auto')
      .map(text);
    expect(paragraphs).toEqual([...HOSTILE_REVIEW.text.split('\n\n'), HOSTILE_REVIEW.response.text]);
    for (const tag of ['script', 'img', 'b', 'i']) expect(elements(article, tag), tag).toEqual([]);
    expect(elements(doc, 'script').map((s) => attr(s, 'type'))).toEqual(['application/ld+json', 'application/json', 'application/json', 'module']);
    expect([...walk(doc)].flatMap((n) => n.attrs ?? []).filter((a) => a.name.startsWith('on'))).toEqual([]);
  });

  it('keeps the JSON-LD inert and exact', () => {
    const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1] as string;
    expect(raw).not.toMatch(/<\/script|<!--/i);
    const ld = JSON.parse(raw);
    expect(ld.review[0]).toMatchObject({ name: HOSTILE_REVIEW.title, reviewBody: HOSTILE_REVIEW.text, author: { name: HOSTILE_REVIEW.author.name } });
  });
});
