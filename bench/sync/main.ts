// npm run bench:sync: the sync against local HTTPS fakes of Google and Trustpilot at 20,000
// reviews. Each figure beside a baseline measured in the same run:
//   1. first sync, content only (`npm run sync -- --content-only` into an empty content folder)
//      against `npm run import` of the same reviews.list pages from files;
//   2. an incremental pass with 1 new review among 20,000: pages fetched, time to the build;
//   3. end to end with SYNC_INTERVAL_S=5: a new review at the fake Google to an HTTPS WebSub
//      subscriber receiving the new /api/feed.json, against the interval plus 2x the build time;
//   4. search p50/p99 while passes run, against the same sidecar idle;
//   5. peak memory (RSS) of a pass against a Google source that loops or never ends, against a
//      normal pass in the same run (BENCH_SYNC_ONLY=memory runs this part alone).
// BENCH_SYNC_REVIEWS (default 20000; 10 % of them from Trustpilot), BENCH_SYNC_NEW (new reviews
// end to end, default 5), BENCH_SYNC_RUNS (first-sync repeats, default 3).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { googleReviews, newGoogleReview } from '../../test/helpers/google-export.ts';
import { envNumber } from '../shared/env.ts';
import { build, median, NODE, ROOT, type Server, SIDECAR_NODE_FLAGS, table, tempDir } from '../shared/lib.ts';
import { ACCOUNT, freshContent, LOCATION, startBenchFakes, UNIT } from './sync-fakes.ts';
import { benchSyncMemory } from './sync-memory.ts';
import { trustpilotReviews } from '../../test/helpers/stand-ins/fake-apis.ts';
import { makeTestPki } from '../../test/helpers/pki.ts';
import { startListening } from '../../scripts/run/processes.ts';

const TOTAL = envNumber('BENCH_SYNC_REVIEWS', 20000);
const NEW = envNumber('BENCH_SYNC_NEW', 5);
const RUNS = envNumber('BENCH_SYNC_RUNS', 3);
const INTERVAL_S = 5;
const SITE = 'https://reviews.example';

const pki = makeTestPki();
const fake = await startBenchFakes(pki);
const trustpilotCount = Math.round(TOTAL / 10);
const google = googleReviews({ count: TOTAL, account: ACCOUNT, location: LOCATION, seed: 12 });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] as number;

/** A child process, timed, without blocking this process (the fakes answer from it). */
function timed(args: string[], env: Record<string, string> = {}): Promise<{ seconds: number; stdout: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, args, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('close', (code) =>
      code === 0 ? resolve({ seconds: (performance.now() - started) / 1000, stdout: out }) : reject(new Error(`${args.join(' ')} exited ${code}:\n${out}`)),
    );
  });
}

const syncEnv = (w: { content: string; syncDir: string; out: string }, sources: 'google' | 'both') => ({
  ...fake.settings(),
  ...(sources === 'google' ? { TRUSTPILOT_BUSINESS_UNIT_ID: '' } : {}),
  CONTENT_DIR: w.content,
  SYNC_DIR: w.syncDir,
  OUT_DIR: w.out,
  SITE_URL: SITE,
  NODE_EXTRA_CA_CERTS: pki.caFile,
});
const merged = (stdout: string) => Number(/Sources read and merged in ([\d.]+) s/.exec(stdout)?.[1]);

// 5. Peak memory against a looping or endless source (first when run alone, last otherwise).
async function memory(): Promise<void> {
  fake.googleReviews.splice(0, Infinity, ...google.slice(0, TOTAL - trustpilotCount));
  fake.trustpilotReviews.splice(0, Infinity, ...trustpilotReviews(trustpilotCount, UNIT));
  const rows = await benchSyncMemory(fake, (w) => syncEnv(w, 'both'));
  console.log(
    `\n5. Peak memory (RSS) of a content-only pass, Google ${TOTAL - trustpilotCount} reviews + Trustpilot ` +
      `${trustpilotCount}, against a Google source that loops or never ends (defaults: SYNC_MAX_PAGES, SYNC_MAX_MB):`,
  );
  table(rows);
}
if (process.env.BENCH_SYNC_ONLY === 'memory') {
  await memory();
  await fake.close();
  process.exit(0);
}

// 1. First sync (content only) against importing the same pages from files.
fake.googleReviews.splice(0, Infinity, ...google);
const pagesDir = join(tempDir('bench-sync-pages'), 'pages');
mkdirSync(pagesDir);
const sorted = [...google].sort((a, b) => (String(a.updateTime) < String(b.updateTime) ? 1 : -1));
for (let i = 0; i < sorted.length; i += 50) {
  const page: Record<string, unknown> = { reviews: sorted.slice(i, i + 50), averageRating: 4.2, totalReviewCount: sorted.length };
  if (i + 50 < sorted.length) page.nextPageToken = `p${i}`;
  writeFileSync(join(pagesDir, `page-${String(i / 50).padStart(4, '0')}.json`), JSON.stringify(page));
}
const imports: number[] = [];
const syncs: number[] = [];
const syncMerged: number[] = [];
let pagesFirst = 0;
for (let i = 0; i < RUNS; i++) {
  const a = freshContent('bench-sync');
  imports.push((await timed([join(ROOT, 'scripts/import.ts'), 'google', pagesDir, '--content', a.content])).seconds);
  const b = freshContent('bench-sync');
  const before = fake.count('/v4/');
  const run = await timed([join(ROOT, 'scripts/sync.ts'), '--content-only'], syncEnv(b, 'google'));
  pagesFirst = fake.count('/v4/') - before;
  syncs.push(run.seconds);
  syncMerged.push(merged(run.stdout));
  if (readFileSync(join(a.content, 'reviews.json'), 'utf8') !== readFileSync(join(b.content, 'reviews.json'), 'utf8'))
    throw new Error('sync and import wrote different reviews.json files');
}
console.log(
  `\n1. First sync, content only: ${TOTAL} Google reviews, ${pagesFirst} pages of 50; median of ${RUNS}; reviews.json byte-identical to the import's.`,
);
table([
  {
    'import from files s': median(imports).toFixed(2),
    'sync from the API s': median(syncs).toFixed(2),
    'sync / import': (median(syncs) / median(imports)).toFixed(2),
    'of which read + merge s': median(syncMerged).toFixed(2),
    target: 'under 10 s',
  },
]);

// Both sources, 90 % Google and 10 % Trustpilot: the workspace the rest of the run uses.
fake.googleReviews.splice(0, Infinity, ...google.slice(0, TOTAL - trustpilotCount));
fake.trustpilotReviews.splice(0, Infinity, ...trustpilotReviews(trustpilotCount, UNIT));
const w = freshContent('bench-sync');
const both = await timed([join(ROOT, 'scripts/sync.ts'), '--content-only'], syncEnv(w, 'both'));
console.log(`   Both sources (${TOTAL - trustpilotCount} Google + ${trustpilotCount} Trustpilot), first sync content only: ${both.seconds.toFixed(2)} s.`);

// 2. Incremental: 1 new review among 20,000.
const newReview = (n: number, text: string) => newGoogleReview(n, text, { account: ACCOUNT, location: LOCATION });
const incr: { pages: number; seconds: number; merged: number }[] = [];
for (let i = 0; i < RUNS; i++) {
  fake.googleReviews.push(newReview(1000 + i, `Incremental bench review ${i}.`));
  const before = { google: fake.count('/v4/'), trustpilot: fake.count('/v1/') };
  const run = await timed([join(ROOT, 'scripts/sync.ts'), '--content-only'], syncEnv(w, 'both'));
  if (!/added: {5}1 /.test(run.stdout)) throw new Error(`the incremental pass did not add the review:\n${run.stdout}`);
  incr.push({ pages: fake.count('/v4/') - before.google, seconds: run.seconds, merged: merged(run.stdout) });
}
console.log(
  `\n2. Incremental pass, 1 new Google review among ${TOTAL} (Trustpilot read in full: ${Math.ceil(trustpilotCount / 100)} pages); median of ${RUNS}:`,
);
table([
  {
    'Google pages fetched': median(incr.map((r) => r.pages)),
    'whole process s': median(incr.map((r) => r.seconds)).toFixed(2),
    'read + merge s (before the build)': median(incr.map((r) => r.merged)).toFixed(2),
    'first sync / incremental': (median(syncs) / median(incr.map((r) => r.seconds))).toFixed(1),
    target: 'under 1 s before the build',
  },
]);

// 3 and 4. The sidecar idle, then with SYNC_INTERVAL_S=5: search latency, and new reviews end to end.
const buildS = build({ CONTENT_DIR: w.content, OUT_DIR: w.out, SITE_URL: SITE });
const sidecarEnv = {
  ...syncEnv(w, 'both'),
  RELOAD_INTERVAL_MS: '1000',
  SEARCH_CACHE_ENTRIES: '0',
  HUB_ALLOW_PRIVATE_CALLBACKS: '1',
  HUB_PUBLISH_RATE_PER_MIN: '1000',
};
// The sidecar as `npm run serve` runs it, its log kept (not echoed): the pass windows are read from it.
const startSidecar = (outDir: string, env: Record<string, string>) =>
  startListening([...SIDECAR_NODE_FLAGS, join(ROOT, 'sidecar/runtime/node/main.ts')], { OUT_DIR: outDir, HUB_DB: join(tempDir('hub'), 'hub.sqlite'), ...env });
const searchPath = (i: number) => `/api/reviews/search?query=furnace&limit=20&offset=${(i * 7) % 500}`;

interface Sample {
  at: number;
  ms: number;
}
function probe(server: Server): { stop: () => Promise<Sample[]> } {
  const samples: Sample[] = [];
  let running = true;
  const loop = (async () => {
    for (let i = 0; running; i++) {
      const t = performance.now();
      const res = await fetch(`${server.url}${searchPath(i)}`);
      await res.arrayBuffer();
      samples.push({ at: Date.now(), ms: performance.now() - t });
      await sleep(20);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return samples;
    },
  };
}

let idle: Sample[];
{
  const server = await startSidecar(w.out, sidecarEnv);
  await sleep(1000);
  const p = probe(server);
  await sleep(20_000);
  idle = await p.stop();
  await server.stop();
}

// An HTTPS WebSub subscriber: echoes the verification challenge, records each delivery.
const deliveries: string[] = [];
const subscriberServer = createServer({ key: pki.key, cert: pki.cert }, (req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(new URL(req.url ?? '/', 'https://x').searchParams.get('hub.challenge') ?? '');
      return;
    }
    deliveries.push(Buffer.concat(chunks).toString());
    res.writeHead(204);
    res.end();
  });
});
await new Promise<void>((resolve) => subscriberServer.listen(0, '127.0.0.1', resolve));
const callback = `https://127.0.0.1:${(subscriberServer.address() as AddressInfo).port}/feed`;
const server = await startSidecar(w.out, { ...sidecarEnv, SYNC_INTERVAL_S: String(INTERVAL_S) });
// Pass and build windows, from the sidecar's log lines as they arrive.
const windows: { kind: 'pass' | 'build'; from: number; to?: number }[] = [];
const buildTimes: number[] = [];
let seen = 0;
const watch = setInterval(() => {
  const lines = server.output().slice(seen).split('\n');
  seen = server.output().length - (lines.at(-1)?.length ?? 0);
  for (const line of lines.slice(0, -1)) {
    if (line.includes('sync: pass started')) windows.push({ kind: 'pass', from: Date.now() });
    if (line.includes('sync: Build…')) windows.push({ kind: 'build', from: Date.now() });
    const done = /sync: Build: done in ([\d.]+) s/.exec(line);
    if (done) buildTimes.push(Number(done[1]));
    if (/sync: pass ended|sync: Build: done|Build failed/.test(line)) {
      for (const win of windows) if (win.to === undefined && (line.includes('pass ended') ? win.kind === 'pass' : win.kind === 'build')) win.to = Date.now();
    }
  }
}, 5);
const sub = await fetch(`${server.url}/api/websub/hub`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.callback': callback, 'hub.topic': `${SITE}/api/feed.json` }),
});
if (sub.status !== 202) throw new Error(`subscribe answered ${sub.status}`);
const p = probe(server);
// The first scheduled pass rebuilds (the build above was made outside the sync).
const until = async (what: string, check: () => boolean, ms = 600_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${server.output().slice(-3000)}`);
    await sleep(20);
  }
};
await until('the first pass', () => /sync: pass ended/.test(server.output()));
const latencies: number[] = [];
for (let i = 0; i < NEW; i++) {
  await sleep(Math.round(Math.random() * INTERVAL_S * 1000));
  const text = `End to end bench review ${i}: Grace fixed the AC in record time.`;
  const delivered = deliveries.length;
  const t0 = Date.now();
  fake.googleReviews.push(newReview(i, text));
  await until(`review ${i} at the subscriber`, () => deliveries.slice(delivered).some((body) => body.includes(text)));
  latencies.push((Date.now() - t0) / 1000);
}
const during = await p.stop();
clearInterval(watch);
await server.stop();
subscriberServer.close();
subscriberServer.closeAllConnections();

const buildMedian = median(buildTimes);
console.log(
  `\n3. End to end, SYNC_INTERVAL_S=${INTERVAL_S}, ${NEW} new reviews one after the other (each ` +
    'at a random moment of the schedule), to an HTTPS WebSub subscriber of /api/feed.json:',
);
table([
  {
    'p50 s': median(latencies).toFixed(1),
    'max s': Math.max(...latencies).toFixed(1),
    'build in the pass, median s': buildMedian.toFixed(1),
    'target: interval + 2 x build s': (INTERVAL_S + 2 * buildMedian).toFixed(1),
    'build outside the sidecar (this run) s': buildS.toFixed(1),
  },
]);
const inWindow = (kind: 'pass' | 'build') =>
  during.filter((s) => windows.some((w) => w.kind === kind && s.at >= w.from && s.at <= (w.to ?? Number.POSITIVE_INFINITY)));
const row = (label: string, xs: Sample[]) => ({
  when: label,
  requests: xs.length,
  'p50 ms': pct(
    xs.map((s) => s.ms),
    50,
  ).toFixed(1),
  'p99 ms': pct(
    xs.map((s) => s.ms),
    99,
  ).toFixed(1),
  'p99 / idle p99': (
    pct(
      xs.map((s) => s.ms),
      99,
    ) /
    pct(
      idle.map((s) => s.ms),
      99,
    )
  ).toFixed(2),
});
console.log(
  '\n4. Search (uncached, SEARCH_CACHE_ENTRIES=0, one request every 20 ms) on the ' +
    `same sidecar with ${TOTAL} reviews; target: p99 during a pass within 2x idle:`,
);
table([row('idle (no schedule)', idle), row('during a pass', inWindow('pass')), row('during a build', inWindow('build'))]);
await memory();
await fake.close();
process.exit(0);
