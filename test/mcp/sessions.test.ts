// In-process, with a clock the test moves: what closing a session closes, what the sweep
// spares, and that createApp mounts the routes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../sidecar/app.ts';
import { type Mcp, mcpRoutes } from '../../sidecar/mcp/routes.ts';
import { createSessionTable, newSessionId } from '../../sidecar/mcp/sessions.ts';
import { liveSite } from '../../sidecar/runtime/node/live-site.ts';
import type { LiveSite } from '../../sidecar/site/live-site.ts';
import { SMALL_CONTENT } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { ACCEPT, initializeRequest, PROTOCOL, readAnswer, SITE_URL } from '../helpers/mcp.ts';

let site: LiveSite;
let clock = 1_000_000;
let mcp: Mcp;

const settings = {
  allowedOrigins: [SITE_URL],
  maxSessions: 2,
  maxSessionsPerClient: 2,
  sessionIdleS: 60,
  maxBodyBytes: 65536,
  cacheTtlMs: 60_000,
  resultCacheEntries: 512,
  resultCacheBytes: 8 * 1024 * 1024,
};

async function request(body: unknown, headers: Record<string, string> = {}) {
  return readAnswer(
    await mcp.routes.request('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
      body: JSON.stringify(body),
    }),
  );
}

async function open(): Promise<string> {
  const a = await request(initializeRequest());
  expect(a.status).toBe(200);
  return a.headers.get('mcp-session-id') as string;
}

beforeAll(async () => {
  const out = await sharedBuild(SMALL_CONTENT, SITE_URL);
  site = liveSite(out, 0);
  mcp = mcpRoutes({ site, settings, now: () => clock });
});
afterAll(async () => {
  await mcp?.close();
  site?.close();
});

describe('session table', () => {
  it('makes ids of 43 unguessable visible-ASCII characters', () => {
    const ids = new Set(Array.from({ length: 1000 }, newSessionId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('the idle sweep closes the transport and the server, not just the table entry', async () => {
    const id = await open();
    const session = mcp.sessions.get(id);
    expect(session?.server.isConnected()).toBe(true);
    clock += 59_000;
    expect(await mcp.sessions.sweep()).toBe(0);
    clock += 1_000;
    expect(await mcp.sessions.sweep()).toBe(1);
    expect(mcp.sessions.get(id)).toBeUndefined();
    expect(session?.server.isConnected()).toBe(false);
    // the transport itself refuses further use
    const direct = await session?.transport.handleRequest(
      new Request('http://x/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT, 'mcp-session-id': id }, body: '{}' }),
    );
    expect(direct?.status).toBe(404);
    expect((await request({ jsonrpc: '2.0', id: 2, method: 'ping' }, { 'mcp-session-id': id })).status).toBe(404);
  });

  it('DELETE closes the server too, and frees the place', async () => {
    const a = await open();
    const b = await open();
    expect(mcp.sessions.size).toBe(2);
    const session = mcp.sessions.get(a);
    const del = await mcp.routes.request('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': a, 'mcp-protocol-version': PROTOCOL } });
    expect(del.status).toBe(200);
    expect(session?.server.isConnected()).toBe(false);
    expect(mcp.sessions.size).toBe(1);
    const c = await open();
    await mcp.routes.request('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': b } });
    await mcp.routes.request('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': c } });
    expect(mcp.sessions.size).toBe(0);
  });

  it('a full table closes its longest-idle session to make room', async () => {
    const a = await open();
    clock += 10;
    const b = await open();
    clock += 10;
    // b is used after a, so a is the longest idle
    expect((await request({ jsonrpc: '2.0', id: 2, method: 'ping' }, { 'mcp-session-id': b, 'mcp-protocol-version': PROTOCOL })).status).toBe(200);
    clock += 10;
    const c = await open();
    expect(mcp.sessions.size).toBe(2);
    expect(mcp.sessions.get(a)).toBeUndefined();
    expect((await request({ jsonrpc: '2.0', id: 3, method: 'ping' }, { 'mcp-session-id': a, 'mcp-protocol-version': PROTOCOL })).status).toBe(404);
    expect(mcp.sessions.get(b)).toBeDefined();
    expect(mcp.sessions.get(c)).toBeDefined();
    clock += 61_000;
    await mcp.sessions.sweep();
  });

  it('never closes a session while a request on it runs, and says when to retry', async () => {
    let now = 0;
    const table = createSessionTable({ maxSessions: 1, idleMs: 1000, sweepEveryMs: 0, now: () => now });
    expect(table.reserve('x')).toBe(true);
    let closed = 0;
    const fake = { id: 'a', client: 'x', lastUsed: 0, active: 0, server: { close: async () => void closed++ }, transport: {} } as unknown as Parameters<
      typeof table.add
    >[0];
    table.add(fake);
    let release!: () => void;
    const running = table.use(fake, () => new Promise<void>((r) => (release = r)));
    // busy: neither the sweep nor a newcomer may close it
    expect(table.reserve('y')).toBe(false);
    expect(table.retryAfterS()).toBe(1);
    now = 5000;
    expect(await table.sweep()).toBe(0);
    release();
    await running;
    expect(await table.sweep()).toBe(0);
    now = 6000;
    expect(await table.sweep()).toBe(1);
    expect(closed).toBe(1);
    expect(table.reserve('y')).toBe(true);
    await table.closeAll();
  });

  it('a client at its limit makes room from its own sessions, never from others', async () => {
    let now = 0;
    const table = createSessionTable({ maxSessions: 10, maxPerClient: 2, idleMs: 60_000, sweepEveryMs: 0, now: () => now });
    const closed: string[] = [];
    const add = (id: string, client: string) => {
      expect(table.reserve(client)).toBe(true);
      now += 1;
      table.add({ id, client, lastUsed: now, active: 0, server: { close: async () => void closed.push(id) }, transport: {} } as unknown as Parameters<
        typeof table.add
      >[0]);
    };
    add('other', 'b');
    add('f1', 'a');
    add('f2', 'a');
    add('f3', 'a');
    expect(closed).toEqual(['f1']);
    add('f4', 'a');
    expect(closed).toEqual(['f1', 'f2']);
    expect(table.get('other')).toBeDefined();
    expect(table.size).toBe(3);
    // a reservation not used is given back
    expect(table.reserve('c')).toBe(true);
    table.unreserve('c');
    await table.closeAll();
  });

  it('close() closes every session', async () => {
    const local = mcpRoutes({ site, settings, now: () => clock });
    const res = await local.routes.request('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT },
      body: JSON.stringify(initializeRequest()),
    });
    const session = local.sessions.get(res.headers.get('mcp-session-id') as string);
    expect(session?.server.isConnected()).toBe(true);
    await local.close();
    expect(session?.server.isConnected()).toBe(false);
    expect(local.sessions.size).toBe(0);
  });
});

describe('createApp', () => {
  it('mounts /mcp before the fallback', async () => {
    const app = createApp({ site, mcp, config: { cacheMaxAgeS: 60, searchCacheEntries: 8, responseCacheBytes: 1 << 20, staticCacheBytes: 1 << 20 } });
    const get = await app.request('/mcp');
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST, GET, DELETE, OPTIONS');
    const init = await app.request('/mcp', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT },
      body: JSON.stringify(initializeRequest()),
    });
    expect(init.status).toBe(200);
    const id = init.headers.get('mcp-session-id') as string;
    expect((await app.request('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': id } })).status).toBe(200);
    expect((await app.request('/mcp/other')).status).toBe(404);
  });
});

describe('subscriptions/listen streams (2026-07-28)', () => {
  const listenBody = (id: number) =>
    JSON.stringify({
      jsonrpc: '2.0',
      id,
      method: 'subscriptions/listen',
      params: {
        notifications: { resourceSubscriptions: [`${SITE_URL}/reviews.json`] },
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientCapabilities': {} },
      },
    });
  const headers = { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'subscriptions/listen' };

  it('holds nothing once the client goes away, and ends every stream with its result at close', async () => {
    const before = mcp.listening.watchers;
    const res = await mcp.routes.request('/mcp', { method: 'POST', headers, body: listenBody(1) });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('notifications/subscriptions/acknowledged');
    expect(mcp.listening).toMatchObject({ streams: 1, watchers: before + 1 });
    await reader.cancel();
    expect(mcp.listening).toMatchObject({ streams: 0, watchers: before });

    // a server shutting down ends open streams with the listen request's (empty) result
    const local = mcpRoutes({ site, settings, now: () => clock });
    const open = await local.routes.request('/mcp', { method: 'POST', headers, body: listenBody(2) });
    const closing = open.text();
    await local.close();
    const events = (await closing).split('\n\n').filter(Boolean);
    expect(events).toHaveLength(2);
    expect(JSON.parse((events[1] as string).split('data: ')[1] as string)).toMatchObject({
      id: 2,
      result: { resultType: 'complete', _meta: { 'io.modelcontextprotocol/subscriptionId': 2 } },
    });
    expect(local.listening).toMatchObject({ streams: 0, watchers: 0 });
  });
});
