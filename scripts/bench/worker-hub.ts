// The hub's part of `npm run bench:worker` (also runnable alone: node scripts/bench/worker-hub.ts):
// one change delivered to 200 HTTPS subscribers through the Node sidecar's hub and through the
// Worker's Durable Object (wrangler dev, workerd), on the same build in the same run. Measures the
// time from the publish ping to the last acknowledged delivery, and the outbound requests each
// alarm of the Durable Object made (its log line "hub: alarm made N outbound request(s)").
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWorker } from '../harness/worker.ts';
import { LOOPBACK_HOSTS, makeTestPki, type TestPki } from '../harness/pki.ts';
import { buildOrThrow, ROOT, startListening, tempDir } from '../harness/processes.ts';

const SITE = 'https://reviews.example';
const TOPIC = `${SITE}/feed.xml`;

export interface HubFanOut {
  runtime: string;
  subscribers: number;
  deliveries: number;
  /** The median of the rounds. */
  seconds: number;
  /** Each round: publish → last delivery, in seconds. */
  times: number[];
  /** Outbound requests per alarm (Worker only). */
  perAlarm?: number[];
  /** Milliseconds each alarm ran. */
  alarmMs?: number[];
}

interface Subscribers {
  port: number;
  delivered(): number;
  close(): Promise<void>;
}

/** One HTTPS server on every loopback address: callbacks spread over 64 hosts, as subscribers on many machines would be. */
async function subscribers(pki: TestPki): Promise<Subscribers> {
  let delivered = 0;
  const server = createServer({ key: pki.key, cert: pki.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://x');
    if (req.method === 'GET') {
      res.end(url.searchParams.get('hub.challenge') ?? '');
      return;
    }
    req.resume();
    req.on('end', () => {
      delivered += 1;
      res.writeHead(204);
      res.end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    delivered: () => delivered,
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
    await new Promise((r) => setTimeout(r, 5));
  }
}

const post = (url: string, form: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

interface Target {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** Subscribes `count` callbacks, changes the content, rebuilds, waits until it is served, pings, times the fan-out. */
async function fanOut(name: string, target: Target, subs: Subscribers, count: number, content: string, out: string, rounds: number): Promise<HubFanOut> {
  const hubUrl = `${target.url}/api/websub/hub`;
  const verified = () => (target.output().match(/hub: subscribe verified/g) ?? []).length;
  const before = verified();
  for (let i = 0; i < count; i++) {
    const host = LOOPBACK_HOSTS[i % LOOPBACK_HOSTS.length] as string;
    const res = await post(hubUrl, {
      'hub.mode': 'subscribe',
      'hub.callback': `https://${host}:${subs.port}/${name}/${i}`,
      'hub.topic': TOPIC,
      'hub.secret': `secret-${i}`,
    });
    if (res.status !== 202) throw new Error(`subscribe answered ${res.status}: ${await res.text()}`);
  }
  await until(
    () => verified() - before >= count,
    120_000,
    () => `${verified() - before}/${count} verified`,
  );

  const times: number[] = [];
  let perAlarm: number[] = [];
  let alarmMs: number[] = [];
  let deliveries = 0;
  for (let round = 0; round < rounds; round++) {
    const title = `Changed for the hub bench ${name} ${round} ${Date.now()}`;
    const file = join(content, 'reviews.json');
    const reviews = JSON.parse(readFileSync(file, 'utf8')) as Array<{ title?: string }>;
    (reviews.at(-1) as { title?: string }).title = title; // the newest review: the feed shows it
    writeFileSync(file, JSON.stringify(reviews));
    buildOrThrow({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
    // The sidecar picks the build up at the ping (its poll is off here); the Worker reloads on its own first, as after a deploy.
    for (let served = !name.startsWith('worker'); !served; ) {
      served = (await (await fetch(`${target.url}/feed.xml`)).text()).includes(title);
      if (!served) await new Promise((r) => setTimeout(r, 100));
    }
    const deliveredBefore = subs.delivered();
    const alarmsBefore = target.output().length;
    const t = performance.now();
    const ping = await post(hubUrl, { 'hub.mode': 'publish', 'hub.url': TOPIC });
    if (ping.status !== 202) throw new Error(`publish answered ${ping.status}: ${await ping.text()}`);
    const answer = (await ping.text()).trim();
    await until(
      () => subs.delivered() - deliveredBefore >= count,
      120_000,
      () => `${subs.delivered() - deliveredBefore}/${count} delivered (publish: ${answer}); ${name} log: ${target.output().slice(-1500)}`,
    );
    times.push((performance.now() - t) / 1000);
    deliveries = subs.delivered() - deliveredBefore;
    // An alarm logs once its last request is answered, just after the subscriber counted it.
    await new Promise((r) => setTimeout(r, 1000));
    const alarms = [
      ...target
        .output()
        .slice(alarmsBefore)
        .matchAll(/hub: alarm made (\d+) outbound request\(s\) in (\d+) ms/g),
    ];
    perAlarm = alarms.map((m) => Number(m[1]));
    alarmMs = alarms.map((m) => Number(m[2]));
  }
  const seconds = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
  return { runtime: name, subscribers: count, deliveries, seconds, times, ...(perAlarm.length > 0 ? { perAlarm, alarmMs } : {}) };
}

/** Runs the Node hub and the Worker's hub (with the Free and the Paid plan's subrequests) one after the other on copies of the same content. */
export async function benchWorkerHub({ count = 200, rounds = 3, contentDir = join(ROOT, 'content') } = {}): Promise<HubFanOut[]> {
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
  const results: HubFanOut[] = [];
  try {
    const runs: Array<[string, Record<string, string>]> = [
      ['node', {}],
      ['worker (45 a alarm, Free plan)', {}],
      ['worker (1000 a alarm, Paid plan)', { HUB_SUBREQUESTS_PER_ALARM: '1000' }],
    ];
    for (const [name, extra] of runs) {
      const dir = tempDir('bench-worker-hub');
      const content = join(dir, 'content');
      const out = join(dir, 'dist');
      cpSync(contentDir, content, { recursive: true });
      buildOrThrow({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
      const target: Target =
        name === 'node'
          ? await startListening([join(ROOT, 'sidecar', 'main.ts')], {
              ...env,
              OUT_DIR: out,
              HUB_DB: join(dir, 'hub.sqlite'),
              RELOAD_INTERVAL_MS: '600000',
            }).then((s) => ({
              url: s.url,
              output: s.output,
              stop: () => s.stop(),
            }))
          : await startWorker({ outDir: out, env: { ...env, ...extra } });
      try {
        results.push(await fanOut(name, target, subs, count, content, out, rounds));
      } finally {
        await target.stop();
      }
    }
  } finally {
    await subs.close();
  }
  return results;
}

export function printWorkerHub(results: HubFanOut[]): boolean {
  const node = results.find((r) => r.runtime === 'node');
  const workers = results.filter((r) => r.runtime !== 'node');
  console.log(`\nWebSub fan-out: one change to ${node?.subscribers ?? 0} HTTPS subscribers (feed.xml, signed), the Node hub vs the Durable Object`);
  console.table(
    results.map((r) => ({
      runtime: r.runtime,
      'deliveries acknowledged': r.deliveries,
      'publish → last delivery, median (s)': r.seconds.toFixed(2),
      rounds: r.times.map((x) => x.toFixed(2)).join(' '),
      'outbound requests per alarm (last round)': r.perAlarm ? r.perAlarm.join(' ') : '',
      'ms per alarm (last round)': r.alarmMs ? r.alarmMs.join(' ') : '',
    })),
  );
  let ok = results.every((r) => r.deliveries >= r.subscribers);
  for (const w of workers) {
    const ratio = node ? w.seconds / node.seconds : Number.NaN;
    ok &&= ratio <= 2;
    console.log(`${w.runtime} / node: ${ratio.toFixed(2)}x (target ≤ 2x)`);
  }
  console.log(ok ? 'Target met.' : 'TARGET MISSED.');
  return ok;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ok = printWorkerHub(await benchWorkerHub({ count: Number(process.env.BENCH_SUBSCRIBERS ?? 200), rounds: Number(process.env.BENCH_ROUNDS ?? 3) }));
  if (!ok) process.exitCode = 1;
}
