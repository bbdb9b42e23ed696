// The sidecar answers built files at the node:http level (sidecar/runtime/node/static-first.ts): over
// real HTTP its answers must equal, header for header and byte for byte, what the Hono route
// gives in process for the same build, for 200, 304 and HEAD, with and without a query string;
// what it leaves to the app (a folder path without its slash, an encoded path, a POST) still works.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../sidecar/app.ts';
import { liveSite } from '../../sidecar/runtime/node/live-site.ts';
import type { LiveSite } from '../../sidecar/site/live-site.ts';
import { SMALL_CONTENT } from '../helpers/paths.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { sharedBuild } from '../helpers/shared-build.ts';

let server: RunningServer;
let site: LiveSite;
let out: string;
let app: ReturnType<typeof createApp>;
beforeAll(async () => {
  out = await sharedBuild(SMALL_CONTENT, 'https://reviews.example');
  server = await startServer({ OUT_DIR: out });
  site = liveSite(out, 0);
  app = createApp({ site, config: { cacheMaxAgeS: 60, searchCacheEntries: 0, responseCacheBytes: 1 << 20, staticCacheBytes: 1 << 20 } });
});
afterAll(async () => {
  site?.close();
  await server?.stop();
});

const comparable = (res: Response) => {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)));
  return { status: res.status, headers };
};

describe('built files at the node:http level', () => {
  it.each(['/reviews.json', '/api/reviews/since/2024-01-10', '/feed.xml', '/', '/api/', '/widget.js', '/reviews.json?x=1'])(
    '%s: the same answer as the Hono route',
    async (path) => {
      const real = await fetch(`${server.url}${path}`);
      const inProcess = await app.request(path);
      expect(comparable(real)).toEqual(comparable(inProcess));
      expect(Buffer.from(await real.arrayBuffer())).toEqual(Buffer.from(await inProcess.arrayBuffer()));
      const etag = real.headers.get('etag') as string;
      for (const headers of [
        { 'if-none-match': etag },
        { 'if-none-match': `"other", W/${etag}` },
        { 'if-modified-since': real.headers.get('last-modified') as string },
      ]) {
        const r304 = await fetch(`${server.url}${path}`, { headers });
        expect(comparable(r304)).toEqual(comparable(await app.request(path, { headers })));
        expect(r304.status).toBe(304);
      }
      const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
      expect(comparable(head)).toEqual(comparable(await app.request(path, { method: 'HEAD' })));
      expect(await head.text()).toBe('');
    },
  );

  it('leaves the rest to the app: a folder without its slash, an encoded path, another method, an unknown file', async () => {
    const redirect = await fetch(`${server.url}/api`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/api/');
    expect((await fetch(`${server.url}/reviews%2Ejson`)).status).toBe((await app.request('/reviews%2Ejson')).status);
    const post = await fetch(`${server.url}/reviews.json`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect((await fetch(`${server.url}/nothing-here.json`)).status).toBe(404);
  });
});

describe('idle connections (KEEP_ALIVE_S)', () => {
  it('are kept open longer than a load balancer keeps its own (65 s by default), and as long as the setting says', async () => {
    const res = await fetch(`${server.url}/reviews.json`);
    await res.arrayBuffer();
    expect(res.headers.get('keep-alive')).toBe('timeout=65');

    const short = await startServer({ OUT_DIR: out, KEEP_ALIVE_S: '1' });
    try {
      const { hostname, port } = new URL(short.url);
      const closedAfter = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => socket.write(`GET /reviews.json HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`));
        let head = '';
        socket.on('data', (chunk) => {
          head ||= chunk.toString('latin1').split('\r\n\r\n')[0] ?? '';
        });
        socket.on('close', () => resolve(head));
        socket.on('error', reject);
        setTimeout(() => reject(new Error('the idle connection was still open after 10 s')), 10_000).unref();
      });
      expect(closedAfter).toMatch(/^HTTP\/1\.1 200/);
      expect(closedAfter.toLowerCase()).toContain('keep-alive: timeout=1');
    } finally {
      await short.stop();
    }
  });
});
