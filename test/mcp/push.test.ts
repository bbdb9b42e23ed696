// Push on publish: a new build swapped in tells listening agents which of their resources
// changed, on a 2026-07-28 subscriptions/listen stream and on a 2025 session's GET stream
// after resources/subscribe. Real builds, real sidecar, real clients.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInProcess } from '../helpers/build.ts';
import { SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { ACCEPT, type McpTestServer, MODERN, MODERN_META, SITE_URL, sseMessages, startMcpServer } from '../helpers/mcp.ts';

const REVIEWS = `${SITE_URL}/reviews.json`;
const dir = tempDir('mcp-push');
const content = join(dir, 'content');
const out = join(dir, 'dist');
let mcp: McpTestServer;

async function publish(edit: (reviews: { id: string; text: string }[]) => void) {
  const file = join(content, 'reviews.json');
  const reviews = JSON.parse(readFileSync(file, 'utf8'));
  edit(reviews);
  writeFileSync(file, JSON.stringify(reviews, null, 2));
  await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL });
}

function listen(id: string, resourceSubscriptions: string[]): Promise<Response> {
  return fetch(mcp.mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': MODERN, 'mcp-method': 'subscriptions/listen' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method: 'subscriptions/listen', params: { notifications: { resourceSubscriptions }, _meta: MODERN_META } }),
  });
}

beforeAll(async () => {
  cpSync(SMALL_CONTENT, content, { recursive: true });
  await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL });
  mcp = await startMcpServer({}, out);
});
afterAll(() => mcp?.server.stop());

describe('push on publish', () => {
  it('notifies a listen stream and a subscribed 2025 session of exactly the resources a publish changed', async () => {
    const [first, second] = JSON.parse(readFileSync(join(content, 'reviews.json'), 'utf8')) as { id: string }[];
    const changedReview = `reviews://review/${first?.id}`;
    const sameReview = `reviews://review/${second?.id}`;

    const res = await listen('listen-1', [REVIEWS, changedReview, sameReview, 'test://not-ours']);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const stream = sseMessages(res);
    const ack = await stream.next();
    expect(ack).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: {
        notifications: { resourceSubscriptions: [REVIEWS, changedReview, sameReview] },
        _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' },
      },
    });

    const client = new Client({ name: 'push-test', version: '1' });
    const updates: string[] = [];
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void updates.push(n.params.uri));
    const transport = new StreamableHTTPClientTransport(new URL(mcp.mcpUrl));
    await client.connect(transport);
    // the official v2 client, pinned to 2026-07-28, through its own listen()
    const v2 = new ClientV2({ name: 'push-test-v2', version: '1' }, { versionNegotiation: { mode: { pin: MODERN } } });
    const v2Updates: string[] = [];
    v2.setNotificationHandler('notifications/resources/updated', (n) => void v2Updates.push(n.params.uri));
    await v2.connect(new TransportV2(new URL(mcp.mcpUrl)));
    const subscription = await v2.listen({ resourceSubscriptions: [REVIEWS, 'test://not-ours'] });
    expect(subscription.honoredFilter).toEqual({ resourceSubscriptions: [REVIEWS] });

    await client.subscribeResource({ uri: REVIEWS });
    await client.subscribeResource({ uri: changedReview });
    await client.subscribeResource({ uri: sameReview });
    await client.unsubscribeResource({ uri: sameReview });

    await publish((reviews) => {
      (reviews[0] as { text: string }).text += ' (edited after the first build)';
    });

    const got = [await stream.next(), await stream.next()];
    expect(got).toEqual(
      [REVIEWS, changedReview].map((uri) => ({
        jsonrpc: '2.0',
        method: 'notifications/resources/updated',
        params: { uri, _meta: { 'io.modelcontextprotocol/subscriptionId': 'listen-1' } },
      })),
    );
    await expect.poll(() => [...updates].sort(), { timeout: 30_000 }).toEqual([REVIEWS, changedReview].sort());
    await expect.poll(() => v2Updates, { timeout: 30_000 }).toEqual([REVIEWS]);
    await subscription.close();
    expect(await subscription.closed).toBe('local');
    await v2.close();

    // a publish that changes nothing anyone listens to sends nothing
    await publish((reviews) => {
      reviews.push({ ...(reviews[1] as { id: string; text: string }), id: 'new-review-1' });
    });
    const third = await listen('listen-2', [REVIEWS]);
    const next = sseMessages(third);
    expect((await next.next()).method).toBe('notifications/subscriptions/acknowledged');
    // the first stream hears about reviews.json again (a review was added), nothing about the unchanged reviews
    expect(await stream.next()).toMatchObject({ params: { uri: REVIEWS } });
    await expect.poll(() => updates.length, { timeout: 30_000 }).toBe(3);
    expect(updates.filter((u) => u === changedReview)).toHaveLength(1);

    await Promise.all([stream.close(), next.close()]);
    await client.close();
  });

  it('a listen stream without resource subscriptions is acknowledged with an empty filter', async () => {
    const res = await fetch(mcp.mcpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': MODERN, 'mcp-method': 'subscriptions/listen' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 5,
        method: 'subscriptions/listen',
        params: { notifications: { toolsListChanged: true }, _meta: MODERN_META },
      }),
    });
    const stream = sseMessages(res);
    expect(await stream.next()).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: {}, _meta: { 'io.modelcontextprotocol/subscriptionId': 5 } },
    });
    await stream.close();
  });
});
