// Hostile input against the real sidecar over real HTTP: nothing a client sends gets a 5xx,
// and the server is alive and serving afterwards. Deeply nested JSON first (the case that once
// gave a 500 in both MCP eras), then generated requests to every endpoint.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS, ROUTE_METHODS } from '../../src/core/http/urls.ts';
import { MCP_TOOL_NAMES } from '../../src/core/openapi/mcp.ts';
import { SMALL_CONTENT } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { type RunningTarget, startTarget, TARGETS } from '../helpers/targets.ts';
import { ACCEPT, MODERN, MODERN_META, openSession, PROTOCOL } from '../helpers/mcp.ts';

const SITE = 'https://reviews.example';
let server: RunningTarget;
let session: string;
/** The Worker's MCP and hub paths, while they are stubs (test/helpers/targets.ts). */

/** `depth` levels of arrays or objects around a string, written as text (no recursion anywhere). */
function nested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}"x"${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`;
}

const modernMeta = JSON.stringify(MODERN_META);

/** A tools/call body with `value` (JSON text) as one argument, for either era. */
function toolsCall(era: 'legacy' | 'modern', value: string, where: 'argument' | 'arguments' | 'meta' | 'id' = 'argument'): string {
  const meta = era === 'modern' ? `"_meta":${where === 'meta' ? value : modernMeta},` : where === 'meta' ? `"_meta":${value},` : '';
  const args = where === 'arguments' ? value : `{"query":${where === 'argument' ? value : '"x"'}}`;
  const id = where === 'id' ? value : '1';
  return `{"jsonrpc":"2.0","id":${id},"method":"tools/call","params":{${meta}"name":"search_reviews","arguments":${args}}}`;
}

function mcpHeaders(era: 'legacy' | 'modern'): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: ACCEPT };
  if (era === 'legacy') return { ...headers, 'mcp-session-id': session, 'mcp-protocol-version': PROTOCOL };
  return { ...headers, 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'search_reviews' };
}

async function alive(): Promise<void> {
  expect(server.running()).toBe(true);
  expect((await fetch(`${server.url}/reviews.json`)).status).toBe(200);
}

// Generators of hostile requests. Paths: every route, the since prefix, files, and junk.
const pathArb = fc.oneof(
  fc.constantFrom(...Object.keys(ROUTE_METHODS), '/reviews.json', '/feed.xml', '/api/feed.json', '/', '/404.html', '/api', '/.well-known/mcp'),
  fc.string({ maxLength: 40 }).map((s) => `${PATHS.sincePrefix}${encodeURIComponent(s)}`),
  fc.constantFrom('2024-02-30', '0000-01-01', '9999-12-31', '2020-01-01', '%ff%fe', '..%2f..%2fetc%2fpasswd').map((s) => `${PATHS.sincePrefix}${s}`),
  fc.webPath(),
  fc.string({ maxLength: 60 }).map((s) => `/${encodeURIComponent(s)}`),
);
const queryArb = fc.oneof(
  fc.constant(''),
  fc
    .dictionary(
      fc.constantFrom('query', 'q', 'limit', 'offset', 'min_rating', 'sort', 'service', 'technician', 'area', 'since', 'rating', 'x'),
      fc.string({ maxLength: 80 }),
      { maxKeys: 5 },
    )
    .map((d) => `?${new URLSearchParams(d)}`),
  fc.string({ maxLength: 200 }).map((s) => `?query=${encodeURIComponent(s)}&query=${encodeURIComponent(s)}`),
  fc.constantFrom('?%ff', '?query=%', '?limit=1e309', '?limit=-1', '?query=%E0%A4%A', `?query=${'a'.repeat(5000)}`),
);
const headerValue = fc.oneof(
  fc.string({ maxLength: 60 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
  fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/event-stream', '*/*', 'null', ''),
);
const headersArb = fc.record(
  {
    'content-type': headerValue,
    accept: fc.oneof(headerValue, fc.constant(ACCEPT)),
    'mcp-session-id': fc.oneof(headerValue, fc.constant('SESSION')),
    'mcp-protocol-version': fc.oneof(headerValue, fc.constantFrom(PROTOCOL, MODERN)),
    'mcp-method': headerValue,
    'mcp-name': headerValue,
    origin: fc.oneof(headerValue, fc.constantFrom('https://evil.example', 'null')),
    'if-none-match': headerValue,
    'if-modified-since': headerValue,
    range: headerValue,
  },
  { requiredKeys: [] },
);
const jsonRpcArb = fc
  .record({
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.jsonValue()),
    id: fc.oneof(fc.integer(), fc.string(), fc.jsonValue()),
    method: fc.oneof(
      fc.constantFrom('initialize', 'tools/call', 'tools/list', 'resources/read', 'resources/list', 'completion/complete', 'subscriptions/listen', 'ping'),
      fc.string(),
    ),
    params: fc.oneof(
      fc.record({ name: fc.constantFrom(...MCP_TOOL_NAMES), arguments: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 4 })) }),
      fc.record({ _meta: fc.constant(MODERN_META), name: fc.constantFrom(...MCP_TOOL_NAMES), arguments: fc.jsonValue({ maxDepth: 4 }) }),
      fc.record({ uri: fc.string(), _meta: fc.oneof(fc.constant(MODERN_META), fc.jsonValue({ maxDepth: 3 })) }),
      fc.jsonValue({ maxDepth: 4 }),
    ),
  })
  .map((m) => JSON.stringify(m));
const bodyArb = fc.oneof(
  jsonRpcArb,
  fc.tuple(fc.integer({ min: 1, max: 30_000 }), fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>).map(([d, k]) => nested(d, k)),
  fc
    .tuple(
      fc.constantFrom('legacy', 'modern') as fc.Arbitrary<'legacy' | 'modern'>,
      fc.integer({ min: 1, max: 30_000 }),
      fc.constantFrom('argument', 'arguments', 'meta', 'id') as fc.Arbitrary<'argument'>,
    )
    .map(([era, d, where]) => toolsCall(era, nested(d, 'array'), where)),
  fc.string({ maxLength: 400 }),
  fc.uint8Array({ maxLength: 400 }).map((a) => Buffer.from(a)),
  fc
    .dictionary(fc.constantFrom('hub.mode', 'hub.topic', 'hub.callback', 'hub.secret', 'hub.lease_seconds', 'hub.url', 'x'), fc.string({ maxLength: 100 }))
    .map((d) => new URLSearchParams(d).toString()),
  fc.constant(
    `hub.mode=subscribe&hub.topic=${encodeURIComponent(`${SITE}/feed.xml`)}` +
      `&hub.callback=${encodeURIComponent('https://a.invalid/cb')}&hub.lease_seconds=99999999999`,
  ),
);
const anyRequestArb = fc.record({
  method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'),
  path: pathArb,
  query: queryArb,
  headers: headersArb,
  body: bodyArb,
});
/** A POST to /mcp whose headers are right for one era (so the body is what gets tested), or mostly right. */
const mcpRequestArb = fc.record({
  method: fc.constant('POST'),
  path: fc.constant(PATHS.mcp),
  query: fc.constant(''),
  headers: fc
    .tuple(fc.constantFrom('legacy', 'modern') as fc.Arbitrary<'legacy' | 'modern'>, fc.oneof(fc.constant({}), headersArb))
    .map(([era, extra]) => ({ ...mcpHeaders(era), ...extra })),
  body: bodyArb,
});
const requestArb = fc.oneof(anyRequestArb, mcpRequestArb);

// Each suite runs against the Node sidecar and against the Worker under wrangler dev.
describe.each(TARGETS)('%s', (target) => {
  beforeAll(async () => {
    const out = await sharedBuild(SMALL_CONTENT, SITE);
    // Private callbacks refused, so a generated subscribe never makes the hub call out.
    server = await startTarget(target, { OUT_DIR: out, SITE_URL: SITE, HUB_VERIFY_TIMEOUT_MS: '500' });
    session = await openSession(`${server.url}/mcp`);
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('deeply nested JSON', () => {
    for (const era of ['legacy', 'modern'] as const) {
      for (const where of ['argument', 'arguments', 'meta', 'id'] as const) {
        it(`in tools/call ${where} (${era === 'legacy' ? '2025 session' : MODERN}) is a 4xx at any depth`, async () => {
          for (const depth of [65, 5_000, 20_000]) {
            for (const kind of ['array', 'object'] as const) {
              const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: mcpHeaders(era), body: toolsCall(era, nested(depth, kind), where) });
              const text = await res.text();
              expect(res.status, `${kind} depth ${depth}: ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
              expect(res.status).toBeLessThan(500);
              if (res.status === 400) expect(text).toContain('deeper than 64 levels');
            }
          }
          await alive();
        });
      }
    }

    it('within the limit still reaches the tool, whose validation answers', async () => {
      const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: mcpHeaders('modern'), body: toolsCall('modern', nested(40, 'object')) });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { result: { isError?: boolean } };
      expect(body.result.isError).toBe(true);
    });

    it('in the initialize of a 2025 session is a 4xx', async () => {
      const body =
        `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"${PROTOCOL}",` +
        `"capabilities":${nested(10_000, 'object')},"clientInfo":{"name":"x","version":"1"}}}`;
      const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: { 'content-type': 'application/json', accept: ACCEPT }, body });
      expect(res.status).toBe(400);
    });
  });

  describe('generated hostile requests', () => {
    it('never get a 5xx, and the server serves afterwards', async () => {
      const seen = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(requestArb, async (r) => {
          const headers = Object.fromEntries(Object.entries(r.headers as Record<string, string>).map(([k, v]) => [k, v === 'SESSION' ? session : v]));
          const hasBody = r.method !== 'GET' && r.method !== 'HEAD';
          const res = await fetch(`${server.url}${r.path}${r.query}`, { method: r.method, headers, ...(hasBody ? { body: r.body } : {}) });
          // A GET with a live session opens the 2025 event stream, which stays open by design.
          if (res.headers.get('content-type')?.startsWith('text/event-stream')) await res.body?.cancel();
          const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? '' : await res.text();
          seen.set(res.status, (seen.get(res.status) ?? 0) + 1);
          expect(res.status, `${r.method} ${r.path}${r.query} ${JSON.stringify(headers)}: ${text.slice(0, 300)}`).toBeLessThan(500);
        }),
        { numRuns: 400 },
      );
      await alive();
      // The run reached the endpoints' own answers, not just 404s.
      expect([...seen.keys()].filter((s) => s !== 404).length).toBeGreaterThan(4);
      expect(server.output()).not.toMatch(/RangeError|Maximum call stack/);
    }, 180_000);
  });
});
