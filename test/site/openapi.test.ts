// /openapi.json: complete, accepted by a real OpenAPI linter (Redocly), and true of the
// running service (real responses validate against its schemas and carry its headers).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadContentDir } from '../../src/build/content-dir.ts';
import { siteUrls } from '../../src/core/http/urls.ts';
import { openApiDocument } from '../../src/core/openapi/document.ts';
import { MCP_PROTOCOL_VERSION, MCP_TOOLS } from '../../src/core/openapi/mcp.ts';
import { SearchParamsShape } from '../../src/core/search/params.ts';
import { apiExamples, operations } from '../../src/core/site/api-examples.ts';
import { NODE, ROOT, SAMPLE_CONTENT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { sharedBuild } from '../helpers/shared-build.ts';

const SITE = 'https://reviews.example';
const doc = openApiDocument(siteUrls(SITE));
// biome-ignore lint/suspicious/noExplicitAny: the tests walk a JSON document by path
type Obj = Record<string, any>;
const paths = doc.paths as Obj;
const components = doc.components as Obj;
const REDOCLY = join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
/** The cached reads: the running service must send every header the document declares on them, and 304 on a match. */
const CACHED_READS = [
  '/',
  '/api/',
  '/reviews.json',
  '/insights.json',
  '/api/feed.json',
  '/feed.xml',
  '/api/reviews/search',
  '/api/reviews/since/{date}',
  '/openapi.json',
  '/llms.txt',
];

function lint(document: unknown): { status: number | null; output: string } {
  const file = join(tempDir('openapi'), 'openapi.json');
  writeFileSync(file, JSON.stringify(document, null, 2));
  const run = spawnSync(NODE, [REDOCLY, 'lint', '--config', join(ROOT, 'test', 'site', 'redocly.yaml'), '--format', 'stylish', file], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 50_000,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
  return { status: run.status, output: `${run.stdout}\n${run.stderr}` };
}

describe('the OpenAPI document', () => {
  it('passes Redocly lint (recommended rules, strict)', () => {
    const { status, output } = lint(doc);
    expect(status, output).toBe(0);
  });

  it('fails Redocly lint when broken, so the lint is real', () => {
    const broken = structuredClone(doc) as Obj;
    delete broken.paths['/reviews.json'].get.responses['200'].description;
    broken.paths['/api/reviews/search'].get.parameters[0].in = 'body';
    const { status, output } = lint(broken);
    expect(status).not.toBe(0);
    expect(output).toMatch(/description/);
  });

  it('is OpenAPI 3.1 at the interface version 1.0.0, for the configured origin, with no security', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.servers).toEqual([{ url: SITE }]);
    expect(doc.security).toEqual([]);
  });

  it('describes every endpoint', () => {
    expect(Object.keys(paths).toSorted()).toEqual(
      [
        '/reviews/',
        '/reviews/page/{page}/',
        '/technicians/{slug}/',
        '/services/{id}/',
        '/areas/{slug}/',
        '/reviews/stars/{stars}/',
        '/embed/',
        '/widget.js',
        '/badge.svg',
        '/api/ratings.json',
        ...CACHED_READS,
        '/api/websub/hub',
        '/mcp',
      ].toSorted(),
    );
    expect(Object.keys(paths['/mcp']).filter((k) => k !== 'description')).toEqual(['post', 'get', 'delete']);
  });

  it('has one query parameter per search parameter, with the schema the code validates with', () => {
    const params = paths['/api/reviews/search'].get.parameters.filter((p: Obj) => p.in === 'query');
    expect(params.map((p: Obj) => p.name)).toEqual(Object.keys(SearchParamsShape));
    const by = Object.fromEntries(params.map((p: Obj) => [p.name, p.schema]));
    expect(by.rating).toEqual({ type: 'integer', minimum: 1, maximum: 5 });
    expect(by.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(by.since).toMatchObject({ type: 'string', format: 'date' });
    expect(by.sort.enum).toEqual(['newest', 'oldest', 'highest', 'lowest']);
    expect(params.every((p: Obj) => p.required === false && typeof p.description === 'string')).toBe(true);
    const responses = paths['/api/reviews/search'].get.responses;
    expect(Object.keys(responses)).toEqual(['200', '304', '400']);
    expect(components.responses.ValidationError.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ValidationError' });
    expect(components.schemas.ValidationError.required).toEqual(['error', 'message', 'issues']);
    expect(components.schemas.Error.required).toEqual(['error', 'message']);
  });

  it('declares validators and 304 on the cached reads', () => {
    for (const path of ['/reviews.json', '/insights.json', '/api/feed.json', '/feed.xml', '/api/reviews/search', '/api/reviews/since/{date}']) {
      const get = paths[path].get;
      expect(Object.keys(get.responses['200'].headers), path).toEqual(expect.arrayContaining(['ETag', 'Last-Modified', 'Cache-Control']));
      expect(get.responses['304'], path).toEqual({ $ref: '#/components/responses/NotModified' });
      expect(
        get.parameters.map((p: Obj) => p.$ref ?? p.name),
        path,
      ).toEqual(expect.arrayContaining(['#/components/parameters/If-None-Match', '#/components/parameters/If-Modified-Since']));
    }
    for (const topic of ['/reviews.json', '/api/feed.json', '/feed.xml']) expect(paths[topic].get.responses['200'].headers.Link).toBeDefined();
  });

  it("describes the hub's form fields and answers", () => {
    const post = paths['/api/websub/hub'].post;
    const form = components.schemas.HubForm;
    expect(post.requestBody.content['application/x-www-form-urlencoded'].schema).toEqual({ $ref: '#/components/schemas/HubForm' });
    expect(Object.keys(form.properties).toSorted()).toEqual(['hub.callback', 'hub.lease_seconds', 'hub.mode', 'hub.secret', 'hub.topic', 'hub.url']);
    expect(form.properties['hub.mode'].enum).toEqual(['subscribe', 'unsubscribe', 'publish']);
    expect(form.required).toEqual(['hub.mode']);
    expect(Object.keys(post.responses)).toEqual(['202', '400', '413', '415', '429', '503']);
    expect(post.responses['429'].headers['Retry-After']).toBeDefined();
    for (const status of ['400', '413', '415', '429']) expect(Object.keys(post.responses[status].content)).toEqual(['text/plain']);
  });

  it("describes the MCP endpoint: JSON-RPC POST in both eras, GET a 2025 session's stream, DELETE ends the session", () => {
    const mcp = paths['/mcp'];
    expect(mcp.post.parameters.map((p: Obj) => p.$ref ?? p.name)).toEqual([
      '#/components/parameters/Mcp-Session-Id',
      '#/components/parameters/MCP-Protocol-Version',
      'Accept',
      'Mcp-Method',
      'Mcp-Name',
    ]);
    expect(mcp.post.responses['200'].headers['Mcp-Session-Id']).toBeDefined();
    expect(Object.keys(mcp.get.responses)).toEqual(['200', '404', '405']);
    expect(mcp.delete.responses['200']).toBeDefined();
    expect(mcp.description).toContain('get_business');
    expect(mcp.description).toContain('search_reviews');
  });

  it('gives every operation an id, a 2xx and a 4xx where it takes input', () => {
    const ops = operations(doc);
    expect(new Set(ops.map((o) => o.operationId)).size).toBe(ops.length);
    for (const op of ops) {
      const operation = paths[op.path][op.method.toLowerCase()];
      const statuses = Object.keys(operation.responses);
      expect(
        statuses.some((s) => s.startsWith('2')),
        op.operationId,
      ).toBe(true);
      const takesInput = operation.requestBody !== undefined || (operation.parameters ?? []).some((p: Obj) => p.in === 'query' || p.in === 'path');
      if (takesInput)
        expect(
          statuses.some((s) => s.startsWith('4')),
          op.operationId,
        ).toBe(true);
    }
  });

  it('has a curl example on the API page for every operation', () => {
    const examples = apiExamples(loadContentDir(SAMPLE_CONTENT), siteUrls(SITE));
    expect(Object.keys(examples).toSorted()).toEqual(
      operations(doc)
        .map((o) => o.operationId)
        .toSorted(),
    );
  });
});

describe('the OpenAPI document against the running service', () => {
  let server: RunningServer;
  let ajv: InstanceType<typeof import('ajv').default>;
  let served: Obj;
  beforeAll(async () => {
    const out = await sharedBuild(SMALL_CONTENT, SITE);
    server = await startServer({ OUT_DIR: out });
    served = await (await fetch(`${server.url}/openapi.json`)).json();
    ajv = new (Ajv2020 as unknown as typeof import('ajv').default)({ strict: false, allErrors: true });
    const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: unknown) => void;
    addFormats(ajv);
    ajv.addSchema(served, 'openapi.json');
  });
  afterAll(() => server?.stop());

  const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init);
  const validate = (schema: string, body: unknown) => {
    const check = ajv.compile({ $ref: `openapi.json#/components/schemas/${schema}` });
    return check(body) ? 'valid' : JSON.stringify(check.errors?.slice(0, 5));
  };

  it('serves the document built for its own origin', () => {
    expect(served).toEqual(JSON.parse(JSON.stringify(doc)));
  });

  it.each([
    ['/reviews.json', 'ReviewsDocument'],
    ['/insights.json', 'InsightsDocument'],
    ['/api/feed.json', 'JsonFeed'],
    ['/api/ratings.json', 'RatingsDocument'],
    ['/api/reviews/search?service_area=springfield&source=google&has_text=true', 'SearchResult'],
    ['/api/reviews/since/2024-01-01', 'SinceDocument'],
    ['/api/reviews/since/1999-12-31', 'SinceDocument'],
    ['/api/reviews/search?min_rating=2&query=drain&limit=5&sort=oldest', 'SearchResult'],
  ])('GET %s matches %s', async (path, schema) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    expect(validate(schema, await res.json())).toBe('valid');
  });

  it.each([
    ['/api/reviews/search?rating=9', 400, 'ValidationError'],
    ['/api/reviews/search?nope=1', 400, 'ValidationError'],
    ['/api/reviews/since/2024-02-30', 400, 'ValidationError'],
    ['/api/no/such/path', 404, 'Error'],
  ])('GET %s answers %i with the %s shape', async (path, status, schema) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(validate(schema, await res.json())).toBe('valid');
  });

  it('answers another method with 405, Allow and the Error shape', async () => {
    const res = await get('/reviews.json', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect(validate('Error', await res.json())).toBe('valid');
  });

  it('sends every header the document declares on the cached reads, and 304 on a match', async () => {
    const concrete: Record<string, string> = {
      '/api/reviews/since/{date}': '/api/reviews/since/2024-01-01',
      '/api/reviews/search': '/api/reviews/search?rating=5',
    };
    for (const path of CACHED_READS) {
      const url = concrete[path] ?? path;
      const res = await get(url);
      expect(res.status, url).toBe(200);
      const declared = paths[path].get.responses['200'];
      for (const name of Object.keys(declared.headers)) expect(res.headers.get(name), `${name} on ${url}`).not.toBeNull();
      const media = Object.keys(declared.content)[0] as string;
      expect(res.headers.get('content-type'), url).toContain(media);
      const again = await get(url, { headers: { 'if-none-match': res.headers.get('etag') as string } });
      expect(again.status, url).toBe(304);
    }
  });

  it('has the MCP tools the running server lists, and its statuses', async () => {
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
    const rpc = async (body: object, session?: string) => {
      const res = await get('/mcp', {
        method: 'POST',
        headers: { ...headers, ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': MCP_PROTOCOL_VERSION } : {}) },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      const data = text.split('\n').find((l) => l.startsWith('data: '));
      return { res, message: data ? JSON.parse(data.slice(6)) : text ? JSON.parse(text) : undefined };
    };
    const init = await rpc({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'test', version: '1' } },
    });
    expect(init.res.status).toBe(200);
    const session = init.res.headers.get('mcp-session-id') as string;
    expect(session).toBeTruthy();
    expect((await rpc({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).res.status).toBe(202);
    const list = await rpc({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, session);
    expect(list.message.result.tools.map((t: { name: string }) => t.name).toSorted()).toEqual(MCP_TOOLS.map((t) => t.name).toSorted());
    const wrongAccept = await get('/mcp', { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: '{}' });
    expect(wrongAccept.status).toBe(406);
    expect(validate('JsonRpcResponse', await wrongAccept.json())).toBe('valid');
    const stream = await get('/mcp', { headers: { accept: 'text/event-stream' } });
    expect(stream.status).toBe(405);
    expect(stream.headers.get('allow')).toContain('POST');
    const end = await get('/mcp', { method: 'DELETE', headers: { 'mcp-session-id': session, 'mcp-protocol-version': MCP_PROTOCOL_VERSION } });
    expect(end.status).toBe(200);
    const gone = await rpc({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, session);
    expect(gone.res.status).toBe(404);
  });

  it("answers the hub's documented statuses in text/plain", async () => {
    const form = (fields: Record<string, string>, type = 'application/x-www-form-urlencoded') =>
      get('/api/websub/hub', { method: 'POST', headers: { 'content-type': type }, body: new URLSearchParams(fields).toString() });
    const plainHttp = await form({ 'hub.mode': 'subscribe', 'hub.topic': `${SITE}/feed.xml`, 'hub.callback': 'http://subscriber.example/cb' });
    expect(plainHttp.status).toBe(400);
    expect(plainHttp.headers.get('content-type')).toContain('text/plain');
    expect(await plainHttp.text()).toContain('https');
    expect((await form({ 'hub.mode': 'subscribe' }, 'application/json')).status).toBe(415);
    expect((await form({ 'hub.mode': 'watch' })).status).toBe(400);
    const documented = Object.keys(paths['/api/websub/hub'].post.responses);
    for (const status of ['400', '415']) expect(documented).toContain(status);
  });
});
