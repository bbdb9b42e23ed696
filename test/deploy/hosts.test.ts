// The deploy folders in the hosts' own local tooling, each in front of the real sidecar:
// every public URL must behave through the host as it does at our own server.
import { cpSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningHost, startNetlify, startWrangler } from '../../scripts/run/host-emulators.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { buildInProcess } from '../helpers/build.ts';
import { SAMPLE_CONTENT, tempDir } from '../helpers/paths.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { ACCEPT, MODERN, MODERN_META, sseMessages } from '../helpers/mcp.ts';

const SITE_URL = 'https://reviews.example';
const NOWHERE = 'http://127.0.0.1:9';

interface HostCase {
  name: string;
  /** The host sends our ETag and Last-Modified and evaluates conditional requests as our server does. */
  ourValidators: boolean;
  /** The tool applies `_headers` Content-Type and Cache-Control (netlify dev does not: test/deploy/files.test.ts checks them in Netlify's parser). */
  appliesTypes: boolean;
  /** OPTIONS on a built file is answered with a CORS preflight. */
  preflight: boolean;
  /** The tool's ETag is strong and the same on HEAD as on GET (netlify dev's static server sends a weak one, and on HEAD hashes the empty body). */
  strongEtag: boolean;
  start: () => Promise<RunningHost>;
}

let out: string;
let content: string;
let sidecar: RunningServer;
let edgeDir: string;
let hostDir: string;
let netlifyDir: string;
let manifest: Manifest;

beforeAll(async () => {
  const dir = tempDir('deploy');
  out = join(dir, 'dist');
  content = join(dir, 'content');
  cpSync(SAMPLE_CONTENT, content, { recursive: true });
  await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL, SIDECAR_URL: NOWHERE });
  sidecar = await startServer({ OUT_DIR: out, SITE_URL });
  // The same content again: bytes, ETags and Last-Modified stay; the deploy folders now point at the sidecar.
  await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL, SIDECAR_URL: sidecar.url });
  edgeDir = realpathSync(join(out, 'deploy', 'pages'));
  netlifyDir = realpathSync(join(out, 'deploy', 'netlify'));
  // Host validators, built with a sidecar address that answers nothing: the Pages variable must win.
  await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL, SIDECAR_URL: NOWHERE, CLOUDFLARE_VALIDATORS: 'host' });
  hostDir = realpathSync(join(out, 'deploy', 'pages'));
  manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
});

afterAll(async () => {
  await sidecar?.stop();
});

const CASES: HostCase[] = [
  {
    name: 'Cloudflare Pages, edge validators',
    ourValidators: true,
    appliesTypes: true,
    preflight: true,
    strongEtag: true,
    start: () => startWrangler(edgeDir),
  },
  {
    name: 'Cloudflare Pages, host validators',
    ourValidators: false,
    appliesTypes: true,
    preflight: false,
    strongEtag: true,
    start: () => startWrangler(hostDir, { SIDECAR_URL: sidecar.url }),
  },
  { name: 'Netlify', ourValidators: false, appliesTypes: false, preflight: false, strongEtag: false, start: () => startNetlify(netlifyDir) },
];

/** Every built file but most since dates (three stand for them). The 404 page is not a public URL (Pages redirects `/404.html` to `/404`). */
function publicPaths(): string[] {
  const paths = Object.keys(manifest.resources).filter((p) => p !== '/404.html');
  const since = paths.filter((p) => p.startsWith('/api/reviews/since/'));
  return [...paths.filter((p) => !p.startsWith('/api/reviews/since/')), ...since.slice(0, 2), ...since.slice(-1)];
}

const DYNAMIC_GETS = [
  '/api/reviews/search?min_rating=4&query=on%20time&limit=5',
  '/api/reviews/search?mentions_service=ac-repair',
  '/api/reviews/since/2020-01-01',
  '/api/reviews/since/2026-11-14',
];

const norm = (value: string | null) => value?.toLowerCase().replace(/\s+/g, '') ?? null;

describe.each(CASES)('$name', (host) => {
  let edge: RunningHost;
  // Every body is read at once: one left paused while its socket ends trips undici's parser
  // (`assert(!this.paused)`), an uncaught error that fails the whole run.
  const at = async (base: string, path: string, init?: RequestInit) => {
    const res = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
    const body = await res.arrayBuffer();
    return new Response(body.byteLength ? body : null, { status: res.status, statusText: res.statusText, headers: res.headers });
  };

  beforeAll(async () => {
    edge = await host.start();
  });
  afterAll(async () => {
    await edge?.stop();
  });

  it('serves every built file with the same bytes, type, CORS, cache rules and Link as our server', async () => {
    for (const path of publicPaths()) {
      const [viaHost, direct] = await Promise.all([at(edge.url, path), at(sidecar.url, path)]);
      expect(viaHost.status, path).toBe(200);
      expect(Buffer.from(await viaHost.arrayBuffer()).equals(Buffer.from(await direct.arrayBuffer())), path).toBe(true);
      expect(viaHost.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(norm(viaHost.headers.get('access-control-expose-headers')), path).toBe(norm(direct.headers.get('access-control-expose-headers')));
      expect(viaHost.headers.get('link'), path).toBe(direct.headers.get('link'));
      if (host.appliesTypes) {
        expect(norm(viaHost.headers.get('content-type')), path).toBe(norm(direct.headers.get('content-type')));
        expect(viaHost.headers.get('cache-control'), path).toBe(direct.headers.get('cache-control'));
      }
      if (host.ourValidators) {
        expect(viaHost.headers.get('etag'), path).toBe(direct.headers.get('etag'));
        expect(viaHost.headers.get('last-modified'), path).toBe(direct.headers.get('last-modified'));
      }
    }
  });

  it('answers 304 to a client that echoes the ETag it was sent, and the 304 keeps CORS', async () => {
    for (const path of ['/reviews.json', '/feed.xml', '/', manifest.since_dates.map((d) => `/api/reviews/since/${d}`)[0] as string]) {
      const first = await at(edge.url, path);
      const etag = first.headers.get('etag') as string;
      expect(etag, path).toMatch(host.strongEtag ? /^"[^"]+"$/ : /^(W\/)?"[^"]+"$/);
      const again = await at(edge.url, path, { headers: { 'if-none-match': etag } });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(await again.text()).toBe('');
      const changed = await at(edge.url, path, { headers: { 'if-none-match': '"something-else"' } });
      expect(changed.status, path).toBe(200);
      await changed.arrayBuffer();
    }
  });

  it('evaluates conditional requests by RFC 9110 as our server does, or else with the host’s own ETag only', async () => {
    const entry = manifest.resources['/reviews.json'];
    if (!host.ourValidators) {
      // Host validators: our ETag is neither sent nor honoured, and the host sends no Last-Modified.
      const res = await at(edge.url, '/reviews.json', { headers: { 'if-none-match': entry?.etag as string } });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).not.toBe(entry?.etag);
      expect(res.headers.get('last-modified')).toBeNull();
      await res.arrayBuffer();
      return;
    }
    const cases: Record<string, string>[] = [
      { 'if-none-match': `"nope", W/${entry?.etag}` },
      { 'if-none-match': '*' },
      { 'if-none-match': '"nope"' },
      { 'if-modified-since': entry?.last_modified as string },
      { 'if-modified-since': 'Mon, 01 Jan 1990 00:00:00 GMT' },
      { 'if-modified-since': 'not a date' },
      { 'if-none-match': '"nope"', 'if-modified-since': entry?.last_modified as string },
    ];
    for (const headers of cases) {
      const [viaHost, direct] = await Promise.all([at(edge.url, '/reviews.json', { headers }), at(sidecar.url, '/reviews.json', { headers })]);
      expect(viaHost.status, JSON.stringify(headers)).toBe(direct.status);
      expect(viaHost.headers.get('etag')).toBe(direct.headers.get('etag'));
      await Promise.all([viaHost.arrayBuffer(), direct.arrayBuffer()]);
    }
  });

  it('answers HEAD like GET without a body', async () => {
    for (const path of ['/reviews.json', '/api/reviews/search?rating=5']) {
      const [head, get] = await Promise.all([at(edge.url, path, { method: 'HEAD' }), at(edge.url, path)]);
      expect(head.status, path).toBe(200);
      expect(await head.text()).toBe('');
      if (host.strongEtag) expect(head.headers.get('etag'), path).toBe(get.headers.get('etag'));
      expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
      await get.arrayBuffer();
    }
  });

  it('answers an OPTIONS preflight on a built file with CORS headers where the worker runs (a static server answers 405)', async () => {
    const headers = { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' };
    const res = await at(edge.url, '/reviews.json', { method: 'OPTIONS', headers });
    await res.arrayBuffer();
    if (!host.preflight) {
      expect(res.status).toBe(405);
      return;
    }
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('If-None-Match');
  });

  it('answers an OPTIONS preflight on the search API with CORS headers', async () => {
    const headers = { origin: 'https://app.example', 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' };
    const [viaHost, direct] = await Promise.all([
      at(edge.url, '/api/reviews/search', { method: 'OPTIONS', headers }),
      at(sidecar.url, '/api/reviews/search', { method: 'OPTIONS', headers }),
    ]);
    expect(viaHost.status).toBe(direct.status);
    expect(viaHost.headers.get('access-control-allow-origin')).toBe('*');
    expect(viaHost.headers.get('access-control-allow-headers')).toBe(direct.headers.get('access-control-allow-headers'));
  });

  it('gives an unknown API path our 404 JSON and an unknown page the 404 page, never the home page', async () => {
    for (const path of [
      '/api/nothing/here',
      '/api/reviews/nope',
      '/mcp/nope',
      '/.well-known/oauth-protected-resource/mcp',
      '/.well-known/oauth-authorization-server',
    ]) {
      const [viaHost, direct] = await Promise.all([at(edge.url, path), at(sidecar.url, path)]);
      expect(viaHost.status, path).toBe(404);
      expect(viaHost.headers.get('content-type'), path).toBe(direct.headers.get('content-type'));
      expect(await viaHost.text(), path).toBe(await direct.text());
    }
    const page = readFileSync(join(out, 'site', '404.html'), 'utf8');
    for (const path of ['/nothing/here', '/reviews/page/9999/', '/index.php']) {
      const res = await at(edge.url, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/i);
      expect(await res.text(), path).toBe(page);
    }
  });

  it('passes the dynamic GETs to the sidecar with their query, and its answer back unchanged', async () => {
    for (const path of DYNAMIC_GETS) {
      const [viaHost, direct] = await Promise.all([at(edge.url, path), at(sidecar.url, path)]);
      expect(viaHost.status, path).toBe(200);
      expect(await viaHost.text(), path).toBe(await direct.text());
      expect(viaHost.headers.get('etag'), path).toBe(direct.headers.get('etag'));
      expect(viaHost.headers.get('content-type'), path).toBe(direct.headers.get('content-type'));
      const cached = await at(edge.url, path, { headers: { 'if-none-match': direct.headers.get('etag') as string } });
      expect(cached.status, path).toBe(304);
    }
    const cards = await Promise.all([at(edge.url, '/mcp/server-card'), at(sidecar.url, '/mcp/server-card')]);
    expect(cards[0].status).toBe(200);
    expect(await cards[0].text()).toBe(await cards[1].text());
    const bad = await Promise.all([at(edge.url, '/api/reviews/search?minrating=4'), at(sidecar.url, '/api/reviews/search?minrating=4')]);
    expect(bad[0].status).toBe(400);
    expect(await bad[0].text()).toBe(await bad[1].text());
  });

  it('passes WebSub hub POSTs with their body and answers with the hub status and reason', async () => {
    const forms = [
      new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.topic': `${SITE_URL}/feed.xml`, 'hub.callback': 'http://insecure.example/cb' }),
      new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.topic': 'https://elsewhere.example/feed', 'hub.callback': 'https://subscriber.example/cb' }),
    ];
    for (const body of forms) {
      const init = { method: 'POST', body: body.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
      const [viaHost, direct] = await Promise.all([at(edge.url, '/api/websub/hub', init), at(sidecar.url, '/api/websub/hub', init)]);
      expect(viaHost.status).toBe(direct.status);
      expect(viaHost.status).toBeGreaterThanOrEqual(400);
      expect(await viaHost.text()).toBe(await direct.text());
    }
  });

  it('carries an MCP session through the host: the SDK client connects, calls a tool and ends the session', async () => {
    const client = new Client({ name: 'deploy-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${edge.url}/mcp`));
    await client.connect(transport);
    const sessionId = transport.sessionId as string;
    expect(sessionId).toBeTruthy();
    const tools = await client.listTools();
    expect(tools.tools.map((t) => t.name)).toContain('search_reviews');
    const result = await client.callTool({ name: 'search_reviews', arguments: { min_rating: 4, limit: 3 } });
    const search = await (await at(sidecar.url, '/api/reviews/search?min_rating=4&limit=3')).json();
    expect((result.structuredContent as { reviews: unknown[] }).reviews).toEqual(search.reviews);
    await transport.terminateSession();
    await client.close();
    const after = await at(edge.url, '/mcp', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/list' }),
    });
    expect(after.status).toBe(404);
    await after.arrayBuffer();
  });

  it('passes Origin to the sidecar, whose DNS-rebinding check still applies', async () => {
    const res = await at(edge.url, '/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', origin: 'https://evil.example' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });
    expect(res.status).toBe(403);
    await res.arrayBuffer();
  });

  it('answers a method a built file does not allow with 405 (ours, with Allow, where the worker runs)', async () => {
    const [viaHost, direct] = await Promise.all([at(edge.url, '/reviews.json', { method: 'DELETE' }), at(sidecar.url, '/reviews.json', { method: 'DELETE' })]);
    expect(viaHost.status).toBe(405);
    if (!host.ourValidators) {
      await Promise.all([viaHost.arrayBuffer(), direct.arrayBuffer()]);
      return;
    }
    expect(viaHost.headers.get('allow')).toBe(direct.headers.get('allow'));
    expect(await viaHost.text()).toBe(await direct.text());
  });
});

// Last, because it publishes a change: the sidecar then serves content the deploy folders above do not have.
describe('event streams through the hosts', () => {
  it('passes an MCP listen stream on as it arrives: the acknowledgement at once, a publish notification while the stream stays open', async () => {
    const hosts = await Promise.all([startWrangler(edgeDir), startNetlify(netlifyDir)]);
    try {
      const reviewsUrl = `${SITE_URL}/reviews.json`;
      const streams = await Promise.all(
        hosts.map(async (host) => {
          const res = await fetch(`${host.url}/mcp`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': MODERN, 'mcp-method': 'subscriptions/listen' },
            body: JSON.stringify({
              jsonrpc: '2.0',
              id: 'listen',
              method: 'subscriptions/listen',
              params: { notifications: { resourceSubscriptions: [reviewsUrl] }, _meta: MODERN_META },
            }),
          });
          expect(res.headers.get('content-type'), host.url).toBe('text/event-stream');
          const stream = sseMessages(res);
          // the stream is still open: a proxy that buffered it would deliver nothing yet
          expect((await stream.next()).method, host.url).toBe('notifications/subscriptions/acknowledged');
          return stream;
        }),
      );
      const file = join(content, 'reviews.json');
      const reviews = JSON.parse(readFileSync(file, 'utf8')) as { text: string }[];
      (reviews[0] as { text: string }).text += ' (edited after the deploy)';
      writeFileSync(file, JSON.stringify(reviews, null, 2));
      await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL, SIDECAR_URL: sidecar.url });
      for (const stream of streams) {
        expect(await stream.next()).toMatchObject({ method: 'notifications/resources/updated', params: { uri: reviewsUrl } });
        await stream.close();
      }
    } finally {
      await Promise.all(hosts.map((host) => host.stop()));
    }
  });
});
