// One set of tool definitions feeds every path: each tool, with good and bad arguments, gives
// the same result through SDK 1.32.2's own dispatch (in-process reference), the v1 SDK client
// over HTTP (2025 session), the official v2 client pinned to 2026-07-28 and in auto mode, and
// raw HTTP in both eras.
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../sidecar/mcp/server.ts';
import { watchResources } from '../../sidecar/mcp/watch.ts';
import { liveSite } from '../../sidecar/runtime/node/live-site.ts';
import type { LiveSite } from '../../sidecar/site/live-site.ts';
import { type McpTestServer, MODERN, modernPost, openSession, post, sessionHeaders, startMcpServer } from '../helpers/mcp.ts';

type Args = Record<string, unknown>;
interface Outcome {
  content: unknown;
  structuredContent?: unknown;
  isError: boolean;
}
type Caller = (name: string, args: Args) => Promise<Outcome>;

let mcp: McpTestServer;
let site: LiveSite;
const closers: (() => Promise<unknown>)[] = [];
const callers = new Map<string, Caller>();

const outcome = (r: Record<string, unknown> | undefined): Outcome => ({
  content: r?.content,
  ...(r?.structuredContent === undefined ? {} : { structuredContent: r.structuredContent }),
  isError: r?.isError === true,
});

beforeAll(async () => {
  mcp = await startMcpServer();
  const reviews = (await (await fetch(`${mcp.server.url}/reviews.json`)).json()) as { reviews: { id: string; date: string }[] };
  CASES.push(['get_review', { id: reviews.reviews[3]?.id }], ['get_reviews_since', { date: reviews.reviews[10]?.date, limit: 5 }]);

  // the reference: SDK 1.32.2's McpServer dispatching the same definitions, in-process
  site = liveSite(mcp.outDir, 0);
  const server = createMcpServer({ site, watch: watchResources(site) });
  const [a, b] = InMemoryTransport.createLinkedPair();
  const reference = new Client({ name: 'reference', version: '1' });
  await Promise.all([server.connect(a), reference.connect(b)]);
  closers.push(
    () => reference.close(),
    () => server.close(),
  );
  callers.set('SDK 1.32.2 in-process', async (name, args) => outcome(await reference.callTool({ name, arguments: args })));

  const v1 = new Client({ name: 'v1', version: '1' });
  await v1.connect(new StreamableHTTPClientTransport(new URL(mcp.mcpUrl)));
  closers.push(() => v1.close());
  callers.set('v1 client, 2025 session', async (name, args) => outcome(await v1.callTool({ name, arguments: args })));

  for (const [label, mode] of [
    ['v2 client pinned 2026-07-28', { pin: MODERN }],
    ['v2 client auto', 'auto'],
  ] as const) {
    const v2 = new ClientV2({ name: 'v2', version: '1' }, { versionNegotiation: { mode } });
    await v2.connect(new TransportV2(new URL(mcp.mcpUrl)));
    expect(v2.getNegotiatedProtocolVersion()).toBe(MODERN);
    closers.push(() => v2.close());
    callers.set(label, async (name, args) => outcome((await v2.callTool({ name, arguments: args })) as Record<string, unknown>));
  }

  callers.set('raw HTTP 2026-07-28', async (name, args) => outcome((await modernPost(mcp.mcpUrl, 'tools/call', { name, arguments: args })).message?.result));
  const session = await openSession(mcp.mcpUrl, '2025-11-25');
  let id = 0;
  callers.set('raw HTTP 2025 session', async (name, args) => {
    const res = await post(
      mcp.mcpUrl,
      { jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } },
      sessionHeaders(session, '2025-11-25'),
    );
    return outcome(res.message?.result);
  });
});

afterAll(async () => {
  for (const close of closers) await close().catch(() => {});
  site?.close();
  await mcp?.server.stop();
});

const CASES: [string, Args][] = [
  ['get_business', {}],
  ['search_reviews', { min_rating: 4, limit: 20 }],
  ['search_reviews', { query: 'on time', sort: 'lowest', limit: 3 }],
  ['search_reviews', { rating: 9, nope: true }],
  ['search_reviews', { since: '2026-01-01', until: '2025-01-01' }],
  ['get_review', { id: 'no-such-review' }],
  ['get_reviews_since', { date: 'yesterday' }],
  ['get_insights', {}],
  ['get_insights', { section: 'summary' }],
  ['get_business', { extra: 1 }],
];

describe('every tool gives the same result through every path', () => {
  it('matches the in-process SDK reference on every path, for good and bad arguments', async () => {
    expect(callers.size).toBe(6);
    let errors = 0;
    for (const [name, args] of CASES) {
      const results = new Map<string, Outcome>();
      for (const [label, call] of callers) results.set(label, await call(name, args));
      const reference = results.get('SDK 1.32.2 in-process') as Outcome;
      if (reference.isError) errors += 1;
      else expect(reference.structuredContent).toBeTruthy();
      for (const [label, result] of results) expect({ label, name, args, result }).toEqual({ label, name, args, result: reference });
    }
    // the cases include both kinds
    expect(errors).toBeGreaterThanOrEqual(4);
    expect(errors).toBeLessThan(CASES.length);
  });
});
