// npm run bench:soak: the sidecar under a mixed load for SOAK_SECONDS (default 120; the
// issue's figure is 600) at BENCH_REVIEWS (default 20,000) generated reviews, reporting its
// RSS at the start, after 1 minute and at the end, the slope over the last 5 minutes (or the
// last half of a shorter run), requests and errors. The mix: built files (some with
// If-None-Match), since dates pre-rendered and not, varied search, MCP tools/call on the
// stateless 2026-07-28 path and in 2025 sessions, half of them abandoned without DELETE,
// HEAD and OPTIONS. The baseline is the same sidecar's RSS once started and warmed, in this run.
// BENCH_OUT_DIR reuses a build made earlier (of the same content); the sidecar's settings (cache sizes,
// MCP_MAX_SESSIONS) come from the environment as usual.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { envNumber } from '../shared/env.ts';
import { build, generate, rssMb, startSidecar, table, tempDir } from '../shared/lib.ts';

const seconds = envNumber('SOAK_SECONDS', 120);
const count = envNumber('BENCH_REVIEWS', 20000);
const workers = envNumber('SOAK_CONNECTIONS', 8);
const SITE = 'https://reviews.example';
const ACCEPT = 'application/json, text/event-stream';
const LEGACY = '2025-06-18';
const MODERN = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': MODERN,
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'bench-soak', version: '1' },
};
/** The session cap; the per-client limit is raised to it (every session here comes from one address). */
const SESSION_CAP = envNumber('MCP_MAX_SESSIONS', 1000);

let out = process.env.BENCH_OUT_DIR ?? '';
if (out === '') {
  const dir = tempDir('soak');
  generate(join(dir, 'content'), count);
  out = join(dir, 'dist');
  build({ CONTENT_DIR: join(dir, 'content'), OUT_DIR: out, SITE_URL: SITE });
}
const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
const paths = Object.keys(manifest.resources);
const reviews = (JSON.parse(readFileSync(join(out, 'site', 'reviews.json'), 'utf8')) as { reviews: Array<{ id: string; date: string }> }).reviews;
const preRendered = new Set(manifest.since_dates);
const oldDates = [...new Set(reviews.map((r) => r.date))].filter((d) => !preRendered.has(d));
const WORDS = ['water', 'heater', 'leak', 'on time', 'friendly', 'price', 'drain', 'furnace', 'clean', 'late', 'rude', 'quote', 'install', 'repair'];

// Every session the load abandons stays until the idle sweep or the cap: all come from one
// address here, so the per-client limit is raised to the cap to measure the worst case.
const sidecar = await startSidecar(out, { SITE_URL: SITE, MCP_MAX_SESSIONS: String(SESSION_CAP), MCP_MAX_SESSIONS_PER_CLIENT: String(SESSION_CAP) });
const pid = sidecar.process.pid as number;
const base = sidecar.url;

let seed = 42;
const random = () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const counts = new Map<string, { requests: number; errors: number }>();
function tally(kind: string, ok: boolean) {
  const c = counts.get(kind) ?? { requests: 0, errors: 0 };
  c.requests += 1;
  if (!ok) c.errors += 1;
  counts.set(kind, c);
}

async function send(kind: string, path: string, init: RequestInit, ok: (status: number) => boolean): Promise<Response | undefined> {
  try {
    const res = await fetch(`${base}${path}`, init);
    await res.arrayBuffer();
    tally(kind, ok(res.status));
    return res;
  } catch {
    tally(kind, false);
    return undefined;
  }
}

const is2xx = (s: number) => s >= 200 && s < 300;
const mcpHeaders = { 'content-type': 'application/json', accept: ACCEPT };

function searchQuery(): string {
  const p = new URLSearchParams({ query: `${pick(WORDS)}${random() < 0.5 ? ` ${pick(WORDS)}` : ''}` });
  if (random() < 0.3) p.set('min_rating', String(1 + Math.floor(random() * 5)));
  if (random() < 0.3) p.set('limit', String(1 + Math.floor(random() * 50)));
  return p.toString();
}

async function legacySession(): Promise<void> {
  const init = await send(
    'mcp 2025',
    '/mcp',
    {
      method: 'POST',
      headers: mcpHeaders,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: LEGACY, capabilities: {}, clientInfo: { name: 'soak', version: '1' } },
      }),
    },
    is2xx,
  );
  const id = init?.headers.get('mcp-session-id');
  if (!id) return;
  const h = { ...mcpHeaders, 'mcp-session-id': id, 'mcp-protocol-version': LEGACY };
  await send('mcp 2025', '/mcp', { method: 'POST', headers: h, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) }, is2xx);
  for (let i = 0; i < 1 + Math.floor(random() * 3); i++) {
    const body = { jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'search_reviews', arguments: { query: pick(WORDS) } } };
    // a session abandoned earlier may have been closed to make room: 404 is its correct answer
    await send('mcp 2025', '/mcp', { method: 'POST', headers: h, body: JSON.stringify(body) }, (s) => is2xx(s) || s === 404);
  }
  if (random() < 0.5) await send('mcp 2025', '/mcp', { method: 'DELETE', headers: h }, (s) => is2xx(s) || s === 404);
}

async function one(): Promise<void> {
  const r = random();
  if (r < 0.3) {
    const path = pick(paths);
    const etag = random() < 0.3 ? manifest.resources[path]?.etag : undefined;
    await send('static', path, { headers: etag ? { 'if-none-match': etag } : {} }, (s) => s === 200 || s === 304);
  } else if (r < 0.4) {
    await send('since pre-rendered', `/api/reviews/since/${pick(manifest.since_dates)}`, {}, is2xx);
  } else if (r < 0.45) {
    await send('since not pre-rendered', `/api/reviews/since/${pick(oldDates)}`, {}, is2xx);
  } else if (r < 0.65) {
    await send('search', `/api/reviews/search?${searchQuery()}`, {}, is2xx);
  } else if (r < 0.8) {
    const call =
      random() < 0.5 ? { name: 'search_reviews', arguments: { query: pick(WORDS), limit: 5 } } : { name: 'get_review', arguments: { id: pick(reviews).id } };
    await send(
      'mcp 2026',
      '/mcp',
      {
        method: 'POST',
        headers: { ...mcpHeaders, 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': call.name },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { ...call, _meta: META } }),
      },
      is2xx,
    );
  } else if (r < 0.9) {
    await legacySession();
  } else if (r < 0.95) {
    await send('HEAD', pick(paths), { method: 'HEAD' }, (s) => s === 200);
  } else {
    await send(
      'OPTIONS',
      pick(['/reviews.json', '/api/reviews/search', '/mcp']),
      { method: 'OPTIONS', headers: { origin: SITE } },
      (s) => s === 204 || s === 200,
    );
  }
}

const samples: Array<{ t: number; rss: number }> = [];
try {
  // warm-up: every kind once, so the start figure includes what any first request builds
  for (let i = 0; i < 50; i++) await one();
  const started = Date.now();
  const sample = () => samples.push({ t: (Date.now() - started) / 1000, rss: rssMb(pid) });
  sample();
  const timer = setInterval(sample, 5000);
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (Date.now() < deadline) await one();
    }),
  );
  clearInterval(timer);
  sample();
  if (sidecar.process.exitCode !== null) throw new Error(`the sidecar exited during the soak:\n${sidecar.output()}`);
} finally {
  await sidecar.stop();
}

const at = (s: number) => samples.reduce((best, x) => (Math.abs(x.t - s) < Math.abs(best.t - s) ? x : best));
const end = samples.at(-1) as { t: number; rss: number };
const windowS = Math.min(300, end.t / 2);
const tail = samples.filter((x) => x.t >= end.t - windowS);
const meanT = tail.reduce((n, x) => n + x.t, 0) / tail.length;
const meanR = tail.reduce((n, x) => n + x.rss, 0) / tail.length;
const slope = (tail.reduce((n, x) => n + (x.t - meanT) * (x.rss - meanR), 0) / tail.reduce((n, x) => n + (x.t - meanT) ** 2, 0)) * 60;
const start = samples[0] as { rss: number };
const max = Math.max(...samples.map((x) => x.rss));
const total = [...counts.values()].reduce((n, c) => ({ requests: n.requests + c.requests, errors: n.errors + c.errors }), { requests: 0, errors: 0 });

console.log(
  `\n${reviews.length} reviews, ${paths.length} built files, ${oldDates.length} since dates not pre-rendered; ` +
    `${workers} connections for ${seconds} s; MCP sessions capped at ${SESSION_CAP} from this one address.`,
);
table([...counts.entries()].map(([kind, c]) => ({ kind, requests: c.requests, errors: c.errors })));
console.log(
  `RSS: start ${start.rss} MB, 1 min ${at(60).rss} MB, end ${end.rss} MB, max ${max} MB (end/start ${(end.rss / start.rss).toFixed(2)}); ` +
    (`slope over the last ${Math.round(windowS)} s ${slope.toFixed(2)} MB/min. Requests ` +
      `${total.requests} (${Math.round(total.requests / end.t)}/s), errors ${total.errors}.`),
);
console.log(`Targets: RSS under 250 MB throughout, slope under 0.5 MB/min over the last 5 minutes of a 600 s run, no errors.`);
