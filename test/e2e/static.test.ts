import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderSince, sinceEtag } from '../../src/core/documents/since.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import type { Review } from '../../src/core/schemas/review.ts';
import { buildInProcess, runBuild } from '../helpers/build.ts';
import { SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { type RunningTarget, startTarget, TARGETS } from '../helpers/targets.ts';

const SITE = 'https://reviews.example';
const RESOURCES = ['/reviews.json', '/insights.json', '/api/feed.json', '/feed.xml', '/api/reviews/since/2024-01-10'];
const TOPICS = ['/reviews.json', '/api/feed.json', '/feed.xml'];

let server: RunningTarget;
let out: string;
let content: string;
const manifest = () => JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);

// Each suite runs against the Node sidecar and against the Worker under wrangler dev.
describe.each(TARGETS)('%s', (target) => {
  beforeAll(async () => {
    const tmp = tempDir(`e2e-static-${target}`);
    content = join(tmp, 'content');
    cpSync(SMALL_CONTENT, content, { recursive: true });
    out = join(tmp, 'dist');
    await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
    server = await startTarget(target, { OUT_DIR: out });
  });
  afterAll(() => server?.stop());

  describe('static resources over real HTTP', () => {
    it.each(RESOURCES)('GET %s answers with the built bytes and precomputed headers', async (path) => {
      const entry = manifest().resources[path];
      const res = await get(path);
      expect(res.status).toBe(200);
      const body = Buffer.from(await res.arrayBuffer());
      expect(body.equals(readFileSync(join(out, 'site', entry?.file as string)))).toBe(true);
      expect(res.headers.get('etag')).toBe(entry?.etag);
      expect(res.headers.get('last-modified')).toBe(entry?.last_modified);
      expect(res.headers.get('content-type')).toBe(path.endsWith('.xml') ? 'application/atom+xml; charset=utf-8' : 'application/json; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('link')).toBe(TOPICS.includes(path) ? `<${SITE}/api/websub/hub>; rel="hub", <${SITE}${path}>; rel="self"` : null);
    });

    it('answers a built file asked for again with the same bytes and headers (kept in memory after the first)', async () => {
      for (const path of RESOURCES) {
        const [first, again] = [await get(path), await get(path)];
        const [a, b] = [Buffer.from(await first.arrayBuffer()), Buffer.from(await again.arrayBuffer())];
        expect(b.equals(a), path).toBe(true);
        for (const name of ['etag', 'last-modified', 'content-type', 'content-length', 'cache-control', 'link'])
          expect(again.headers.get(name), `${path} ${name}`).toBe(first.headers.get(name));
        const head = await get(path, { method: 'HEAD' });
        expect(head.headers.get('content-length'), path).toBe(String(a.length));
        expect(await head.text()).toBe('');
      }
    });

    it('answers HEAD like GET without a body', async () => {
      const res = await get('/reviews.json', { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe(manifest().resources['/reviews.json']?.etag);
      expect(res.headers.get('content-length')).toBe(String(manifest().resources['/reviews.json']?.size));
      expect(await res.text()).toBe('');
    });

    it('ignores an Authorization header', async () => {
      const res = await get('/reviews.json', { headers: { authorization: 'Bearer nonsense' } });
      expect(res.status).toBe(200);
    });
  });

  describe('conditional requests', () => {
    const etag = () => manifest().resources['/reviews.json']?.etag as string;
    const lastModified = () => manifest().resources['/reviews.json']?.last_modified as string;
    const status = async (headers: Record<string, string>, method = 'GET') => {
      const res = await get('/reviews.json', { method, headers });
      return { status: res.status, body: await res.text(), headers: res.headers };
    };

    it('gives 304 with an empty body and the required headers on a matching If-None-Match', async () => {
      const res = await status({ 'if-none-match': etag() });
      expect(res.status).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.get('etag')).toBe(etag());
      expect(res.headers.get('cache-control')).toBe('public, max-age=60');
      expect(res.headers.get('date')).not.toBeNull();
      expect(res.headers.get('content-type')).toBeNull();
    });

    it.each([
      ['weak form', (e: string) => `W/${e}`, 304],
      ['list', (e: string) => `"nope", ${e}`, 304],
      ['star', () => '*', 304],
      ['mismatch', () => '"nope"', 200],
    ])('If-None-Match %s', async (_, value, expected) => {
      expect((await status({ 'if-none-match': value(etag()) })).status).toBe(expected);
    });

    it('uses If-Modified-Since only without If-None-Match', async () => {
      expect((await status({ 'if-modified-since': lastModified() })).status).toBe(304);
      expect((await status({ 'if-modified-since': 'Mon, 01 Jan 2001 00:00:00 GMT' })).status).toBe(200);
      expect((await status({ 'if-modified-since': 'garbage' })).status).toBe(200);
      expect((await status({ 'if-none-match': '"nope"', 'if-modified-since': lastModified() })).status).toBe(200);
    });

    it('answers a conditional HEAD with 304', async () => {
      expect((await status({ 'if-none-match': etag() }, 'HEAD')).status).toBe(304);
    });
  });

  describe('since', () => {
    it('answers a date that is not a review date with the reviews on or after it', async () => {
      const res = await get('/api/reviews/since/2024-01-11');
      expect(res.status).toBe(200);
      const doc = await res.json();
      // a5 carries no evidence: published by the default policy (PUBLISH_REVIEWS=all)
      expect(doc).toMatchObject({ since: '2024-01-11', count: 3 });
      expect(doc.reviews.map((r: { id: string }) => r.id)).toEqual(['a5', 'a4', 'a3']);
      expect(res.headers.get('etag')).toMatch(/^"[\w-]+"$/);
      const again = await get('/api/reviews/since/2024-01-11', { headers: { 'if-none-match': res.headers.get('etag') as string } });
      expect(again.status).toBe(304);
    });

    it('answers a date not pre-rendered with the bytes and ETag the build would write (views of /reviews.json)', async () => {
      const all = await get('/reviews.json', { headers: { 'accept-encoding': 'identity' } });
      const reviewsEtag = all.headers.get('etag') as string;
      const { reviews } = (await all.json()) as { reviews: Review[] };
      // the newest review's date is a pre-rendered file: the same bytes and tag as a date answered live
      for (const date of ['2024-01-11', '1999-01-01', '2030-01-01', '2024-01-11', (reviews[0] as Review).date]) {
        const expected = Buffer.from(renderSince(reviews, date));
        // identity: a Worker's responses are compressed for clients that accept it, as at Cloudflare
        const res = await get(`/api/reviews/since/${date}`, { headers: { 'accept-encoding': 'identity' } });
        expect(Buffer.from(await res.arrayBuffer()).equals(expected), date).toBe(true);
        expect(res.headers.get('etag')).toBe(sinceEtag(reviewsEtag, date));
        expect(res.headers.get('content-length')).toBe(String(expected.length));
        const head = await get(`/api/reviews/since/${date}`, { method: 'HEAD' });
        expect([head.status, head.headers.get('content-length'), (await head.arrayBuffer()).byteLength]).toEqual([200, String(expected.length), 0]);
      }
    });

    it('answers a date after every review with an empty list', async () => {
      expect(await (await get('/api/reviews/since/2030-01-01')).json()).toEqual({ since: '2030-01-01', count: 0, reviews: [] });
    });

    it.each(['2024-13-01', '2023-02-29', 'yesterday', '2024-1-1'])('rejects %s with 400 and the error shape', async (date) => {
      const res = await get(`/api/reviews/since/${date}`);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = await res.json();
      expect(body.error).toBe('invalid_request');
      expect(body.issues[0]).toMatchObject({ path: ['date'] });
      expect(typeof body.issues[0].code).toBe('string');
      expect(typeof body.issues[0].message).toBe('string');
    });

    it('gives byte-identical bodies and ETags for pre-rendered and dynamic dates', async () => {
      const tmp = tempDir('since-budget');
      const dynamicOut = join(tmp, 'dist');
      await buildInProcess({ CONTENT_DIR: content, OUT_DIR: dynamicOut, SITE_URL: SITE, SINCE_BUDGET_BYTES: '0' });
      const dynamic = await startTarget(target, { OUT_DIR: dynamicOut });
      try {
        for (const date of manifest().since_dates) {
          const path = `/api/reviews/since/${date}`;
          const res = await fetch(`${dynamic.url}${path}`);
          const body = Buffer.from(await res.arrayBuffer());
          expect(body.equals(readFileSync(join(out, 'site', path)))).toBe(true);
          expect(res.headers.get('etag')).toBe(manifest().resources[path]?.etag);
        }
      } finally {
        await dynamic.stop();
      }
    });
  });

  describe('unknown paths and methods', () => {
    it('answers an unknown API path with a JSON 404', async () => {
      for (const path of ['/api/nothing/here', '/mcp/nothing', '/.well-known/nothing']) {
        const res = await get(path);
        expect(res.status, path).toBe(404);
        expect(await res.json()).toMatchObject({ error: 'not_found' });
      }
    });

    it('answers an unknown page with the 404 page, as the static hosts do', async () => {
      const res = await get('/nothing/here');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(await res.text()).toBe(readFileSync(join(out, 'site', '404.html'), 'utf8'));
      const head = await get('/nothing/here', { method: 'HEAD' });
      expect(head.status).toBe(404);
      expect(await head.text()).toBe('');
    });

    it.each(['POST', 'PUT', 'DELETE', 'PATCH'])('answers %s on a resource with 405 and Allow', async (method) => {
      const res = await get('/reviews.json', { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(await res.json()).toMatchObject({ error: 'method_not_allowed' });
    });

    it('redirects a page path without its trailing slash', async () => {
      const res = await get('/api?x=1', { redirect: 'manual' });
      expect(res.status).toBe(301);
      expect(res.headers.get('location')).toBe('/api/?x=1');
    });

    it('answers a CORS preflight', async () => {
      const res = await get('/reviews.json', {
        method: 'OPTIONS',
        headers: { origin: 'https://app.example', 'access-control-request-headers': 'if-none-match' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-allow-headers')).toContain('If-None-Match');
    });
  });

  describe('publishing a new build', () => {
    it('serves a new build without a restart, and keeps serving the old one when content is bad', async () => {
      const before = await (await get('/insights.json')).json();
      const editorial = JSON.parse(readFileSync(join(content, 'editorial.json'), 'utf8'));
      editorial.summary.headline = 'Fresh headline';
      writeFileSync(join(content, 'editorial.json'), JSON.stringify(editorial));
      const reviews = JSON.parse(readFileSync(join(content, 'reviews.json'), 'utf8'));
      reviews[0].title = 'Zanzibar plumbing';
      writeFileSync(join(content, 'reviews.json'), JSON.stringify(reviews));
      const search = async () => (await (await get('/api/reviews/search?query=zanzibar')).json()).total;
      expect(await search()).toBe(0);
      await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
      await expect.poll(async () => (await (await get('/insights.json')).json()).summary.headline, { timeout: 10_000 }).toBe('Fresh headline');
      expect(before.summary.headline).not.toBe('Fresh headline');
      // search answers from the new build too, without a restart
      expect(await search()).toBe(1);

      writeFileSync(join(content, 'reviews.json'), '[{"id": "x"}]');
      const bad = runBuild({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
      expect(bad.status).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      const res = await get('/insights.json');
      expect(res.status).toBe(200);
      expect((await res.json()).summary.headline).toBe('Fresh headline');
    });
  });
});
