// npm run bench:sessions: MCP 2025 sessions at the cap and under a flood of initialize.
// 1. The sidecar's RSS once started with one session (the baseline of this run), then with
//    MCP_MAX_SESSIONS (1000) idle sessions open: the memory per session at the cap.
// 2. A flood of FLOOD (5,000) initialize calls without DELETE from one address, while a
//    well-behaved client on another address opens a session and calls a tool every 250
//    flood requests: how many of each got what they asked for, and the RSS after the flood
//    (bounded by the cap, so it should stay where it was at the cap).
// BENCH_OUT_DIR reuses a build made earlier.
import { request } from 'node:http';
import { join } from 'node:path';
import { envNumber } from '../shared/env.ts';
import { build, generate, rssMb, startSidecar, table, tempDir } from '../shared/lib.ts';

const count = envNumber('BENCH_REVIEWS', 20000);
const cap = envNumber('BENCH_SESSIONS', 1000);
const flood = envNumber('FLOOD', 5000);
const ACCEPT = 'application/json, text/event-stream';
const PROTOCOL = '2025-06-18';
const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: PROTOCOL, capabilities: {}, clientInfo: { name: 'bench-sessions', version: '1' } },
});

let out = process.env.BENCH_OUT_DIR ?? '';
if (out === '') {
  const dir = tempDir('sessions');
  generate(join(dir, 'content'), count);
  out = join(dir, 'dist');
  build({ CONTENT_DIR: join(dir, 'content'), OUT_DIR: out });
}

/** A POST to /mcp from a given loopback address: its status and session id. */
function post(url: string, from: string, body: string, headers: Record<string, string> = {}): Promise<{ status: number; id: string | undefined }> {
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: '/mcp',
        method: 'POST',
        localAddress: from,
        headers: { 'content-type': 'application/json', accept: ACCEPT, ...headers },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, id: res.headers['mcp-session-id'] as string | undefined }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function wellBehaved(url: string): Promise<boolean> {
  const init = await post(url, '127.0.0.2', INIT);
  if (init.status !== 200 || !init.id) return false;
  const h = { 'mcp-session-id': init.id, 'mcp-protocol-version': PROTOCOL };
  await post(url, '127.0.0.2', JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), h);
  const call = await post(
    url,
    '127.0.0.2',
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_business', arguments: {} } }),
    h,
  );
  const del = await fetch(url, { method: 'DELETE', headers: h });
  return call.status === 200 && del.status === 200;
}

const sidecar = await startSidecar(out, { MCP_MAX_SESSIONS: String(cap), MCP_MAX_SESSIONS_PER_CLIENT: String(cap) });
const pid = sidecar.process.pid as number;
const url = `${sidecar.url}/mcp`;
try {
  await post(url, '127.0.0.1', INIT); // the first session pays for lazily built state
  await new Promise((r) => setTimeout(r, 500));
  const base = rssMb(pid);
  for (let i = 1; i < cap; i += 50) await Promise.all(Array.from({ length: Math.min(50, cap - i) }, () => post(url, '127.0.0.1', INIT)));
  await new Promise((r) => setTimeout(r, 500));
  const atCap = rssMb(pid);

  const statuses = new Map<number, number>();
  let good = 0;
  let goodOk = 0;
  const started = performance.now();
  for (let i = 0; i < flood; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, flood - i) }, () => post(url, '127.0.0.1', INIT)));
    for (const r of batch) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
    if (i % 250 === 0) {
      good += 1;
      if (await wellBehaved(url)) goodOk += 1;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const afterFlood = rssMb(pid);
  console.log(`\nMCP_MAX_SESSIONS=${cap}; ${flood} initialize without DELETE from 127.0.0.1 in ${seconds.toFixed(1)} s, 50 in flight.`);
  table([
    { measure: 'RSS, one session (baseline)', value: `${base} MB` },
    { measure: `RSS, ${cap} idle sessions (the cap)`, value: `${atCap} MB (${(atCap / base).toFixed(2)}x baseline)` },
    { measure: 'RSS per session at the cap', value: `${(((atCap - base) * 1024) / (cap - 1)).toFixed(1)} KB` },
    { measure: 'RSS after the flood', value: `${afterFlood} MB (${(afterFlood / atCap).toFixed(2)}x at the cap)` },
    { measure: 'flood answers', value: [...statuses.entries()].map(([s, n]) => `${n} x ${s}`).join(', ') },
    { measure: 'well-behaved client during the flood (127.0.0.2)', value: `${goodOk} of ${good} sessions opened, called and closed` },
  ]);
} finally {
  await sidecar.stop();
}
