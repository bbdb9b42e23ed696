// The hub's part of `npm run bench:worker` (also runnable alone: node bench/worker/worker-hub.ts):
// one change delivered to 200 HTTPS subscribers through the Node sidecar's hub and through the
// Worker's Durable Object (wrangler dev, workerd), both running on the same build at once and
// taking turns round by round (the one that went first goes last in the next round), so a noisy
// moment of the shared machine hits both. Each round is one rebuild with a changed feed, then one
// publish ping to each runtime in turn: the time from the ping to the last acknowledged delivery,
// the TLS handshakes the subscribers saw, and for the Durable Object its alarms (the log line
// "hub: alarm made N outbound request(s) in X ms, Y ms after it was due"). The target
// is the median of the per-round ratios.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOOPBACK_HOSTS, makeTestPki, type TestPki } from '../../test/helpers/pki.ts';
import { buildOrThrow, ROOT, startListening, tempDir } from '../../scripts/run/processes.ts';
import { startWorker } from '../../test/helpers/worker.ts';
import { envNumber } from '../shared/env.ts';

const SITE = 'https://reviews.example';
const TOPIC = `${SITE}/feed.xml`;
const TARGET_RATIO = 2;

/** One runtime's fan-out in one round. */
export interface FanOutRound {
  /** Publish ping → last acknowledged delivery, in seconds. */
  seconds: number;
  /** Publish ping → first acknowledged delivery, in seconds. */
  firstSeconds: number;
  deliveries: number;
  /** New TLS connections the subscribers accepted during the round. */
  handshakes: number;
  /** The Durable Object's alarms during the round (Worker only). */
  alarms?: { requests: number; ms: number; lateMs?: number }[];
}

export interface HubFanOut {
  runtime: string;
  subscribers: number;
  rounds: FanOutRound[];
}

interface Subscribers {
  port: number;
  /** Deliveries acknowledged to callbacks under /<runtime>/, with the time each was received. */
  deliveredAt(runtime: string): number[];
  handshakes(): number;
  close(): Promise<void>;
}

/** One HTTPS server on every loopback address: callbacks spread over 64 hosts, as subscribers on many machines would be. */
async function subscribers(pki: TestPki): Promise<Subscribers> {
  const delivered = new Map<string, number[]>();
  let handshakes = 0;
  const server = createServer({ key: pki.key, cert: pki.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://x');
    if (req.method === 'GET') {
      res.end(url.searchParams.get('hub.challenge') ?? '');
      return;
    }
    req.resume();
    req.on('end', () => {
      const runtime = url.pathname.split('/')[1] ?? '';
      const list = delivered.get(runtime) ?? [];
      list.push(performance.now());
      delivered.set(runtime, list);
      res.writeHead(204);
      res.end();
    });
  });
  server.on('secureConnection', () => {
    handshakes += 1;
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    deliveredAt: (runtime) => delivered.get(runtime) ?? [],
    handshakes: () => handshakes,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function until(check: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what()}`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

const post = (url: string, form: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

interface Target {
  /** Also the first segment of its callbacks' paths. */
  name: string;
  url: string;
  worker: boolean;
  output(): string;
  stop(): Promise<void>;
}

const hubOf = (t: Target) => `${t.url}/api/websub/hub`;

/** Subscribes `count` callbacks spread over the loopback hosts and waits until all are verified. */
async function subscribeAll(target: Target, subs: Subscribers, count: number): Promise<void> {
  const verified = () => (target.output().match(/hub: subscribe verified/g) ?? []).length;
  for (let i = 0; i < count; i++) {
    const host = LOOPBACK_HOSTS[i % LOOPBACK_HOSTS.length] as string;
    const res = await post(hubOf(target), {
      'hub.mode': 'subscribe',
      'hub.callback': `https://${host}:${subs.port}/${target.name}/${i}`,
      'hub.topic': TOPIC,
      'hub.secret': `secret-${i}`,
    });
    if (res.status !== 202) throw new Error(`${target.name}: subscribe answered ${res.status}: ${await res.text()}`);
  }
  await until(
    () => verified() >= count,
    180_000,
    () => `${target.name}: ${verified()}/${count} verified`,
  );
}

const ALARM_LINE = /hub: alarm made (\d+) outbound request\(s\) in (\d+) ms(?:, (-?\d+) ms after it was due)?/g;

/** One publish ping to `target` and its fan-out, timed at the subscribers. */
async function fanOutOnce(target: Target, subs: Subscribers, count: number): Promise<FanOutRound> {
  const before = subs.deliveredAt(target.name).length;
  const handshakesBefore = subs.handshakes();
  const logBefore = target.output().length;
  const t = performance.now();
  const ping = await post(hubOf(target), { 'hub.mode': 'publish', 'hub.url': TOPIC });
  if (ping.status !== 202) throw new Error(`${target.name}: publish answered ${ping.status}: ${await ping.text()}`);
  const answer = (await ping.text()).trim();
  await until(
    () => subs.deliveredAt(target.name).length - before >= count,
    120_000,
    () => `${target.name}: ${subs.deliveredAt(target.name).length - before}/${count} delivered (publish: ${answer}); log: ${target.output().slice(-1500)}`,
  );
  const times = subs.deliveredAt(target.name).slice(before);
  const round: FanOutRound = {
    seconds: ((times.at(-1) as number) - t) / 1000,
    firstSeconds: ((times[0] as number) - t) / 1000,
    deliveries: times.length,
    handshakes: subs.handshakes() - handshakesBefore,
  };
  if (!target.worker) return round;
  // An alarm logs once its last request is answered, just after the subscriber counted it.
  await new Promise((r) => setTimeout(r, 500));
  round.alarms = [...target.output().slice(logBefore).matchAll(ALARM_LINE)].map((m) => ({
    requests: Number(m[1]),
    ms: Number(m[2]),
    ...(m[3] === undefined ? {} : { lateMs: Number(m[3]) }),
  }));
  return round;
}

/** A changed title on the newest review (the feed shows it), rebuilt into `out`. */
function change(content: string, out: string, round: number): string {
  const title = `Changed for the hub bench, round ${round} ${Date.now()}`;
  const file = join(content, 'reviews.json');
  const reviews = JSON.parse(readFileSync(file, 'utf8')) as Array<{ title?: string }>;
  (reviews.at(-1) as { title?: string }).title = title;
  writeFileSync(file, JSON.stringify(reviews));
  buildOrThrow({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
  return title;
}

export interface WorkerHubOptions {
  count?: number;
  rounds?: number;
  contentDir?: string;
  /** Also run a Durable Object with the Paid plan's subrequests (1,000 an alarm). */
  paid?: boolean;
}

/** The Node hub and the Durable Object(s) on one build, taking turns for `rounds` rounds. */
export async function benchWorkerHub({
  count = envNumber('BENCH_SUBSCRIBERS', 200),
  rounds = envNumber('BENCH_HUB_ROUNDS', 5),
  contentDir = join(ROOT, 'content'),
  paid = process.env.BENCH_HUB_PAID === '1',
}: WorkerHubOptions = {}): Promise<HubFanOut[]> {
  const pki = makeTestPki();
  const subs = await subscribers(pki);
  const env = {
    SITE_URL: SITE,
    NODE_EXTRA_CA_CERTS: pki.caFile,
    HUB_ALLOW_PRIVATE_CALLBACKS: '1',
    HUB_SUBSCRIBE_RATE_PER_MIN: '1000000',
    HUB_PUBLISH_RATE_PER_MIN: '1000',
    // 200 subscribers are past the default cap of subscriptions
    HUB_MAX_SUBSCRIPTIONS: String(Math.max(count, 100)),
  };
  const dir = tempDir('bench-worker-hub');
  const content = join(dir, 'content');
  const out = join(dir, 'dist');
  cpSync(contentDir, content, { recursive: true });
  buildOrThrow({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
  const targets: Target[] = [];
  try {
    const node = await startListening([join(ROOT, 'sidecar', 'runtime', 'node', 'main.ts')], {
      ...env,
      OUT_DIR: out,
      HUB_DB: join(dir, 'hub.sqlite'),
      RELOAD_INTERVAL_MS: '600000',
    });
    targets.push({ name: 'node', url: node.url, worker: false, output: node.output, stop: () => node.stop() });
    const workers: Array<[string, Record<string, string>]> = [['worker', {}]];
    if (paid) workers.push(['worker-paid', { HUB_SUBREQUESTS_PER_ALARM: '1000' }]);
    for (const [name, extra] of workers) {
      const w = await startWorker({ outDir: out, env: { ...env, ...extra } });
      targets.push({ name, url: w.url, worker: true, output: w.output, stop: () => w.stop() });
    }
    for (const target of targets) await subscribeAll(target, subs, count);
    const results = new Map(targets.map((t) => [t.name, [] as FanOutRound[]]));
    for (let round = 0; round < rounds; round++) {
      const title = change(content, out, round);
      // The sidecar picks the build up at the ping (its poll is off here); each Worker reloads on its own, as after a deploy.
      for (const target of targets.filter((t) => t.worker)) {
        for (let served = false; !served; ) {
          served = (await (await fetch(`${target.url}/feed.xml`)).text()).includes(title);
          if (!served) await new Promise((r) => setTimeout(r, 100));
        }
      }
      await new Promise((r) => setTimeout(r, 1000));
      const order = round % 2 === 0 ? targets : [...targets].reverse();
      for (const target of order) results.get(target.name)?.push(await fanOutOnce(target, subs, count));
    }
    return targets.map((t) => ({ runtime: t.name, subscribers: count, rounds: results.get(t.name) ?? [] }));
  } finally {
    if (process.env.BENCH_HUB_DUMP) for (const t of targets) writeFileSync(`${process.env.BENCH_HUB_DUMP}-${t.name}.log`, t.output());
    for (const t of targets) await t.stop();
    await subs.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};
const range = (xs: number[], digits = 2) => `${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)}`;

export function printWorkerHub(results: HubFanOut[]): boolean {
  const node = results.find((r) => r.runtime === 'node');
  if (!node) throw new Error('no Node hub in the results');
  const count = node.subscribers;
  console.log(
    `\nWebSub fan-out: one change to ${count} HTTPS subscribers (feed.xml, signed) on 64 ` +
      `hosts, the Node hub and the Durable Object taking turns, ${node.rounds.length} rounds`,
  );
  console.table(
    results.map((r) => {
      const alarms = r.rounds.flatMap((x) => x.alarms ?? []).filter((a) => a.requests > 0);
      const late = alarms.flatMap((a) => a.lateMs ?? []);
      return {
        runtime: r.runtime,
        'deliveries acknowledged (min)': Math.min(...r.rounds.map((x) => x.deliveries)),
        'publish → last delivery, median (s)': median(r.rounds.map((x) => x.seconds)).toFixed(2),
        rounds: r.rounds.map((x) => x.seconds.toFixed(2)).join(' '),
        'publish → first delivery, median (s)': median(r.rounds.map((x) => x.firstSeconds)).toFixed(3),
        'TLS handshakes per round': range(
          r.rounds.map((x) => x.handshakes),
          0,
        ),
        'alarms per round (all / with requests)':
          alarms.length > 0
            ? `${range(
                r.rounds.map((x) => x.alarms?.length ?? 0),
                0,
              )} / ${range(
                r.rounds.map((x) => x.alarms?.filter((a) => a.requests > 0).length ?? 0),
                0,
              )}`
            : '',
        'requests per alarm, max': alarms.length > 0 ? Math.max(...alarms.map((a) => a.requests)) : '',
        'ms per alarm, median': alarms.length > 0 ? median(alarms.map((a) => a.ms)).toFixed(0) : '',
        'outside alarms per round, median (s)':
          alarms.length > 0 ? median(r.rounds.map((x) => x.seconds - (x.alarms ?? []).reduce((a, b) => a + b.ms, 0) / 1000)).toFixed(2) : '',
        'alarm start after due, median / max (ms)': late.length > 0 ? `${median(late).toFixed(0)} / ${Math.max(...late)}` : '',
      };
    }),
  );
  let ok = results.every((r) => r.rounds.every((x) => x.deliveries >= r.subscribers));
  for (const w of results.filter((r) => r !== node)) {
    const ratios = w.rounds.map((x, i) => x.seconds / (node.rounds[i]?.seconds ?? Number.NaN));
    const m = median(ratios);
    ok &&= m <= TARGET_RATIO;
    console.log(
      `${w.runtime} / node, per round: ${ratios.map((x) => x.toFixed(2)).join(' ')}; median ` +
        `${m.toFixed(2)}x, range ${range(ratios)}x (target: median ≤ ${TARGET_RATIO}x)`,
    );
  }
  console.log(ok ? 'Target met (median).' : 'TARGET MISSED (median).');
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ok = printWorkerHub(await benchWorkerHub());
  if (!ok) process.exitCode = 1;
}
