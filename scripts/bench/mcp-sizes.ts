// What an agent pays for each MCP answer: bytes of the JSON-RPC response on the stateless
// 2026-07-28 path, with the default arguments, on a business of the held-out set's size.
// Tokens are estimated at 4 bytes each (a common rule of thumb for English and JSON).
import { join } from 'node:path';
import { build, generate, type Server, startSidecar, table, tempDir } from './lib.ts';

const MODERN = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench-mcp-sizes', version: '1.0.0' },
};
const KB = 1024;
const TARGETS = { list: 10 * KB, answer: 16 * KB };

async function rpc(server: Server, method: string, params: Record<string, unknown> = {}): Promise<{ bytes: number; result: Record<string, unknown> }> {
  const name = typeof params.name === 'string' ? params.name : undefined;
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

export async function reportMcpSizes(reviewCount: number): Promise<boolean> {
  const dir = tempDir('mcp-sizes');
  generate(join(dir, 'content'), reviewCount);
  build({ CONTENT_DIR: join(dir, 'content'), OUT_DIR: join(dir, 'dist') });
  const server = await startSidecar(join(dir, 'dist'));
  try {
    const rows: Record<string, string | number>[] = [];
    let ok = true;
    const row = (what: string, bytes: number, target: number) => {
      ok &&= bytes <= target;
      rows.push({
        what,
        bytes: bytes.toLocaleString('en-US'),
        '~tokens': Math.round(bytes / 4).toLocaleString('en-US'),
        target: `≤ ${target / KB} KB`,
        met: bytes <= target ? 'yes' : 'NO',
      });
    };
    const list = await rpc(server, 'tools/list');
    row('tools/list', list.bytes, TARGETS.list);
    const reviews = (await (await fetch(`${server.url}/reviews.json`)).json()) as { reviews: { id: string; date: string }[] };
    const defaults: Record<string, Record<string, unknown>> = {
      get_review: { id: reviews.reviews[0]?.id },
      get_reviews_since: { date: reviews.reviews.at(-1)?.date },
    };
    for (const tool of (list.result.tools as { name: string }[]).map((t) => t.name)) {
      const call = await rpc(server, 'tools/call', { name: tool, arguments: defaults[tool] ?? {} });
      if (call.result.isError) throw new Error(`${tool} failed with its default arguments`);
      row(`tools/call ${tool} ${JSON.stringify(defaults[tool] ?? {})}`, call.bytes, TARGETS.answer);
    }
    for (const section of ['aspects', 'entities', 'topics', 'faq', 'summary']) {
      const call = await rpc(server, 'tools/call', { name: 'get_insights', arguments: { section } });
      rows.push({
        what: `tools/call get_insights {"section":"${section}"}`,
        bytes: call.bytes.toLocaleString('en-US'),
        '~tokens': Math.round(call.bytes / 4).toLocaleString('en-US'),
        target: '(on request)',
        met: '',
      });
    }
    console.log(`\nMCP answer sizes, ${reviewCount.toLocaleString('en-US')} generated reviews, 2026-07-28 path, whole JSON-RPC response:`);
    table(rows);
    return ok;
  } finally {
    await server.stop();
  }
}
