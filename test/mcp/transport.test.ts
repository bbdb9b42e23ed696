// Raw HTTP against the real sidecar: every streamable-HTTP transport rule the endpoint keeps.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH } from '../../sidecar/mcp/depth.ts';
import {
  ACCEPT,
  initializeRequest,
  type McpTestServer,
  openSession,
  PROTOCOL,
  post,
  readAnswer,
  SITE_URL,
  sessionHeaders,
  startMcpServer,
} from '../helpers/mcp.ts';

let mcp: McpTestServer;
let url: string;
beforeAll(async () => {
  mcp = await startMcpServer({ MCP_MAX_BODY_BYTES: '4096' });
  url = mcp.mcpUrl;
});
afterAll(() => mcp?.server.stop());

const PING = { jsonrpc: '2.0', id: 7, method: 'ping' };
const SESSION_ID = /^[\x21-\x7e]{32,}$/;

describe('initialize and protocol versions', () => {
  it.each(['2025-06-18', '2025-11-25', '2025-03-26'])('initializes with protocolVersion %s and a random session id', async (version) => {
    const a = await post(url, initializeRequest(version));
    expect(a.status).toBe(200);
    expect(a.message).toMatchObject({ jsonrpc: '2.0', id: 1, result: { protocolVersion: version, serverInfo: { name: 'reviews-service' } } });
    const id = a.headers.get('mcp-session-id') as string;
    expect(id).toMatch(SESSION_ID);
    const b = await post(url, initializeRequest(version));
    expect(b.headers.get('mcp-session-id')).not.toBe(id);
  });

  it('answers an unknown protocol version with the newest it supports', async () => {
    const a = await post(url, initializeRequest('2099-01-01'));
    expect(a.status).toBe(200);
    expect(a.message?.result?.protocolVersion).toBe('2025-11-25');
  });

  it('refuses an unsupported MCP-Protocol-Version header with 400, and accepts a supported one', async () => {
    const id = await openSession(url);
    expect((await post(url, PING, { 'mcp-session-id': id, 'mcp-protocol-version': '1999-01-01' })).status).toBe(400);
    const ok = await post(url, PING, sessionHeaders(id));
    expect(ok.status).toBe(200);
    expect(ok.message).toEqual({ jsonrpc: '2.0', id: 7, result: {} });
    // without the header the negotiated version is assumed
    expect((await post(url, PING, { 'mcp-session-id': id })).status).toBe(200);
  });

  it('refuses a second initialize on a live session and an initialize with bad params', async () => {
    const id = await openSession(url);
    expect((await post(url, initializeRequest(), sessionHeaders(id))).status).toBe(400);
    const bad = await post(url, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: PROTOCOL } });
    expect(bad.status).toBe(400);
    expect(bad.message?.error?.code).toBe(-32602);
    expect(bad.headers.get('mcp-session-id')).toBeNull();
  });

  it('answers a notification with 202 and no body', async () => {
    const id = await openSession(url);
    const a = await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, sessionHeaders(id));
    expect(a.status).toBe(202);
    expect(a.text).toBe('');
  });
});

describe('sessions', () => {
  it('400 for a non-initialize request without Mcp-Session-Id', async () => {
    const a = await post(url, PING);
    expect(a.status).toBe(400);
    expect(a.message).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32000 } });
    expect(a.message?.error?.message).toMatch(/Mcp-Session-Id/);
  });

  it('404 for an unknown session id', async () => {
    const a = await post(url, PING, sessionHeaders('no-such-session-0000000000000000000000000'));
    expect(a.status).toBe(404);
    expect(a.message?.error?.code).toBe(-32001);
  });

  it('DELETE ends the session: 200, then 404 for it on every method', async () => {
    const id = await openSession(url);
    const del = await fetch(url, { method: 'DELETE', headers: sessionHeaders(id) });
    expect(del.status).toBe(200);
    expect((await post(url, PING, sessionHeaders(id))).status).toBe(404);
    expect((await fetch(url, { method: 'DELETE', headers: sessionHeaders(id) })).status).toBe(404);
  });

  it('DELETE without a session id is 400', async () => {
    expect((await fetch(url, { method: 'DELETE' })).status).toBe(400);
  });
});

describe('request format', () => {
  it('406 when Accept does not list both application/json and text/event-stream', async () => {
    const id = await openSession(url);
    for (const accept of ['application/json', 'text/event-stream', '*/*']) {
      expect((await post(url, initializeRequest(), { accept })).status).toBe(406);
      expect((await post(url, PING, { ...sessionHeaders(id), accept })).status).toBe(406);
    }
  });

  it('415 when Content-Type is not application/json', async () => {
    const id = await openSession(url);
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      expect((await post(url, initializeRequest(), { 'content-type': type })).status).toBe(415);
      expect((await post(url, PING, { ...sessionHeaders(id), 'content-type': type })).status).toBe(415);
    }
  });

  it('a JSON-RPC parse error (-32700) for malformed JSON', async () => {
    const id = await openSession(url);
    for (const headers of [{}, sessionHeaders(id)]) {
      const a = await post(url, '{"jsonrpc": "2.0", "id": 1, "method": ', headers);
      expect(a.status).toBe(400);
      expect(a.message).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    }
  });

  it('413 for a body over MCP_MAX_BODY_BYTES', async () => {
    const id = await openSession(url);
    const big = { ...initializeRequest(), padding: 'x'.repeat(5000) };
    expect((await post(url, big)).status).toBe(413);
    expect((await post(url, { ...PING, params: { padding: 'x'.repeat(5000) } }, sessionHeaders(id))).status).toBe(413);
    // chunked, without Content-Length: cut off while it streams in
    const chunked = (body: string) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < body.length; i += 1000) c.enqueue(new TextEncoder().encode(body.slice(i, i + 1000)));
          c.close();
        },
      });
    const init = { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT, ...sessionHeaders(id) }, duplex: 'half' } as RequestInit;
    expect((await fetch(url, { ...init, body: chunked(JSON.stringify({ ...PING, params: { padding: 'x'.repeat(9000) } })) })).status).toBe(413);
    const small = await readAnswer(await fetch(url, { ...init, body: chunked(JSON.stringify(PING)) }));
    expect(small.status).toBe(200);
    expect(small.message).toMatchObject({ id: 7, result: {} });
  });

  it('refuses initialize inside a batch', async () => {
    const a = await post(url, [initializeRequest(), PING]);
    expect(a.status).toBe(400);
    expect(a.headers.get('mcp-session-id')).toBeNull();
  });

  it('refuses a batch longer than MAX_BATCH before looking at its elements, with or without a session', async () => {
    const id = await openSession(url);
    for (const headers of [{}, sessionHeaders(id)]) {
      const a = await post(
        url,
        Array.from({ length: MAX_BATCH + 1 }, () => ({})),
        headers,
      );
      expect(a.status).toBe(400);
      expect(a.message).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { code: -32600, message: `Invalid Request: a batch of ${MAX_BATCH + 1} messages; at most ${MAX_BATCH}` },
      });
    }
  });

  it('GET without a session is 405 (only a 2025 session has a stream), as are other methods, with Allow', async () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'PATCH']) {
      const res = await fetch(url, { method, headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST, GET, DELETE, OPTIONS');
    }
    const body = await readAnswer(await fetch(url, { headers: { accept: ACCEPT } }));
    expect(body.message).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
  });
});

describe('origins and CORS', () => {
  it('403 for an Origin that is not allowed, on every method', async () => {
    const evil = { origin: 'https://evil.example' };
    expect((await post(url, initializeRequest(), evil)).status).toBe(403);
    const id = await openSession(url);
    expect((await post(url, PING, { ...sessionHeaders(id), ...evil })).status).toBe(403);
    expect((await fetch(url, { method: 'OPTIONS', headers: { ...evil, 'access-control-request-method': 'POST' } })).status).toBe(403);
    expect((await fetch(url, { method: 'DELETE', headers: { ...sessionHeaders(id), ...evil } })).status).toBe(403);
    // a DNS-rebinding page: its own host name in both Host and Origin
    const rebound = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: ACCEPT, origin: 'http://rebind.example:80' },
      body: JSON.stringify(initializeRequest()),
    });
    expect(rebound.status).toBe(403);
  });

  it('serves requests without Origin, from the site origin, and from a page on this loopback server', async () => {
    expect((await post(url, initializeRequest())).status).toBe(200);
    const site = await post(url, initializeRequest(), { origin: SITE_URL });
    expect(site.status).toBe(200);
    expect(site.headers.get('access-control-allow-origin')).toBe(SITE_URL);
    expect(site.headers.get('access-control-expose-headers')).toMatch(/Mcp-Session-Id/i);
    expect(site.headers.get('vary')).toMatch(/Origin/);
    const self = await post(url, initializeRequest(), { origin: mcp.server.url });
    expect(self.status).toBe(200);
  });

  it('answers a CORS preflight that allows the MCP headers', async () => {
    const res = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin: SITE_URL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-session-id, mcp-protocol-version',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE_URL);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/POST/);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/DELETE/);
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase();
    for (const h of ['content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version']) expect(allowed).toContain(h);
    expect(res.headers.get('access-control-expose-headers')).toMatch(/Mcp-Session-Id/i);
  });
});

describe('session limits (MCP_MAX_SESSIONS=6, MCP_MAX_SESSIONS_PER_CLIENT=3, MCP_SESSION_IDLE_S=3)', () => {
  let small: McpTestServer;
  beforeAll(async () => {
    // 3 s, not 1: a paused CI runner must not make a session idle between two steps of the
    // test; the sweep's timing itself is tested with a fake clock in sessions.test.ts.
    small = await startMcpServer({ MCP_MAX_SESSIONS: '6', MCP_MAX_SESSIONS_PER_CLIENT: '3', MCP_SESSION_IDLE_S: '3' }, mcp.outDir);
  });
  afterAll(() => small?.server.stop());

  /** A POST from a given loopback address (the whole of 127/8 reaches this host), as distinct clients. */
  function postFrom(localAddress: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; id: string | undefined }> {
    const url = new URL(small.mcpUrl);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          localAddress,
          headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, id: res.headers['mcp-session-id'] as string | undefined }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  }
  const initFrom = async (address: string) => {
    const r = await postFrom(address, initializeRequest());
    expect(r.status).toBe(200);
    return r.id as string;
  };
  const pingFrom = async (address: string, id: string) => (await postFrom(address, PING, sessionHeaders(id))).status;

  it('a flood of initialize from one address ends its own oldest sessions and locks nobody out', async () => {
    const b = [await initFrom('127.0.0.2'), await initFrom('127.0.0.2')];
    const flood = [];
    for (let i = 0; i < 40; i++) flood.push((await postFrom('127.0.0.1', initializeRequest())).status);
    expect(new Set(flood)).toEqual(new Set([200]));
    for (const id of b) expect(await pingFrom('127.0.0.2', id)).toBe(200);
    // a newcomer during the flood gets a session; the table is then full (3 + 2 + 1)
    const c = await initFrom('127.0.0.3');
    // full: the longest-idle session (the flood's oldest survivor) makes room, not B's or C's
    const d = await initFrom('127.0.0.4');
    for (const [address, id] of [
      ['127.0.0.2', b[0]],
      ['127.0.0.2', b[1]],
      ['127.0.0.3', c],
      ['127.0.0.4', d],
    ] as const) {
      expect(await pingFrom(address, id as string)).toBe(200);
    }
  });

  it('the idle sweep closes unused sessions and spares one in use', async () => {
    const ids = [await openSession(small.mcpUrl), await openSession(small.mcpUrl)];
    const kept = ids[0] as string;
    const started = Date.now();
    while (Date.now() - started < 3000 + 750 + 1000) {
      expect((await post(small.mcpUrl, PING, sessionHeaders(kept))).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await post(small.mcpUrl, PING, sessionHeaders(kept))).status).toBe(200);
    expect((await post(small.mcpUrl, PING, sessionHeaders(ids[1] as string))).status).toBe(404);
    expect((await post(small.mcpUrl, initializeRequest())).status).toBe(200);
  });
});
