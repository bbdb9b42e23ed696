// Every kind of request an anonymous client can send the service, for `npm run bench:hostile`:
// each route, each MCP method in both eras, each hub mode, each error path, and the costliest
// inputs found so far (thousands of query keys, a JSON array of 16,000 `{}`, a one-letter query,
// a completion that matches nothing, a since date not pre-rendered). Each kind makes its n-th
// request a little different where a response cache would otherwise answer it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { ACCEPT, LEGACY, MODERN_META as META, MODERN } from '../worker/worker-mcp.ts';

export interface BenchRequest {
  path: string;
  init?: RequestInit;
}

export interface HostileKind {
  name: string;
  request(n: number): BenchRequest;
}

/** What the requests need to know of the build. */
export interface BuildFacts {
  site: string;
  /** Review ids, newest first. */
  ids: string[];
  /** Dates with no pre-rendered since file. */
  sinceDates: string[];
  technician: string;
  /** A built file's path and its ETag. */
  file: { path: string; etag: string };
}

/** Of the build in `out`: ids, a technician, a built file, and the oldest dates with no pre-rendered since file (the largest answers). */
export function factsOf(out: string, site: string): BuildFacts {
  const doc = JSON.parse(readFileSync(join(out, 'site', 'reviews.json'), 'utf8')) as { reviews: { id: string; date: string; technicians: string[] }[] };
  const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
  const oldest = doc.reviews.at(-1)?.date as string;
  const sinceDates: string[] = [];
  for (let day = new Date(`${oldest}T00:00:00Z`); sinceDates.length < 60; day = new Date(day.getTime() + 86_400_000)) {
    const date = day.toISOString().slice(0, 10);
    if (!manifest.resources[`${PATHS.sincePrefix}${date}`]) sinceDates.push(date);
  }
  const file = '/reviews.json';
  return {
    site,
    ids: doc.reviews.map((r) => r.id),
    sinceDates,
    technician: doc.reviews.find((r) => r.technicians.length > 0)?.technicians[0] ?? 'x',
    file: { path: file, etag: manifest.resources[file]?.etag as string },
  };
}

const limit = (n: number) => 1 + (n % 100);
const form = (fields: Record<string, string>): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

/** A stateless 2026-07-28 request. */
function modern(method: string, params: Record<string, unknown>, n: number, name?: string): BenchRequest {
  const headers: Record<string, string> = { 'mcp-protocol-version': MODERN, 'mcp-method': method, ...(name ? { 'mcp-name': name } : {}) };
  return { path: PATHS.mcp, init: json({ jsonrpc: '2.0', id: n, method, params: { ...params, _meta: META } }, headers) };
}

const initialize = (n: number) => ({
  jsonrpc: '2.0',
  id: n,
  method: 'initialize',
  params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'bench-hostile', version: '1' } },
});

const TOOL_CALLS = (f: BuildFacts, n: number): Record<string, Record<string, unknown>> => ({
  get_business: {},
  search_reviews: { query: 'on time', min_rating: 4, limit: limit(n) },
  get_review: { id: f.ids[n % f.ids.length] },
  get_reviews_since: { date: f.sinceDates[n % f.sinceDates.length], limit: limit(n) },
  get_insights: {},
});

export function hostileKinds(f: BuildFacts): HostileKind[] {
  const topic = `${f.site}/feed.xml`;
  const manyKeys = (count: number) => Array.from({ length: count }, (_, i) => `k${i}=1`).join('&');
  const kinds: HostileKind[] = [
    // built files and what the route table answers
    { name: 'file GET', request: () => ({ path: f.file.path }) },
    { name: 'file 304', request: () => ({ path: f.file.path, init: { headers: { 'if-none-match': f.file.etag } } }) },
    { name: 'file HEAD', request: () => ({ path: '/', init: { method: 'HEAD' } }) },
    { name: '404 page', request: (n) => ({ path: `/no-such-page-${n}` }) },
    { name: 'JSON 404 under /api/', request: (n) => ({ path: `/api/nothing-${n}` }) },
    { name: '405', request: () => ({ path: f.file.path, init: { method: 'DELETE' } }) },
    {
      name: 'OPTIONS preflight',
      request: () => ({
        path: PATHS.search,
        init: { method: 'OPTIONS', headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' } },
      }),
    },
    // search
    { name: 'search broad', request: (n) => ({ path: `${PATHS.search}?min_rating=4&limit=${limit(n)}` }) },
    { name: 'search words', request: (n) => ({ path: `${PATHS.search}?query=on%20time&limit=${limit(n)}` }) },
    { name: 'search 1 letter', request: (n) => ({ path: `${PATHS.search}?query=${'eaiou'[n % 5]}&limit=100&offset=${n}` }) },
    { name: 'search 2 letters', request: (n) => ({ path: `${PATHS.search}?query=${['er', 'on', 'in', 'at', 'ca'][n % 5]}&limit=100&offset=${n}` }) },
    { name: 'search 1 rare letter', request: (n) => ({ path: `${PATHS.search}?query=${'qxzjk'[n % 5]}&limit=100&offset=${n}` }) },
    {
      name: 'search 200 chars',
      request: (n) => ({ path: `${PATHS.search}?query=${encodeURIComponent(`the ${'great service '.repeat(14)}`.slice(0, 199 - (n % 9)))}` }),
    },
    { name: 'search technician', request: (n) => ({ path: `${PATHS.search}?mentions_technician=${encodeURIComponent(f.technician)}&limit=${limit(n)}` }) },
    { name: 'search deep offset', request: (n) => ({ path: `${PATHS.search}?offset=${Math.floor(f.ids.length / 2) + n}&limit=100` }) },
    { name: 'search 400: 2,700 unknown keys', request: (n) => ({ path: `${PATHS.search}?${manyKeys(2700 + n)}` }) },
    { name: 'search 400: 30 unknown keys', request: (n) => ({ path: `${PATHS.search}?${manyKeys(30)}&x${n}=1` }) },
    { name: 'search 400: bad value', request: (n) => ({ path: `${PATHS.search}?rating=${n}x` }) },
    // since
    { name: 'since not pre-rendered', request: (n) => ({ path: `${PATHS.sincePrefix}${f.sinceDates[n % f.sinceDates.length]}` }) },
    { name: 'since 400', request: (n) => ({ path: `${PATHS.sincePrefix}2024-13-${n}` }) },
    // MCP, stateless (2026-07-28)
    { name: 'MCP server card', request: () => ({ path: PATHS.mcpServerCard }) },
    { name: 'MCP server/discover', request: (n) => modern('server/discover', {}, n) },
    { name: 'MCP tools/list', request: (n) => modern('tools/list', {}, n) },
    ...Object.keys(TOOL_CALLS(f, 0)).map((tool) => ({
      name: `MCP tools/call ${tool}`,
      request: (n: number) => modern('tools/call', { name: tool, arguments: TOOL_CALLS(f, n)[tool] }, n, tool),
    })),
    {
      name: 'MCP tools/call, 8,000 unknown arguments',
      request: (n) =>
        modern(
          'tools/call',
          { name: 'search_reviews', arguments: Object.fromEntries(Array.from({ length: 8000 }, (_, i) => [`a${i}`, n])) },
          n,
          'search_reviews',
        ),
    },
    { name: 'MCP resources/list', request: (n) => modern('resources/list', {}, n) },
    { name: 'MCP resources/templates/list', request: (n) => modern('resources/templates/list', {}, n) },
    { name: 'MCP resources/read dataset', request: (n) => modern('resources/read', { uri: `${f.site}/insights.json` }, n, `${f.site}/insights.json`) },
    {
      name: 'MCP resources/read review',
      request: (n) => modern('resources/read', { uri: `reviews://review/${f.ids[n % f.ids.length]}` }, n, `reviews://review/${f.ids[n % f.ids.length]}`),
    },
    { name: 'MCP resources/read app', request: (n) => modern('resources/read', { uri: 'ui://reviews/app.html' }, n, 'ui://reviews/app.html') },
    {
      name: 'MCP completion/complete, no match',
      request: (n) =>
        modern('completion/complete', { ref: { type: 'ref/resource', uri: 'reviews://review/{id}' }, argument: { name: 'id', value: `zz-none-${n}` } }, n),
    },
    {
      name: 'MCP completion/complete, all ids',
      request: (n) =>
        modern(
          'completion/complete',
          { ref: { type: 'ref/resource', uri: 'reviews://review/{id}' }, argument: { name: 'id', value: ['', 'g', 't', 'r'][n % 4] as string } },
          n,
        ),
    },
    { name: 'MCP unknown method', request: (n) => modern('prompts/list', {}, n) },
    // MCP, 2025 sessions and what is refused before any
    { name: 'MCP initialize (2025 session)', request: (n) => ({ path: PATHS.mcp, init: json(initialize(n)) }) },
    {
      name: 'MCP junk session id',
      request: (n) => ({
        path: PATHS.mcp,
        init: json({ jsonrpc: '2.0', id: n, method: 'ping' }, { 'mcp-session-id': `junk-${n}`, 'mcp-protocol-version': LEGACY }),
      }),
    },
    { name: 'MCP no session', request: (n) => ({ path: PATHS.mcp, init: json({ jsonrpc: '2.0', id: n, method: 'tools/list' }) }) },
    { name: 'MCP array of 16,000 {}', request: () => ({ path: PATHS.mcp, init: json(`[${Array(16_000).fill('{}').join(',')}]`) }) },
    {
      name: 'MCP batch of 32 initialize-like',
      request: (n) => ({ path: PATHS.mcp, init: json(Array.from({ length: 32 }, (_, i) => ({ jsonrpc: '2.0', id: n * 100 + i, method: 'ping' }))) }),
    },
    { name: 'MCP parse error', request: () => ({ path: PATHS.mcp, init: json('{"jsonrpc": "2.0", "id": 1, "method": ') }) },
    { name: 'MCP nested 20,000 deep', request: () => ({ path: PATHS.mcp, init: json(`${'['.repeat(20_000)}${']'.repeat(20_000)}`) }) },
    { name: 'MCP 413', request: () => ({ path: PATHS.mcp, init: json({ ...initialize(1), padding: 'x'.repeat(70_000) }) }) },
    { name: 'MCP GET without session', request: () => ({ path: PATHS.mcp, init: { headers: { accept: 'text/event-stream' } } }) },
    { name: 'MCP 403 origin', request: (n) => ({ path: PATHS.mcp, init: json(initialize(n), { origin: 'https://evil.example' }) }) },
    // the hub
    {
      name: 'hub subscribe',
      request: (n) => ({ path: PATHS.hub, init: form({ 'hub.mode': 'subscribe', 'hub.callback': `https://cb${n}.example.com/cb`, 'hub.topic': topic }) }),
    },
    {
      name: 'hub unsubscribe',
      request: (n) => ({ path: PATHS.hub, init: form({ 'hub.mode': 'unsubscribe', 'hub.callback': `https://cb${n}.example.com/cb`, 'hub.topic': topic }) }),
    },
    {
      name: 'hub private callback',
      request: (n) => ({
        path: PATHS.hub,
        init: form({ 'hub.mode': 'subscribe', 'hub.callback': `https://[::ffff:0:7f00:${n % 255}]/cb`, 'hub.topic': topic }),
      }),
    },
    { name: 'hub publish ping', request: () => ({ path: PATHS.hub, init: form({ 'hub.mode': 'publish', 'hub.url': `${f.site}/reviews.json` }) }) },
    {
      name: 'hub publish, bad signature',
      request: (n) => ({
        path: PATHS.hub,
        init: {
          ...form({ 'hub.mode': 'publish', 'hub.url': `${f.site}/reviews.json` }),
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-hub-publish-signature': `t=${n},sha256=00` },
        },
      }),
    },
    { name: 'hub bad form', request: (n) => ({ path: PATHS.hub, init: form({ 'hub.mode': `nope${n}` }) }) },
    { name: 'hub 415', request: () => ({ path: PATHS.hub, init: { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' } }) },
    { name: 'hub 413', request: () => ({ path: PATHS.hub, init: form({ 'hub.mode': 'subscribe', pad: 'x'.repeat(9000) }) }) },
    { name: 'hub GET (405)', request: () => ({ path: PATHS.hub }) },
  ];
  return kinds;
}
