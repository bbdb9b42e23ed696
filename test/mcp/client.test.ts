// The SDK's own Client over StreamableHTTPClientTransport against the real sidecar on port 0.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { BusinessSchema } from '../../src/core/schemas/business.ts';
import { AggregateRatingSchema } from '../../src/core/schemas/documents.ts';
import type { InsightsDocument } from '../../src/core/schemas/insights.ts';
import { ReviewSchema } from '../../src/core/schemas/review.ts';
import { SearchResultSchema } from '../../src/core/schemas/search.ts';
import { SearchParamsShape } from '../../src/core/search/params.ts';
import { buildOrThrow } from '../helpers/build.ts';
import { SAMPLE_CONTENT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { type McpTestServer, post, SITE_URL, startMcpServer } from '../helpers/mcp.ts';

interface Review {
  id: string;
  date: string;
  rating: number;
  technicians: string[];
  services: string[];
}
interface Dataset {
  business: { name: string; services: { id: string }[] };
  aggregate_rating: unknown;
  reviews: Review[];
}

let mcp: McpTestServer;
let data: Dataset;
let client: Client;
let transport: StreamableHTTPClientTransport;

async function connect(): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
  const c = new Client({ name: 'vitest-client', version: '1.0.0' });
  const t = new StreamableHTTPClientTransport(new URL(mcp.mcpUrl));
  await c.connect(t);
  return { client: c, transport: t };
}

const call = (name: string, args: Record<string, unknown> = {}) => client.callTool({ name, arguments: args }) as Promise<CallToolResult>;
const text = (result: CallToolResult) => (result.content[0] as { type: 'text'; text: string }).text;
const getJson = async (path: string) => (await fetch(`${mcp.server.url}${path}`)).json();

/** A successful result: structuredContent, and the same JSON as its one text block. */
function structured(result: CallToolResult): Record<string, unknown> {
  expect(result.isError ?? false).toBe(false);
  expect(result.content).toHaveLength(1);
  expect(JSON.parse(text(result))).toEqual(result.structuredContent);
  return result.structuredContent as Record<string, unknown>;
}

beforeAll(async () => {
  // its own build: a test below publishes another build into it
  const out = join(tempDir('mcp-client'), 'dist');
  buildOrThrow({ CONTENT_DIR: SAMPLE_CONTENT, OUT_DIR: out, SITE_URL });
  mcp = await startMcpServer({}, out);
  data = (await getJson('/reviews.json')) as Dataset;
  ({ client, transport } = await connect());
});
afterAll(async () => {
  await client?.close();
  await mcp?.server.stop();
});

describe('MCP over the SDK client', () => {
  it('initializes with a random visible-ASCII session id, the server info and capabilities', () => {
    expect(transport.sessionId).toMatch(/^[\x21-\x7e]{32,}$/);
    expect(client.getServerVersion()).toMatchObject({ name: 'reviews-service' });
    expect(client.getServerCapabilities()).toMatchObject({ tools: {}, resources: {}, completions: {} });
    expect(client.getInstructions()).toContain(data.business.name);
  });

  it('lists the five read-only tools with titles, descriptions, input and output schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['get_business', 'get_insights', 'get_review', 'get_reviews_since', 'search_reviews']);
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.description?.length).toBeGreaterThan(100);
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
    }
    const search = tools.find((t) => t.name === 'search_reviews');
    // every parameter of GET /api/reviews/search, from the one shared schema
    expect(Object.keys(search?.inputSchema.properties ?? {})).toEqual([...Object.keys(SearchParamsShape), 'fields']);
    expect(search?.outputSchema?.required).toEqual(['total', 'count', 'limit', 'offset', 'next_offset', 'reviews']);
    // compact: the caller's constraints stay, what only the server's own validator needs goes
    expect(search?.inputSchema.properties?.limit).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
    expect(JSON.stringify(tools)).not.toContain('\\u0000');
    // what an agent reads before asking anything (docs/mcp.md, "What an agent pays"); data-independent
    expect(Buffer.byteLength(JSON.stringify({ tools }))).toBeLessThanOrEqual(10.5 * 1024);
    const review = tools.find((t) => t.name === 'get_review');
    expect(Object.keys(review?.outputSchema?.properties ?? {})).toEqual(Object.keys(ReviewSchema.shape));
  });

  it('get_business returns the business, the aggregate rating with its distribution and the reviews per kind of evidence', async () => {
    const result = structured(await call('get_business'));
    const evidence = { job: 0, platform: 0, owner: 0, none: 0 };
    for (const r of data.reviews as { evidence?: { kind: 'job' | 'platform' | 'owner' } }[]) evidence[r.evidence?.kind ?? 'none'] += 1;
    // the sample's reviewers are verified by their matched jobs (tools/sample/jobs.ts)
    expect(evidence.job).toBeGreaterThan(0);
    expect(evidence.none).toBeGreaterThan(0);
    expect(result).toEqual({ business: data.business, aggregate_rating: data.aggregate_rating, evidence });
    expect(BusinessSchema.safeParse(result.business).success).toBe(true);
    expect(AggregateRatingSchema.parse(result.aggregate_rating).distribution).toBeDefined();
  });

  it('search_reviews filters by verified: with evidence, or without', async () => {
    const all = data.reviews as { id: string; evidence?: unknown }[];
    for (const verified of [true, false]) {
      const result = structured(await call('search_reviews', { verified, limit: 100, fields: ['evidence'] }));
      const expected = all.filter((r) => (r.evidence !== undefined) === verified);
      expect(result.total).toBe(expected.length);
      expect((result.reviews as { id: string }[]).map((r) => r.id)).toEqual(expected.slice(0, 100).map((r) => r.id));
    }
  });

  it('get_business refuses arguments it does not take', async () => {
    const result = await call('get_business', { verbose: true });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/verbose/);
  });

  it('search_reviews gives exactly what GET /api/reviews/search gives for the same query', async () => {
    const technician = data.reviews.find((r) => r.technicians.length > 0)?.technicians[0] as string;
    const service = data.business.services[0]?.id as string;
    const cases: [Record<string, unknown>, string][] = [
      [{}, ''],
      [{ rating: 5, limit: 7, offset: 3 }, 'rating=5&limit=7&offset=3'],
      [{ min_rating: 2.5, sort: 'lowest', limit: 10 }, 'min_rating=2.5&sort=lowest&limit=10'],
      [{ query: 'on time', sort: 'oldest' }, 'query=on%20time&sort=oldest'],
      [
        { mentions_technician: technician, since: '2025-01-01', until: '2026-06-30' },
        `mentions_technician=${encodeURIComponent(technician)}&since=2025-01-01&until=2026-06-30`,
      ],
      [{ mentions_service: service, min_rating: 4, sort: 'highest' }, `mentions_service=${service}&min_rating=4&sort=highest`],
    ];
    for (const [args, qs] of cases) {
      const result = structured(await call('search_reviews', args));
      // the tool's default page is 10 reviews, the HTTP endpoint's 20
      expect(result).toEqual(await getJson(`/api/reviews/search?${qs}${'limit' in args ? '' : '&limit=10'}`));
      expect(SearchResultSchema.safeParse(result).success).toBe(true);
    }
  });

  it('search_reviews takes the names an agent uses, and names the candidates when one fits several or none', async () => {
    const jose = structured(await call('search_reviews', { mentions_technician: 'José', mentions_service: 'Furnace Repair' }));
    expect(jose).toEqual(
      await getJson(`/api/reviews/search?mentions_technician=${encodeURIComponent('José Martínez')}&mentions_service=furnace-repair&limit=10`),
    );
    expect((jose as { total: number }).total).toBeGreaterThan(0);
    const mike = await call('search_reviews', { mentions_technician: 'Mike' });
    expect(mike.isError).toBe(true);
    expect(text(mike)).toContain('"Mike Reyes"');
    expect(text(mike)).toContain('"Mike Okafor"');
    const unknown = await call('search_reviews', { mentions_technician: 'Thomas', service_area: 'Denver' });
    expect(unknown.isError).toBe(true);
    expect(text(unknown)).toMatch(/mentions_technician: "Thomas" is not a technician.*"José Martínez"/);
    expect(text(unknown)).toMatch(/service_area: "Denver" is not a service area.*"Cañon City"/);
  });

  it('search_reviews pages through every match instead of truncating', async () => {
    const ids: string[] = [];
    let total = Number.POSITIVE_INFINITY;
    for (let offset = 0; offset < total; offset += 100) {
      const page = structured(await call('search_reviews', { min_rating: 1, limit: 100, offset })) as { total: number; count: number; reviews: Review[] };
      total = page.total;
      expect(page.count).toBe(Math.min(100, total - offset));
      ids.push(...page.reviews.map((r) => r.id));
    }
    expect(total).toBe(data.reviews.length);
    expect(ids).toEqual(data.reviews.map((r) => r.id));
    const over = await call('search_reviews', { limit: 101 });
    expect(over.isError).toBe(true);
  });

  it('search_reviews answers invalid arguments with an isError result listing every issue', async () => {
    const result = await call('search_reviews', { rating: 7, since: '2025-02-30', sort: 'best', colour: 'red' });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toBeUndefined();
    const message = text(result);
    for (const name of ['rating', 'since', 'sort', 'colour']) expect(message).toContain(name);
    const range = await call('search_reviews', { since: '2026-02-01', until: '2026-01-01' });
    expect(range.isError).toBe(true);
    expect(text(range)).toMatch(/since must not be after until/);
    const types = await call('search_reviews', { limit: '5', query: '   ' });
    expect(types.isError).toBe(true);
    expect(text(types)).toMatch(/limit/);
    expect(text(types)).toMatch(/query/);
    for (const query of ['\u0301', '\u{fe0f}', '\u200b']) {
      const nothing = await call('search_reviews', { query });
      expect(nothing.isError, JSON.stringify(query)).toBe(true);
      expect(text(nothing)).toMatch(/nothing|to search for/);
      expect(text(nothing)).toMatch(/query/);
    }
  });

  it('get_review returns one review, and an isError result naming an unknown id', async () => {
    const review = data.reviews[3] as Review;
    const result = structured(await call('get_review', { id: review.id }));
    expect(result).toEqual(review);
    expect(ReviewSchema.safeParse(result).success).toBe(true);
    const missing = await call('get_review', { id: 'r-999999' });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toContain('r-999999');
    const invalid = await call('get_review', { id: '../etc/passwd' });
    expect(invalid.isError).toBe(true);
    expect(text(invalid)).toMatch(/id/);
  });

  it('get_reviews_since pages the since document', async () => {
    const date = (data.reviews[150] as Review).date;
    const since = (await getJson(`/api/reviews/since/${date}`)) as { count: number; reviews: Review[] };
    const first = structured(await call('get_reviews_since', { date }));
    expect(first).toEqual({ since: date, total: since.count, count: 10, limit: 10, offset: 0, next_offset: 10, reviews: since.reviews.slice(0, 10) });
    const later = structured(await call('get_reviews_since', { date, limit: 100, offset: 140 }));
    expect(later).toMatchObject({ total: since.count, count: Math.min(100, since.count - 140), offset: 140, next_offset: since.count > 240 ? 240 : null });
    expect(later.reviews).toEqual(since.reviews.slice(140, 240));
    const future = structured(await call('get_reviews_since', { date: '2999-01-01' }));
    expect(future).toMatchObject({ total: 0, count: 0, next_offset: null, reviews: [] });
    // fields: id and the fields asked for, nothing else
    const brief = structured(await call('get_reviews_since', { date, fields: ['rating', 'date'] })) as { reviews: Record<string, unknown>[] };
    expect(brief.reviews).toEqual(since.reviews.slice(0, 10).map((r) => ({ id: r.id, date: r.date, rating: r.rating })));
    const unknownField = await call('get_reviews_since', { date, fields: ['colour'] });
    expect(unknownField.isError).toBe(true);
    const bad = await call('get_reviews_since', { date: '2025-13-01' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/date/);
  });

  it('get_insights returns the insights dataset, or one section of it', async () => {
    const insights = (await getJson('/insights.json')) as InsightsDocument;
    const overview = structured(await call('get_insights')) as Record<string, unknown>;
    expect(overview).toMatchObject({ summary: insights.summary, coverage: insights.coverage, method: insights.method });
    expect(overview.aspects).toEqual(insights.aspects.map(({ definition: _d, trend: _t, quotes: _q, ...a }) => a));
    expect(overview.topics).toEqual(insights.topics.map((t) => ({ phrase: t.phrase, reviews: t.reviews })));
    const tech = insights.entities.technicians[0] as InsightsDocument['entities']['technicians'][number];
    expect((overview.entities as InsightsDocument['entities']).technicians[0]).toEqual({
      name: tech.name,
      mentions: tech.mentions,
      mean_rating: tech.mean_rating,
      sentiment: { score: tech.sentiment.score },
    });
    expect(overview.more).toMatch(/section/);
    for (const section of ['entities', 'topics', 'faq', 'summary', 'coverage'] as const) {
      expect(structured(await call('get_insights', { section }))).toEqual({ [section]: insights[section] });
    }
    // the aspects in full, without quarters that mention nothing, or narrowed to one aspect and period
    const withoutEmptyQuarters = insights.aspects.map((a) => ({ ...a, trend: a.trend.filter((q) => q.mentions > 0) }));
    expect(structured(await call('get_insights', { section: 'aspects' }))).toEqual({ aspects: withoutEmptyQuarters });
    const quarter = withoutEmptyQuarters[0]?.trend.at(-1)?.quarter as string;
    const one = structured(await call('get_insights', { aspect: insights.aspects[0]?.id, period: quarter })) as InsightsDocument;
    expect(one.aspects).toHaveLength(1);
    expect(one.aspects[0]?.trend.map((q) => q.quarter)).toEqual([quarter]);
    const year = structured(await call('get_insights', { period: quarter.slice(0, 4) })) as InsightsDocument;
    for (const a of year.aspects) for (const q of a.trend) expect(q.quarter.startsWith(quarter.slice(0, 4))).toBe(true);
    const clash = await call('get_insights', { section: 'topics', aspect: 'pricing' });
    expect(clash.isError).toBe(true);
    const bad = await call('get_insights', { section: 'everything' });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/section/);
  });

  it('lists and reads the datasets as resources, with the same bytes as HTTP', async () => {
    const { resources: all } = await client.listResources();
    const paths = ['/reviews.json', '/insights.json', '/api/feed.json'];
    // the MCP App comes last (test/mcp/app.test.ts reads it)
    expect(all.map((r) => r.uri)).toEqual([...paths.map((p) => `${SITE_URL}${p}`), 'ui://reviews/app.html']);
    const resources = all.slice(0, -1);
    for (const resource of resources) {
      expect(resource).toMatchObject({ mimeType: 'application/json' });
      expect(resource.title).toBeTruthy();
      const { contents } = await client.readResource({ uri: resource.uri });
      const body = await (await fetch(`${mcp.server.url}${new URL(resource.uri).pathname}`)).text();
      expect(contents).toEqual([{ uri: resource.uri, mimeType: 'application/json', text: body }]);
    }
    // the MCP App is the built /mcp-app/, served with its ETag like any built file
    const manifest = JSON.parse(readFileSync(join(mcp.outDir, 'manifest.json'), 'utf8')) as Manifest;
    const file = await fetch(`${mcp.server.url}/mcp-app/`);
    expect(file.headers.get('etag')).toBe(manifest.resources['/mcp-app/']?.etag);
    const { contents } = await client.readResource({ uri: 'ui://reviews/app.html' });
    expect(contents).toEqual([
      { uri: 'ui://reviews/app.html', mimeType: 'text/html;profile=mcp-app', text: await file.text(), _meta: { ui: { prefersBorder: true } } },
    ]);
  });

  it('reads one review through the resource template and completes its id', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([expect.objectContaining({ name: 'review', uriTemplate: 'reviews://review/{id}', mimeType: 'application/json' })]);
    const review = data.reviews[0] as Review;
    const { contents } = await client.readResource({ uri: `reviews://review/${review.id}` });
    expect(JSON.parse((contents[0] as { text: string }).text)).toEqual(review);
    await expect(client.readResource({ uri: 'reviews://review/r-999999' })).rejects.toMatchObject({ code: -32002 });

    const prefix = review.id.slice(0, -2);
    const matching = data.reviews.map((r) => r.id).filter((id) => id.startsWith(prefix));
    const { completion } = await client.complete({ ref: { type: 'ref/resource', uri: 'reviews://review/{id}' }, argument: { name: 'id', value: prefix } });
    expect(completion.values).toEqual(matching.slice(0, 100));
    expect(completion.total).toBe(matching.length);
    const all = await client.complete({ ref: { type: 'ref/resource', uri: 'reviews://review/{id}' }, argument: { name: 'id', value: '' } });
    expect(all.completion).toMatchObject({ total: data.reviews.length, hasMore: true });
    expect(all.completion.values).toHaveLength(100);
  });

  it('answers ping', async () => {
    await expect(client.ping()).resolves.toEqual({});
  });
});

describe('ending and publishing', () => {
  it('DELETE ends the session; the next request with its id is refused with 404', async () => {
    const session = await connect();
    const id = session.transport.sessionId as string;
    await session.client.listTools();
    await session.transport.terminateSession();
    const raw = await post(mcp.mcpUrl, { jsonrpc: '2.0', id: 9, method: 'tools/list' }, { 'mcp-session-id': id, 'mcp-protocol-version': '2025-06-18' });
    expect(raw.status).toBe(404);
    // a client that still holds the id is refused the same way
    const staleTransport = new StreamableHTTPClientTransport(new URL(mcp.mcpUrl), { sessionId: id });
    await staleTransport.start();
    const error = await staleTransport.send({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamableHTTPError);
    expect((error as StreamableHTTPError).code).toBe(404);
    await staleTransport.close();
    await session.client.close();
  });

  it('a publish mid-session is seen by the next call, each call reading one build', async () => {
    const session = await connect();
    const before = (await session.client.callTool({ name: 'get_business', arguments: {} })) as CallToolResult;
    expect((before.structuredContent as unknown as Dataset).business.name).toBe(data.business.name);
    buildOrThrow({ CONTENT_DIR: SMALL_CONTENT, OUT_DIR: mcp.outDir, SITE_URL });
    const small = (await import('../fixtures/small/business.json', { with: { type: 'json' } })).default as { name: string };
    await expect.poll(async () => ((await getJson('/reviews.json')) as Dataset).business.name, { timeout: 10_000 }).toBe(small.name);
    const after = (await session.client.callTool({ name: 'get_business', arguments: {} })) as CallToolResult;
    expect((after.structuredContent as unknown as Dataset).business.name).toBe(small.name);
    const search = (await session.client.callTool({ name: 'search_reviews', arguments: { limit: 100 } })) as CallToolResult;
    expect((search.structuredContent as { total: number }).total).toBe(((await getJson('/reviews.json')) as Dataset).reviews.length);
    await session.client.close();
  });
});
