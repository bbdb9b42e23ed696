// 2025 sessions on the Worker (preview:worker, workerd): each session lives in its own
// Durable Object, so it survives what ends an isolate. Locally, workerd runs one process; what
// can be shown here is a session, with its subscriptions, going on across a kill -9 and a
// restart of workerd on the same state folder, and across a deploy (a rebuild that preview:worker
// reloads), both of which start every isolate and every object afresh: a request after either
// is served by an isolate and an object that never saw the session before.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInProcess } from '../helpers/build.ts';
import { SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { type RunningWorker, startWorker } from '../helpers/worker.ts';
import {
  ACCEPT,
  initializeRequest,
  MODERN,
  MODERN_META,
  modernPost,
  openSession,
  PROTOCOL,
  post,
  SITE_URL,
  sessionHeaders,
  sseMessages,
} from '../helpers/mcp.ts';

const REVIEWS = `${SITE_URL}/reviews.json`;
const dir = tempDir('mcp-worker-sessions');
const content = join(dir, 'content');
const out = join(dir, 'dist');
let worker: RunningWorker;
let mcpUrl: string;

async function rebuild(edit: (reviews: { id: string; text: string }[]) => void) {
  const file = join(content, 'reviews.json');
  const reviews = JSON.parse(readFileSync(file, 'utf8'));
  edit(reviews);
  writeFileSync(file, JSON.stringify(reviews, null, 2));
  await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL });
}

const businessName = async () => ((await (await fetch(`${worker.url}/reviews.json`)).json()) as { business: { name: string } }).business.name;
const reviewText = async (id: string) =>
  ((await (await fetch(`${worker.url}/reviews.json`)).json()) as { reviews: { id: string; text: string }[] }).reviews.find((r) => r.id === id)?.text;

function openStream(id: string): Promise<Response> {
  return fetch(mcpUrl, { headers: { accept: ACCEPT, ...sessionHeaders(id) } });
}

beforeAll(async () => {
  cpSync(SMALL_CONTENT, content, { recursive: true });
  await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL });
  worker = await startWorker({ outDir: out, env: { SITE_URL, MCP_SESSION_IDLE_S: '600' } });
  mcpUrl = `${worker.url}/mcp`;
});
afterAll(() => worker?.stop());

describe('2025 sessions in Durable Objects', () => {
  it('a session and its subscriptions go on after kill -9 and a restart of workerd on the same state folder', async () => {
    const client = new Client({ name: 'worker-sessions', version: '1' });
    const transport = new StreamableHTTPClientTransport(new URL(mcpUrl));
    await client.connect(transport);
    const id = transport.sessionId as string;
    const first = (await client.callTool({ name: 'get_business', arguments: {} })) as CallToolResult;
    expect(first.isError ?? false).toBe(false);
    await client.subscribeResource({ uri: REVIEWS });

    await worker.kill9();
    worker = await worker.restart();
    mcpUrl = `${worker.url}/mcp`;

    // the same client, the same session id: served by a new workerd, from the object's storage
    const again = (await client.callTool({ name: 'get_business', arguments: {} })) as CallToolResult;
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(transport.sessionId).toBe(id);
    // the SDK's own dispatch too (resources/read is not on the fast path)
    const read = await post(mcpUrl, { jsonrpc: '2.0', id: 5, method: 'resources/read', params: { uri: REVIEWS } }, sessionHeaders(id));
    expect(read.status).toBe(200);
    expect(read.message?.result?.contents).toHaveLength(1);
    await expect(client.unsubscribeResource({ uri: REVIEWS })).resolves.toEqual({});
    await transport.terminateSession();
    expect((await post(mcpUrl, { jsonrpc: '2.0', id: 6, method: 'tools/list' }, sessionHeaders(id))).status).toBe(404);
    await client.close();
  });

  it('an id no session has is 404 without opening anything, and a session works across requests', async () => {
    expect((await post(mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, sessionHeaders('x'.repeat(43)))).status).toBe(404);
    expect((await post(mcpUrl, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, sessionHeaders('not an id'))).status).toBe(404);
    const id = await openSession(mcpUrl);
    for (let i = 0; i < 5; i++) {
      const res = await post(
        mcpUrl,
        { jsonrpc: '2.0', id: i + 2, method: 'tools/call', params: { name: 'search_reviews', arguments: { limit: 1 } } },
        sessionHeaders(id),
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('mcp-session-id')).toBe(id);
    }
  });

  it('after a deploy, a subscribed session is told on its reopened stream what the new build changed', async () => {
    const [first, second] = JSON.parse(readFileSync(join(content, 'reviews.json'), 'utf8')) as { id: string }[];
    const changed = `reviews://review/${first?.id}`;
    const same = `reviews://review/${second?.id}`;
    const id = await openSession(mcpUrl);
    for (const [n, uri] of [REVIEWS, changed, same].entries()) {
      const res = await post(mcpUrl, { jsonrpc: '2.0', id: 10 + n, method: 'resources/subscribe', params: { uri } }, sessionHeaders(id));
      expect(res.message?.result).toEqual({});
    }
    const before = await openStream(id);
    expect(before.status).toBe(200);

    const name = await businessName();
    await rebuild((reviews) => {
      (reviews[0] as { text: string }).text += ' (edited after the first build)';
    });
    await expect.poll(() => reviewText(first?.id as string), { timeout: 60_000, interval: 500 }).toMatch(/edited after the first build/);
    expect(await businessName()).toBe(name);

    const stream = sseMessages(await openStream(id));
    const got = [await stream.next(), await stream.next()];
    expect(got.map((m) => (m.params as { uri: string }).uri).sort()).toEqual([REVIEWS, changed].sort());
    for (const m of got) expect(m.method).toBe('notifications/resources/updated');
    await stream.close();
    await before.body?.cancel().catch(() => {});
  });

  it('a subscriptions/listen stream (2026-07-28) is held and acknowledged', async () => {
    const res = await fetch(mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': MODERN, 'mcp-method': 'subscriptions/listen' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'l1',
        method: 'subscriptions/listen',
        params: { notifications: { resourceSubscriptions: [REVIEWS, 'test://not-ours'] }, _meta: MODERN_META },
      }),
    });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const stream = sseMessages(res);
    expect(await stream.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { resourceSubscriptions: [REVIEWS] }, _meta: { 'io.modelcontextprotocol/subscriptionId': 'l1' } },
    });
    await stream.close();
  });
});

describe('new sessions per client address', () => {
  it(
    'an address opens MCP_NEW_SESSIONS_PER_MINUTE sessions and listen streams ' + 'a minute; one more is 429, other addresses and open sessions go on',
    async () => {
      const limited = await startWorker({ outDir: out, env: { SITE_URL, MCP_NEW_SESSIONS_PER_MINUTE: '3' } });
      try {
        // the local limiter counts in windows aligned to the clock's minutes: start early in one
        const second = new Date().getUTCSeconds();
        if (second > 40) await new Promise((done) => setTimeout(done, (61 - second) * 1000));
        const url = `${limited.url}/mcp`;
        // wrangler dev passes a client's CF-Connecting-IP through; Cloudflare's edge sets it itself
        const from = (address: string) => ({ 'cf-connecting-ip': address });
        const open = (address: string, id: number) => post(url, initializeRequest(PROTOCOL, id), from(address));
        const sessions = [await open('198.51.100.1', 1), await open('198.51.100.1', 2)];
        for (const s of sessions) expect(s.status).toBe(200);
        const listen = (id: string) =>
          fetch(url, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              accept: ACCEPT,
              'mcp-protocol-version': MODERN,
              'mcp-method': 'subscriptions/listen',
              ...from('198.51.100.1'),
            },
            body: JSON.stringify({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { notifications: {}, _meta: MODERN_META } }),
          });
        const stream = await listen('l1');
        expect(stream.status).toBe(200);
        await stream.body?.cancel();

        const refused = await open('198.51.100.1', 4);
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toBe('60');
        expect(refused.headers.get('mcp-session-id')).toBeNull();
        expect(refused.message).toMatchObject({ jsonrpc: '2.0', id: 4, error: { code: -32000, message: expect.stringMatching(/^Too Many Requests/) } });
        const refusedStream = await listen('l2');
        expect(refusedStream.status).toBe(429);
        expect(await refusedStream.json()).toMatchObject({ id: 'l2', error: { code: -32000 } });

        expect((await open('198.51.100.2', 5)).status).toBe(200);
        const id = sessions[0]?.headers.get('mcp-session-id') as string;
        const listed = await post(url, { jsonrpc: '2.0', id: 6, method: 'tools/list' }, { ...sessionHeaders(id), ...from('198.51.100.1') });
        expect(listed.status).toBe(200);
        // stateless requests open nothing and are not counted
        expect((await modernPost(url, 'tools/list', {}, { headers: from('198.51.100.1') })).status).toBe(200);
      } finally {
        await limited.stop();
      }
    },
  );
});

describe('idle sessions', () => {
  it('an alarm closes a session unused for MCP_SESSION_IDLE_S; its id then gets 404', async () => {
    const idle = await startWorker({ outDir: out, env: { SITE_URL, MCP_SESSION_IDLE_S: '2' } });
    try {
      const url = `${idle.url}/mcp`;
      const id = await openSession(url);
      expect((await post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, sessionHeaders(id))).status).toBe(200);
      await expect
        .poll(async () => (await post(url, { jsonrpc: '2.0', id: 3, method: 'ping' }, sessionHeaders(id))).status, { timeout: 30_000, interval: 3000 })
        .toBe(404);
    } finally {
      await idle.stop();
    }
  });
});
