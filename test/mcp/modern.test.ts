// The stateless 2026-07-28 path over raw HTTP against the real sidecar: what a server must
// do by the revision (server/discover, headers, errors, resultType, cache hints), every
// error path, and that nothing of it opens a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCEPT, initializeRequest, type McpTestServer, MODERN, MODERN_META, modernPost, post, SITE_URL, startMcpServer } from '../helpers/mcp.ts';

let mcp: McpTestServer;
let url: string;
const SERVER_INFO_KEY = 'io.modelcontextprotocol/serverInfo';

beforeAll(async () => {
  mcp = await startMcpServer();
  url = mcp.mcpUrl;
});
afterAll(() => mcp?.server.stop());

describe('2026-07-28: server/discover and results', () => {
  it('server/discover names the supported revision, capabilities, instructions, server info and cache hints', async () => {
    const res = await modernPost(url, 'server/discover');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('mcp-session-id')).toBeNull();
    expect(res.message).toMatchObject({
      jsonrpc: '2.0',
      id: 7,
      result: {
        resultType: 'complete',
        supportedVersions: [MODERN],
        capabilities: { tools: {}, resources: { subscribe: true }, completions: {} },
        ttlMs: 60_000,
        cacheScope: 'public',
        _meta: { [SERVER_INFO_KEY]: { name: 'reviews-service', version: '1.0.0' } },
      },
    });
    expect(res.message?.result?.instructions).toMatch(/changes only when a new build is published/);
  });

  it('declares the MCP Apps extension (SEP-1865) in server/discover', async () => {
    const res = await modernPost(url, 'server/discover');
    expect(res.message?.result?.capabilities).toMatchObject({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } });
  });

  it('answers tools/call the same at the node:http level (no Origin) and through the app (an allowed Origin)', async () => {
    const args = { name: 'search_reviews', arguments: { min_rating: 4, limit: 3 } };
    const plain = await modernPost(url, 'tools/call', args);
    const viaApp = await modernPost(url, 'tools/call', args, { headers: { origin: SITE_URL } });
    expect(viaApp.headers.get('access-control-allow-origin')).toBe(SITE_URL);
    // the node:http path writes one buffer with its length; the Worker may stream it chunked
    if (process.env.MCP_TARGET !== 'worker') expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(plain.text)));
    expect(plain.text).toBe(viaApp.text);
    // and what the fast path does not serve still gets the app's answer
    const unknown = await modernPost(url, 'tools/call', { name: 'no_such_tool', arguments: {} });
    expect(unknown.message?.error).toMatchObject({ code: -32602, data: { name: 'no_such_tool' } });
  });

  it('lists the tools in a fixed order, each with a title and readOnlyHint, with cache hints', async () => {
    const a = await modernPost(url, 'tools/list');
    const b = await modernPost(url, 'tools/list');
    expect(a.text).toBe(b.text);
    const result = a.message?.result as {
      tools: { name: string; title: string; annotations: Record<string, unknown>; inputSchema: unknown; outputSchema: unknown }[];
      ttlMs: number;
      cacheScope: string;
    };
    expect(result.tools.map((t) => t.name)).toEqual(['get_business', 'search_reviews', 'get_review', 'get_reviews_since', 'get_insights']);
    for (const tool of result.tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false });
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
    }
    expect(result).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' });
  });

  it('lists the datasets and the review template, and reads them', async () => {
    const list = await modernPost(url, 'resources/list');
    expect(list.message?.result).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' });
    const uris = ((list.message?.result?.resources ?? []) as { uri: string }[]).map((r) => r.uri);
    expect(uris).toEqual([`${SITE_URL}/reviews.json`, `${SITE_URL}/insights.json`, `${SITE_URL}/api/feed.json`, 'ui://reviews/app.html']);
    const templates = await modernPost(url, 'resources/templates/list');
    expect(templates.message?.result).toMatchObject({
      resourceTemplates: [{ name: 'review', uriTemplate: 'reviews://review/{id}' }],
      ttlMs: 60_000,
      cacheScope: 'public',
    });

    const read = await modernPost(url, 'resources/read', { uri: `${SITE_URL}/insights.json` });
    const bytes = await (await fetch(`${mcp.server.url}/insights.json`)).text();
    expect(read.message?.result).toMatchObject({
      resultType: 'complete',
      ttlMs: 60_000,
      cacheScope: 'public',
      contents: [{ uri: `${SITE_URL}/insights.json`, mimeType: 'application/json', text: bytes }],
    });
    // the MCP App: the built /mcp-app/
    const app = await modernPost(url, 'resources/read', { uri: 'ui://reviews/app.html' });
    const html = await (await fetch(`${mcp.server.url}/mcp-app/`)).text();
    expect(app.message?.result).toMatchObject({ contents: [{ uri: 'ui://reviews/app.html', mimeType: 'text/html;profile=mcp-app', text: html }] });
  });

  it('a missing resource is -32602 with the URI (HTTP 200: an error of the method, not of the transport)', async () => {
    const res = await modernPost(url, 'resources/read', { uri: 'reviews://review/no-such-id' });
    expect(res.status).toBe(200);
    expect(res.message).toMatchObject({ id: 7, error: { code: -32602, data: { uri: 'reviews://review/no-such-id' } } });
  });

  it('completes review ids by prefix, newest first, at most 100 with the total', async () => {
    const data = (await (await fetch(`${mcp.server.url}/reviews.json`)).json()) as { reviews: { id: string }[] };
    const first = (data.reviews[0] as { id: string }).id;
    const res = await modernPost(url, 'completion/complete', {
      ref: { type: 'ref/resource', uri: 'reviews://review/{id}' },
      argument: { name: 'id', value: first.slice(0, 3) },
    });
    const completion = (res.message?.result ?? {}).completion as { values: string[]; total: number; hasMore: boolean };
    const expected = data.reviews.map((r) => r.id).filter((id) => id.toLowerCase().startsWith(first.slice(0, 3).toLowerCase()));
    expect(completion).toEqual({ values: expected.slice(0, 100), total: expected.length, hasMore: expected.length > 100 });
    expect(res.message?.result).toMatchObject({ resultType: 'complete' });
  });

  it('tools/call returns the same structured result as the HTTP endpoint, with resultType', async () => {
    const res = await modernPost(url, 'tools/call', { name: 'search_reviews', arguments: { min_rating: 4, limit: 5 } });
    const viaHttp = await (await fetch(`${mcp.server.url}/api/reviews/search?min_rating=4&limit=5`)).json();
    expect(res.message?.result).toMatchObject({ resultType: 'complete', structuredContent: viaHttp });
    expect(res.message?.result?._meta).toEqual({ [SERVER_INFO_KEY]: { name: 'reviews-service', version: '1.0.0' } });
  });

  it('echoes string ids, and answers a notification with 202', async () => {
    expect((await modernPost(url, 'tools/list', {}, { id: 'abc' })).message?.id).toBe('abc');
    const note = await post(
      url,
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, _meta: MODERN_META } },
      { 'mcp-protocol-version': MODERN, 'mcp-method': 'notifications/cancelled' },
    );
    expect(note.status).toBe(202);
  });
});

describe('2026-07-28: errors', () => {
  const expectError = (res: Awaited<ReturnType<typeof post>>, status: number, code: number, id: unknown = 7) => {
    expect({ status: res.status, code: res.message?.error?.code, id: res.message?.id }, res.text).toEqual({ status, code, id });
  };

  it('header and body must agree: -32020 (HTTP 400)', async () => {
    expectError(await modernPost(url, 'tools/list', {}, { headers: { 'mcp-protocol-version': undefined } }), 400, -32020);
    expectError(await modernPost(url, 'tools/list', {}, { headers: { 'mcp-protocol-version': '2025-11-25' } }), 400, -32020);
    expectError(await modernPost(url, 'tools/list', {}, { headers: { 'mcp-method': undefined } }), 400, -32020);
    expectError(await modernPost(url, 'tools/list', {}, { headers: { 'mcp-method': 'tools/call' } }), 400, -32020);
    const call = { name: 'get_business', arguments: {} };
    expectError(await modernPost(url, 'tools/call', call, { headers: { 'mcp-name': undefined } }), 400, -32020);
    expectError(await modernPost(url, 'tools/call', call, { headers: { 'mcp-name': 'get_review' } }), 400, -32020);
    expectError(await modernPost(url, 'tools/call', call, { headers: { 'mcp-name': '=?base64?not base64!?=' } }), 400, -32020);
    expectError(
      await modernPost(url, 'resources/read', { uri: `${SITE_URL}/reviews.json` }, { headers: { 'mcp-name': `${SITE_URL}/insights.json` } }),
      400,
      -32020,
    );
    // a base64 header value and surrounding whitespace are accepted
    const b64 = `=?base64?${Buffer.from('get_business').toString('base64')}?=`;
    expect((await modernPost(url, 'tools/call', call, { headers: { 'mcp-name': b64 } })).message?.result).toBeTruthy();
    expect((await modernPost(url, 'tools/call', call, { headers: { 'mcp-name': '  get_business ' } })).message?.result).toBeTruthy();
  });

  it('an unsupported version is -32022 with the supported list and the requested version (HTTP 400)', async () => {
    for (const version of ['2099-01-01', '2025-11-25']) {
      const res = await modernPost(
        url,
        'server/discover',
        {},
        { headers: { 'mcp-protocol-version': version }, meta: { ...MODERN_META, 'io.modelcontextprotocol/protocolVersion': version } },
      );
      expectError(res, 400, -32022);
      expect(res.message?.error).toMatchObject({ data: { supported: [MODERN], requested: version } });
    }
  });

  it('a broken envelope is -32602 (HTTP 400): no _meta, no protocol version, no client capabilities', async () => {
    const noMeta = await post(url, { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }, { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' });
    expectError(noMeta, 400, -32602);
    const { 'io.modelcontextprotocol/protocolVersion': _v, ...noVersion } = MODERN_META;
    expectError(await modernPost(url, 'tools/list', {}, { meta: noVersion }), 400, -32602);
    const { 'io.modelcontextprotocol/clientCapabilities': _c, ...noCaps } = MODERN_META;
    expectError(await modernPost(url, 'tools/list', {}, { meta: noCaps }), 400, -32602);
    expectError(await modernPost(url, 'tools/list', {}, { meta: { ...MODERN_META, 'io.modelcontextprotocol/clientInfo': 'me' } }), 400, -32602);
    // clientInfo is optional
    const { 'io.modelcontextprotocol/clientInfo': _i, ...noInfo } = MODERN_META;
    expect((await modernPost(url, 'tools/list', {}, { meta: noInfo })).status).toBe(200);
  });

  it('methods the revision removed, and unknown ones, are 404 with -32601', async () => {
    for (const method of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'prompts/list', 'no/such']) {
      expectError(await modernPost(url, method), 404, -32601);
    }
  });

  it('bad params of a method are -32602 in-band (HTTP 200); an unknown tool too', async () => {
    expectError(await modernPost(url, 'tools/call', { name: 'no_such_tool' }), 200, -32602);
    expectError(await modernPost(url, 'tools/call', { arguments: {} }), 200, -32602);
    expectError(await modernPost(url, 'resources/read', {}), 200, -32602);
    expectError(await modernPost(url, 'completion/complete', { ref: { type: 'ref/prompt', name: 'x' }, argument: { name: 'a', value: '' } }), 200, -32602);
    expectError(await modernPost(url, 'subscriptions/listen', { notifications: 'all' }), 200, -32602);
    const many = Array.from({ length: 101 }, (_, i) => `reviews://review/r-${i}`);
    expectError(await modernPost(url, 'subscriptions/listen', { notifications: { resourceSubscriptions: many } }), 200, -32602);
  });

  it('invalid tool arguments are an isError result listing the issues', async () => {
    const res = await modernPost(url, 'tools/call', { name: 'search_reviews', arguments: { rating: 9, bogus: 1 } });
    expect(res.message?.result).toMatchObject({ resultType: 'complete', isError: true });
    const text = ((res.message?.result?.content ?? []) as { text: string }[])[0]?.text;
    expect(text).toContain('rating');
    expect(text).toContain('bogus');
  });

  it('a batch may not carry 2026-07-28 requests; initialize with a 2026 header is refused', async () => {
    const batch = await post(url, [{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN_META } }], { 'mcp-protocol-version': MODERN });
    expectError(batch, 400, -32600, null);
    expectError(await post(url, initializeRequest('2025-11-25', 7), { 'mcp-protocol-version': MODERN }), 400, -32020);
  });

  it('the transport rules hold on this path too: 406, 415, 413, parse error, 403 for a foreign Origin', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: MODERN_META } });
    const headers = { 'content-type': 'application/json', accept: ACCEPT, 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/list' };
    expect((await fetch(url, { method: 'POST', headers: { ...headers, accept: 'text/html' }, body })).status).toBe(406);
    expect((await fetch(url, { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body })).status).toBe(415);
    expect((await fetch(url, { method: 'POST', headers, body: `${body.slice(0, -1)} ${' '.repeat(70_000)}}` })).status).toBe(413);
    expect((await fetch(url, { method: 'POST', headers, body: '{"jsonrpc":' })).status).toBe(400);
    expect((await fetch(url, { method: 'POST', headers: { ...headers, origin: 'https://evil.example' }, body })).status).toBe(403);
  });
});

describe('both eras on one endpoint', () => {
  it('initialize still opens a 2025 session beside the stateless path', async () => {
    const init = await post(url, initializeRequest('2025-11-25'));
    expect(init.status).toBe(200);
    expect(init.headers.get('mcp-session-id')).toBeTruthy();
    expect(init.message?.result).toMatchObject({ protocolVersion: '2025-11-25', capabilities: { tools: {}, resources: { subscribe: true }, completions: {} } });
    // a 2025 result has no resultType
    expect(init.message?.result?.resultType).toBeUndefined();
    // initialize asking for 2026-07-28 (which has no initialize) is answered with the newest session revision
    const newer = await post(url, initializeRequest(MODERN));
    expect(newer.message?.result?.protocolVersion).toBe('2025-11-25');
  });

  it('a request without the envelope and without a session is still the 2025 error (400, not one of the revision codes)', async () => {
    const res = await post(url, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(res.status).toBe(400);
    expect(res.message?.error?.code).toBe(-32000);
  });

  it('CORS preflight allows the 2026-07-28 headers; responses expose the session id and version', async () => {
    const pre = await fetch(url, { method: 'OPTIONS', headers: { origin: SITE_URL, 'access-control-request-method': 'POST' } });
    expect(pre.status).toBe(204);
    const allowed = (pre.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/,\s*/);
    for (const h of ['content-type', 'accept', 'mcp-session-id', 'mcp-protocol-version', 'mcp-method', 'mcp-name']) expect(allowed).toContain(h);
    const res = await modernPost(url, 'tools/list', {}, { headers: { origin: SITE_URL } });
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE_URL);
    expect(res.headers.get('access-control-expose-headers')).toContain('Mcp-Session-Id');
  });
});
