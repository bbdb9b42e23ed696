// What an agent pays for each MCP answer: bytes of the JSON-RPC response on the stateless
// 2026-07-28 path, with the default arguments, on a business of the held-out set's size, and
// on the same business whose newest review is 10,000 characters long. Then the MCP App's
// weight and time to first render (mcp-app.ts). Tokens are estimated at 4 bytes each (a
// common rule of thumb for English and JSON).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build, generate, type Server, startSidecar, table, tempDir } from '../shared/lib.ts';
import { reportMcpApp } from './mcp-app.ts';

const MODERN = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench-mcp-sizes', version: '1.0.0' },
};
const KB = 1024;
const TARGETS = { list: 10 * KB, answer: 16 * KB };

async function rpc(server: Server, method: string, params: Record<string, unknown> = {}): Promise<{ bytes: number; result: Record<string, unknown> }> {
  const name = method === 'resources/read' ? (params.uri as string) : typeof params.name === 'string' ? params.name : undefined;
  const res = await fetch(`${server.url}/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(name ? { 'mcp-name': name } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: META } }),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${name ?? ''}: HTTP ${res.status} ${body.slice(0, 200)}`);
  return { bytes: Buffer.byteLength(body), result: (JSON.parse(body) as { result: Record<string, unknown> }).result };
}

/** The answers' table for one running sidecar; false when a target is missed. */
async function answerSizes(server: Server, label: string): Promise<boolean> {
  const rows: Record<string, string | number>[] = [];
  let ok = true;
  const row = (what: string, bytes: number, target: number | undefined) => {
    if (target !== undefined) ok &&= bytes <= target;
    rows.push({
      what,
      bytes: bytes.toLocaleString('en-US'),
      '~tokens': Math.round(bytes / 4).toLocaleString('en-US'),
      target: target === undefined ? '(on request)' : `≤ ${target / KB} KB`,
      met: target === undefined ? '' : bytes <= target ? 'yes' : 'NO',
    });
  };
  const list = await rpc(server, 'tools/list');
  const tools = list.result.tools as { name: string; _meta?: unknown }[];
  row('tools/list', list.bytes, TARGETS.list);
  const links = tools.reduce((n, t) => n + (t._meta === undefined ? 0 : Buffer.byteLength(`,"_meta":${JSON.stringify(t._meta)}`)), 0);
  rows.push({
    what: `  of which the app's _meta.ui.resourceUri (${tools.filter((t) => t._meta).length} tools)`,
    bytes: links.toLocaleString('en-US'),
    '~tokens': '',
    target: '',
    met: '',
  });
  const reviews = (await (await fetch(`${server.url}/reviews.json`)).json()) as { reviews: { id: string; date: string; text: string }[] };
  const longest = reviews.reviews.reduce((a, b) => (b.text.length > a.text.length ? b : a));
  const defaults: Record<string, Record<string, unknown>> = {
    // an ordinary review; the long one is read whole below, on request
    get_review: { id: reviews.reviews.find((r) => r !== longest)?.id },
    get_reviews_since: { date: reviews.reviews.at(-1)?.date },
  };
  for (const tool of tools.map((t) => t.name)) {
    const call = await rpc(server, 'tools/call', { name: tool, arguments: defaults[tool] ?? {} });
    if (call.result.isError) throw new Error(`${tool} failed with its default arguments`);
    row(`tools/call ${tool} ${JSON.stringify(defaults[tool] ?? {})}`, call.bytes, TARGETS.answer);
  }
  if (longest.text.length > 1000) {
    const whole = await rpc(server, 'tools/call', { name: 'get_review', arguments: { id: longest.id } });
    row(`tools/call get_review {"id":"${longest.id}"} (the ${longest.text.length.toLocaleString('en-US')}-character review, whole)`, whole.bytes, undefined);
  }
  for (const section of ['aspects', 'entities', 'topics', 'faq', 'summary']) {
    const call = await rpc(server, 'tools/call', { name: 'get_insights', arguments: { section } });
    row(`tools/call get_insights {"section":"${section}"}`, call.bytes, undefined);
  }
  console.log(`\nMCP answer sizes, ${label}, 2026-07-28 path, whole JSON-RPC response:`);
  table(rows);
  return ok;
}

/** The same content with its newest review 10,000 characters long. */
function withLongReview(content: string, into: string): string {
  cpSync(content, into, { recursive: true });
  const file = join(into, 'reviews.json');
  const reviews = JSON.parse(readFileSync(file, 'utf8')) as { id: string; date: string; text: string }[];
  const newest = reviews.reduce((a, b) => (b.date > a.date || (b.date === a.date && b.id > a.id) ? b : a));
  let text = '';
  for (let i = 1; text.length < 10_000; i++) text += `Visit ${i}: the technician checked the furnace, the vents and the thermostat, and explained each step. `;
  newest.text = text.slice(0, 10_000).trimEnd().padEnd(10_000, '.');
  writeFileSync(file, JSON.stringify(reviews, null, 1));
  return into;
}

export async function reportMcpSizes(reviewCount: number): Promise<boolean> {
  const dir = tempDir('mcp-sizes');
  generate(join(dir, 'content'), reviewCount);
  build({ CONTENT_DIR: join(dir, 'content'), OUT_DIR: join(dir, 'dist') });
  build({ CONTENT_DIR: withLongReview(join(dir, 'content'), join(dir, 'long')), OUT_DIR: join(dir, 'long-dist') });
  const count = reviewCount.toLocaleString('en-US');
  let ok = true;
  const server = await startSidecar(join(dir, 'dist'));
  try {
    ok = (await answerSizes(server, `${count} generated reviews`)) && ok;
    ok = (await reportMcpApp((method, params) => rpc(server, method, params))) && ok;
  } finally {
    await server.stop();
  }
  const long = await startSidecar(join(dir, 'long-dist'));
  try {
    ok = (await answerSizes(long, `the same ${count} reviews, the newest 10,000 characters long`)) && ok;
  } finally {
    await long.stop();
  }
  return ok;
}
