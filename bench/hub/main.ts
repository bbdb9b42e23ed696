// npm run bench:hub: 1,000 HTTPS subscribers on loopback, each subscribed to the three topics,
// then one publish of all three topics; then the attacks on the hub (bench/hub-attacks.ts;
// BENCH_ATTACKS=0 skips them). Measures the time until all 3,000 deliveries are
// acknowledged, the hub process's peak memory, and search latency idle vs during the fan-out.
// The subscribers' HTTPS server runs in a worker thread so the latency probes here are not
// slowed by it. The server is the real sidecar (sidecar/runtime/node/main.ts) serving a real build; the
// publish is a new build followed by the `hub.mode=publish` ping that `npm run publish` sends.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { benchHubAttacks } from './hub-attacks.ts';
import { envNumber } from '../shared/env.ts';
import { SIDECAR_NODE_FLAGS } from '../shared/lib.ts';
import { makeTestPki, type TestPki } from '../../test/helpers/pki.ts';
import { buildOrThrow } from '../../scripts/run/processes.ts';

const SUBSCRIBERS = envNumber('BENCH_SUBSCRIBERS', 1000);
const SITE = 'https://reviews.example';
const TOPIC_FILES = ['feed.xml', 'api/feed.json', 'reviews.json'];

interface WorkerInit {
  pki: TestPki;
  /** Expected body length per topic URL, set before the publish. */
}
type ToWorker = { expect: Record<string, number> };
type FromWorker = { port: number } | { verified: number } | { delivered: number; wrong: number };

if (!isMainThread) {
  // The subscribers: echo every challenge, acknowledge every delivery, count the ones that
  // carry the expected new content.
  const { pki } = workerData as WorkerInit;
  let expected: Record<string, number> = {};
  let verified = 0;
  let delivered = 0;
  let wrong = 0;
  parentPort?.on('message', (m: ToWorker) => {
    expected = m.expect;
    delivered = 0;
    wrong = 0;
  });
  const server = createServer({ key: pki.key, cert: pki.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://x');
    if (req.method === 'GET') {
      if (url.searchParams.get('hub.mode') === 'subscribe') verified += 1;
      res.end(url.searchParams.get('hub.challenge') ?? '');
      return;
    }
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
    });
    req.on('end', () => {
      const topic = /<([^>]+)>; rel="self"/.exec(String(req.headers.link ?? ''))?.[1] ?? '';
      res.writeHead(204);
      res.end();
      if (expected[topic] === size) delivered += 1;
      else wrong += 1;
    });
  });
  server.keepAliveTimeout = 30_000;
  server.listen(0, '127.0.0.1', () => parentPort?.postMessage({ port: (server.address() as AddressInfo).port } satisfies FromWorker));
  setInterval(() => parentPort?.postMessage({ verified } satisfies FromWorker), 50).unref();
  setInterval(() => parentPort?.postMessage({ delivered, wrong } satisfies FromWorker), 10);
} else {
  await main();
}

async function main() {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const node = join(root, 'node_modules/.bin/node');
  const work = mkdtempSync(join(tmpdir(), 'bench-hub-'));
  const pki = makeTestPki();
  const content = join(work, 'content');
  const out = join(work, 'dist');
  cpSync(join(root, 'content'), content, { recursive: true });
  build(content, out);

  // --- subscribers
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { pki } satisfies WorkerInit });
  const state = { verified: 0, delivered: 0, wrong: 0 };
  const port = await new Promise<number>((resolve) => {
    worker.on('message', (m: FromWorker) => {
      if ('port' in m) resolve(m.port);
      else Object.assign(state, m);
    });
  });

  // --- the hub process
  const entry = 'sidecar/runtime/node/main.ts';
  const child = spawn(node, [...SIDECAR_NODE_FLAGS, join(root, entry)], {
    cwd: root,
    env: {
      ...process.env,
      HUB_DB: join(work, 'hub.sqlite'),
      OUT_DIR: out,
      // the publish ping, not the poll, picks up the new build; search runs uncached
      RELOAD_INTERVAL_MS: '600000',
      SEARCH_CACHE_ENTRIES: '0',
      SITE_URL: SITE,
      HOST: '127.0.0.1',
      PORT: '0',
      NODE_EXTRA_CA_CERTS: pki.caFile,
      HUB_ALLOW_PRIVATE_CALLBACKS: '1',
      HUB_SUBSCRIBE_RATE_PER_MIN: '1000000',
      HUB_PUBLISH_RATE_PER_MIN: '1000',
      HUB_VERIFY_CONCURRENCY: process.env.HUB_VERIFY_CONCURRENCY ?? '32',
      // Every subscriber here is on one host (127.0.0.1) standing for many: the per-host caps
      // and slots would otherwise be what is measured (bench/hub-attacks.ts measures them).
      HUB_MAX_SUBSCRIPTIONS: String(3 * SUBSCRIBERS),
      HUB_MAX_SUBSCRIPTIONS_PER_HOST: String(3 * SUBSCRIBERS),
      HUB_MAX_PENDING: String(3 * SUBSCRIBERS),
      HUB_MAX_PENDING_PER_HOST: String(3 * SUBSCRIBERS),
      HUB_PER_HOST_CONCURRENCY: '32',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let verifiedLogs = 0;
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (l) => {
    if (l.startsWith('hub: subscribe verified')) verifiedLogs += 1;
    else if (!l.startsWith('hub: ')) console.error(`[hub] ${l}`);
  });
  const origin = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (l) => {
      const m = /Listening on (http:\/\/\S+)/.exec(l);
      if (m) resolve(m[1] as string);
    });
    child.once('exit', (code) => reject(new Error(`${entry} exited with ${code}`)));
  });
  const hubUrl = `${origin}/api/websub/hub`;
  const pid = child.pid as number;
  const startedRss = rssMb(pid, 'VmRSS');

  try {
    // --- subscribe everyone (3 topics each, with a secret, so every delivery is signed)
    const topics = [`${SITE}/feed.xml`, `${SITE}/api/feed.json`, `${SITE}/reviews.json`];
    let t = performance.now();
    const jobs = Array.from({ length: SUBSCRIBERS }, (_, i) => topics.map((topic) => ({ i, topic }))).flat();
    await pool(jobs, 32, async ({ i, topic }) => {
      const res = await post(hubUrl, {
        'hub.mode': 'subscribe',
        'hub.callback': `https://127.0.0.1:${port}/s/${i}?n=${i}`,
        'hub.topic': topic,
        'hub.secret': `secret-${i}`,
      });
      if (res.status !== 202) throw new Error(`subscribe answered ${res.status}: ${await res.text()}`);
    });
    await until(
      () => verifiedLogs >= jobs.length,
      120_000,
      () => `${verifiedLogs}/${jobs.length} verified`,
    );
    const subscribeS = (performance.now() - t) / 1000;
    const subscribedRss = rssMb(pid, 'VmRSS');

    // --- idle search latency
    const searchUrl = `${origin}/api/reviews/search?query=${encodeURIComponent('on time')}&limit=20`;
    await probe(searchUrl, 50);
    const idle = await probe(searchUrl, 300);

    // --- publish all three topics, probe search while the fan-out runs
    const reviewsFile = join(content, 'reviews.json');
    const reviews = JSON.parse(readFileSync(reviewsFile, 'utf8')) as { title?: string }[];
    (reviews[reviews.length - 1] as { title?: string }).title = 'Changed for the benchmark';
    writeFileSync(reviewsFile, JSON.stringify(reviews));
    build(content, out);
    const expect: Record<string, number> = {};
    for (const [i, file] of TOPIC_FILES.entries()) expect[topics[i] as string] = statSync(join(out, 'site', file)).size;
    worker.postMessage({ expect } satisfies ToWorker);
    await new Promise((r) => setTimeout(r, 50));
    const rssSamples: number[] = [];
    const sampler = setInterval(() => rssSamples.push(rssMb(pid, 'VmRSS')), 25);
    t = performance.now();
    const ping = await post(hubUrl, [['hub.mode', 'publish'], ...topics.map((topic): [string, string] => ['hub.url', topic])]);
    if (ping.status !== 202) throw new Error(`publish answered ${ping.status}: ${await ping.text()}`);
    const busyLatencies: number[] = [];
    let fanOutDone = false;
    const prober = (async () => {
      while (!fanOutDone) busyLatencies.push(await once(searchUrl));
    })();
    await until(
      () => state.delivered >= jobs.length,
      120_000,
      () => `${state.delivered}/${jobs.length} delivered`,
    );
    const fanOutS = (performance.now() - t) / 1000;
    fanOutDone = true;
    await prober;
    clearInterval(sampler);
    const busy = stats(busyLatencies);
    const peakFanOut = Math.max(...rssSamples);
    const peakLife = rssMb(pid, 'VmHWM');

    const sizes = TOPIC_FILES.map((f) => `${f} ${(statSync(join(out, 'site', f)).size / 1024).toFixed(0)} KB`).join(', ');
    console.log(`\nWebSub hub fan-out: ${SUBSCRIBERS} HTTPS subscribers x 3 topics (${sizes}), entry ${entry}`);
    console.table([
      { measure: 'subscribe + verify all (s)', value: subscribeS.toFixed(1), target: '' },
      { measure: `deliveries acknowledged (of ${jobs.length})`, value: state.delivered, target: `${jobs.length}` },
      { measure: 'deliveries with wrong content', value: state.wrong, target: '0' },
      { measure: 'publish → all acknowledged (s)', value: fanOutS.toFixed(2), target: '< 15' },
      { measure: 'hub RSS at start / after subscribing (MB)', value: `${startedRss.toFixed(0)} / ${subscribedRss.toFixed(0)}`, target: '' },
      { measure: 'hub RSS peak during fan-out (MB)', value: peakFanOut.toFixed(0), target: '< 300' },
      { measure: 'hub RSS peak over its life (MB)', value: peakLife.toFixed(0), target: '< 300' },
      { measure: 'search p50 idle / fan-out (ms)', value: `${idle.p50.toFixed(2)} / ${busy.p50.toFixed(2)}`, target: '≤ 2x' },
      { measure: 'search p95 idle / fan-out (ms)', value: `${idle.p95.toFixed(2)} / ${busy.p95.toFixed(2)}`, target: '' },
      { measure: 'search probes during fan-out', value: busyLatencies.length, target: '' },
    ]);
    const ok = state.wrong === 0 && fanOutS < 15 && peakLife < 300 && busy.p50 <= 2 * idle.p50;
    console.log(ok ? 'All targets met.' : 'TARGET MISSED.');
    if (!ok) process.exitCode = 1;
  } finally {
    child.kill('SIGTERM');
    await worker.terminate();
  }
  if (process.env.BENCH_ATTACKS !== '0') await benchHubAttacks();
}

function build(content: string, out: string) {
  buildOrThrow({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
}

function post(url: string, form: Record<string, string> | Array<[string, string]>) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });
}

async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await fn(items[next++] as T);
    }),
  );
}

async function until(check: () => boolean, timeoutMs: number, progress: () => string) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${progress()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function once(url: string): Promise<number> {
  const t = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`search answered ${res.status}`);
  return performance.now() - t;
}

async function probe(url: string, n: number) {
  const latencies: number[] = [];
  for (let i = 0; i < n; i++) latencies.push(await once(url));
  return stats(latencies);
}

function stats(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

/** A memory figure of a process from /proc, in MB (VmRSS now, VmHWM peak). */
function rssMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}
