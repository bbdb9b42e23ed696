// The Worker's built files kept in memory (sidecar/runtime/cloudflare/kept-assets.ts), over an asset store that
// counts what it is asked: the first files until the budget is spent, never evicted, the same
// bytes and length, and nothing kept that the store did not answer with 200.
import { describe, expect, it } from 'vitest';
import { keptAssets } from '../../sidecar/runtime/cloudflare/kept-assets.ts';
import type { AssetFetcher } from '../../sidecar/runtime/cloudflare/types.ts';

const FILES: Record<string, string> = { '/a.json': 'a'.repeat(40), '/b.json': 'b'.repeat(50), '/c.json': 'c'.repeat(10) };

function store(): AssetFetcher & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async fetch(request) {
      const { pathname } = new URL(request.url);
      asked.push(`${request.method} ${pathname}`);
      const body = FILES[pathname];
      if (body === undefined) return new Response('not found', { status: 404 });
      // as the asset store may: a stream without Content-Length
      return new Response(request.method === 'HEAD' ? null : new Blob([body]).stream(), { status: 200 });
    },
  };
}

const sizeOf = (path: string) => FILES[path]?.length;
const get = (path: string, method = 'GET') => new Request(`https://reviews.example${path}`, { method });

describe('kept assets', () => {
  it('keeps the first files asked for until the budget is spent, and answers them from memory', async () => {
    const assets = store();
    const kept = keptAssets(assets, 95, sizeOf);
    for (const path of ['/a.json', '/b.json', '/c.json', '/a.json', '/b.json', '/c.json']) {
      const res = await kept.fetch(get(path));
      expect(res.status).toBe(200);
      // a kept file's length is known; one passed through is the store's answer as it came
      expect(res.headers.get('content-length')).toBe(path === '/c.json' ? null : String(FILES[path]?.length));
      expect(await res.text()).toBe(FILES[path]);
    }
    // a (40) and b (50) fit in 95; c (10) came after and did not: it is fetched each time
    expect(assets.asked).toEqual(['GET /a.json', 'GET /b.json', 'GET /c.json', 'GET /c.json']);
    expect(kept.bytes).toBe(90);
  });

  it('answers HEAD of a kept file with its length and no body, and keeps nothing from HEAD or a 404', async () => {
    const assets = store();
    const kept = keptAssets(assets, 1000, sizeOf);
    expect((await kept.fetch(get('/a.json', 'HEAD'))).status).toBe(200);
    expect((await kept.fetch(get('/missing'))).status).toBe(404);
    expect((await kept.fetch(get('/missing'))).status).toBe(404);
    expect(kept.bytes).toBe(0);
    await (await kept.fetch(get('/a.json'))).text();
    const head = await kept.fetch(get('/a.json', 'HEAD'));
    expect(head.headers.get('content-length')).toBe('40');
    expect(head.body).toBeNull();
    expect(assets.asked).toEqual(['HEAD /a.json', 'GET /missing', 'GET /missing', 'GET /a.json']);
  });

  it('keeps nothing with a budget of 0', async () => {
    const assets = store();
    const kept = keptAssets(assets, 0, sizeOf);
    for (let i = 0; i < 3; i++) expect(await (await kept.fetch(get('/a.json'))).text()).toBe(FILES['/a.json']);
    expect(assets.asked).toHaveLength(3);
  });
});
