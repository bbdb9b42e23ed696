import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CONTENT } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { type RunningTarget, startTarget, TARGETS } from '../helpers/targets.ts';

let server: RunningTarget;
// Each suite runs against the Node sidecar and against the Worker under wrangler dev.
describe.each(TARGETS)('%s', (target) => {
  beforeAll(async () => {
    const out = await sharedBuild(SAMPLE_CONTENT, 'https://reviews.example');
    server = await startTarget(target, { OUT_DIR: out });
  });
  afterAll(() => server?.stop());

  describe('search through the real server', () => {
    it('filters, pages and sorts', async () => {
      const all = await (await fetch(`${server.url}/reviews.json`)).json();
      const fives = all.reviews.filter((r: { rating: number }) => r.rating === 5);
      const res = await fetch(`${server.url}/api/reviews/search?rating=5&limit=7&offset=3`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(await res.json()).toEqual({
        total: fives.length,
        count: 7,
        limit: 7,
        offset: 3,
        next_offset: fives.length > 10 ? 10 : null,
        reviews: fives.slice(3, 10),
      });
    });

    it('answers 304 to a matching If-None-Match and 400 to unknown parameters', async () => {
      const first = await fetch(`${server.url}/api/reviews/search?query=on%20time`);
      const etag = first.headers.get('etag') as string;
      const again = await fetch(`${server.url}/api/reviews/search?query=on%20time`, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      const bad = await fetch(`${server.url}/api/reviews/search?minrating=4`);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: 'invalid_request', issues: [{ code: 'unrecognized_keys', path: [] }] });
    });
  });
});
