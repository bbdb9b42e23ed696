// The attack part of `npm run bench:hub` (also runnable alone: node bench/hub/hub-attacks.ts):
// the real sidecar with the hub's default settings, HTTPS callbacks on loopback hosts 127.0.0.N.
// - an honest subscriber's verification delay, alone and while 10 hosts x 10 callbacks hang;
// - 9 honest subscribers' delivery delay after a publish, alone and beside 270 subscribers on 30
//   hosts that pass verification and never answer a delivery;
// - one publish at the subscription cap (HUB_MAX_SUBSCRIPTIONS, all on /reviews.json, the
//   largest topic): bytes delivered and the hub process's CPU time.
import { cpSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HUB_SETTINGS, readHubSettings } from '../../src/settings/hub.ts';
import { LOOPBACK_HOSTS, makeTestPki, type TestPki } from '../../test/helpers/pki.ts';
import { buildOrThrow, ROOT, type RunningProcess, startListening, tempDir } from '../../scripts/run/processes.ts';

const SITE = 'https://reviews.example';
const FEED = `${SITE}/feed.xml`;
const REVIEWS = `${SITE}/reviews.json`;
const DEFAULTS = readHubSettings({});

interface Callbacks {
  port: number;
  /** Deliveries received per path prefix. */
  delivered(prefix: string): number;
  bytes(): number;
  close(): Promise<void>;
}

/** One HTTPS server on every loopback address. `hang`: which methods never get an answer. */
async function callbacks(pki: TestPki, hang: 'none' | 'GET' | 'POST'): Promise<Callbacks> {
  const counts = new Map<string, number>();
  let bytes = 0;
  const server: Server = createServer({ key: pki.key, cert: pki.cert }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://x');
    if (req.method === hang) {
      req.resume();
      return;
    }
    if (req.method === 'GET') {
      res.end(url.searchParams.get('hub.challenge') ?? '');
      return;
    }
    req.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    req.on('end', () => {
      const prefix = url.pathname.split('/')[1] ?? '';
      counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
      res.writeHead(204);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '0.0.0.0', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    delivered: (prefix) => counts.get(prefix) ?? 0,
    bytes: () => bytes,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const post = (url: string, form: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** User plus system CPU seconds of a process (all its threads), from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Site {
  content: string;
  out: string;
  dir: string;
}

function site(): Site {
  const dir = tempDir('bench-hub-attacks');
  const content = join(dir, 'content');
  const out = join(dir, 'dist');
  cpSync(join(ROOT, 'content'), content, { recursive: true });
  buildOrThrow({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
  return { dir, content, out };
}

/** A new build whose feed and reviews.json differ from the last (the newest review's title). */
function change(s: Site): void {
  const file = join(s.content, 'reviews.json');
  const reviews = JSON.parse(readFileSync(file, 'utf8')) as Array<{ title?: string }>;
  (reviews.at(-1) as { title?: string }).title = `Changed for the attack bench ${Date.now()}`;
  writeFileSync(file, JSON.stringify(reviews));
  buildOrThrow({ CONTENT_DIR: s.content, OUT_DIR: s.out, SITE_URL: SITE });
}

async function hub(s: Site, pki: TestPki, env: Record<string, string> = {}): Promise<RunningProcess & { hubUrl: string; verified(part: string): boolean }> {
  const p = await startListening([join(ROOT, 'sidecar', 'runtime', 'node', 'main.ts')], {
    OUT_DIR: s.out,
    SITE_URL: SITE,
    HUB_DB: join(tempDir('bench-hub-db'), 'hub.sqlite'),
    NODE_EXTRA_CA_CERTS: pki.caFile,
    HUB_ALLOW_PRIVATE_CALLBACKS: '1',
    // the publish ping, not the poll, picks up a new build
    RELOAD_INTERVAL_MS: '600000',
    ...env,
  });
  return { ...p, hubUrl: `${p.url}/api/websub/hub`, verified: (part) => p.output().includes(`hub: subscribe verified: ${part}`) };
}

async function subscribe(hubUrl: string, callback: string, topic: string): Promise<void> {
  const res = await post(hubUrl, { 'hub.mode': 'subscribe', 'hub.callback': callback, 'hub.topic': topic, 'hub.secret': 'a-secret' });
  if (res.status !== 202) throw new Error(`subscribe ${callback} answered ${res.status}: ${await res.text()}`);
}

/** Seconds from an honest subscribe request to its verification, with `attackers` callbacks hanging first. */
async function verificationDelay(s: Site, pki: TestPki, honest: Callbacks, hanging: Callbacks, hosts: number, perHost: number): Promise<number> {
  const h = await hub(s, pki);
  try {
    // The engine thread starts with the first work: start it before anything is timed.
    const warm = `https://127.0.0.1:${honest.port}/warm/${Date.now()}`;
    await subscribe(h.hubUrl, warm, FEED);
    await until(() => h.verified(warm), 60_000, 'the warm-up verification');
    for (let i = 0; i < hosts * perHost; i++) {
      await subscribe(h.hubUrl, `https://${LOOPBACK_HOSTS[1 + (i % hosts)]}:${hanging.port}/hang/${i}`, FEED);
    }
    if (hosts > 0) await new Promise((r) => setTimeout(r, 500));
    const callback = `https://127.0.0.1:${honest.port}/honest/${Date.now()}`;
    const t = performance.now();
    await subscribe(h.hubUrl, callback, FEED);
    await until(() => h.verified(callback), 120_000, 'the honest verification');
    return (performance.now() - t) / 1000;
  } finally {
    await h.stop();
  }
}

/** Seconds from a publish to the last of 9 honest deliveries, beside `hosts` x `perHost` subscribers whose deliveries hang. */
async function deliveryDelay(s: Site, pki: TestPki, honest: Callbacks, hanging: Callbacks, hosts: number, perHost: number): Promise<number> {
  // The 279 subscribers are past the default cap on subscriptions; raised here, so what is measured is the lanes.
  const h = await hub(s, pki, { HUB_MAX_SUBSCRIPTIONS: '1000' });
  const tag = `d${Date.now()}`;
  try {
    const all = [
      ...Array.from({ length: hosts * perHost }, (_, i) => `https://${LOOPBACK_HOSTS[1 + (i % hosts)]}:${hanging.port}/hang/${tag}-${i}`),
      ...Array.from({ length: 9 }, (_, i) => `https://127.0.0.1:${honest.port}/${tag}/${i}`),
    ];
    for (const callback of all) await subscribe(h.hubUrl, callback, FEED);
    await until(() => all.every((c) => h.verified(c)), 120_000, 'every verification');
    change(s);
    const t = performance.now();
    const ping = await post(h.hubUrl, { 'hub.mode': 'publish', 'hub.url': FEED });
    if (ping.status !== 202) throw new Error(`publish answered ${ping.status}`);
    await until(() => honest.delivered(tag) >= 9, 120_000, 'the honest deliveries');
    return (performance.now() - t) / 1000;
  } finally {
    await h.stop();
  }
}

/** One publish of /reviews.json to HUB_MAX_SUBSCRIPTIONS subscribers spread over loopback hosts within the per-host cap. */
async function atTheCap(
  s: Site,
  pki: TestPki,
  sink: Callbacks,
): Promise<{ subscriptions: number; bodyBytes: number; bytes: number; cpuS: number; seconds: number }> {
  const cap = DEFAULTS.maxSubscriptions;
  // Setting up a full hub quickly; the caps themselves stay at their defaults.
  const h = await hub(s, pki, { HUB_SUBSCRIBE_RATE_PER_MIN: '1000000', HUB_MAX_PENDING_PER_HOST: '1000', HUB_MAX_PENDING: String(cap) });
  const tag = `c${Date.now()}`;
  try {
    const callbacksAll = Array.from({ length: cap }, (_, i) => `https://${LOOPBACK_HOSTS[i % LOOPBACK_HOSTS.length]}:${sink.port}/${tag}/${i}`);
    for (let i = 0; i < callbacksAll.length; i += 50) {
      await Promise.all(callbacksAll.slice(i, i + 50).map((c) => subscribe(h.hubUrl, c, REVIEWS)));
    }
    await until(() => (h.output().match(/hub: subscribe verified/g) ?? []).length >= cap, 300_000, 'every verification at the cap');
    const refused = await post(h.hubUrl, { 'hub.mode': 'subscribe', 'hub.callback': `https://127.0.0.1:${sink.port}/over`, 'hub.topic': REVIEWS });
    if (refused.status !== 429) throw new Error(`a subscription past the cap answered ${refused.status}`);
    change(s);
    const bodyBytes = statSync(join(s.out, 'site', 'reviews.json')).size;
    const pid = h.process.pid as number;
    const bytesBefore = sink.bytes();
    const cpuBefore = cpuSeconds(pid);
    const t = performance.now();
    const ping = await post(h.hubUrl, { 'hub.mode': 'publish', 'hub.url': REVIEWS });
    if (ping.status !== 202) throw new Error(`publish answered ${ping.status}`);
    await until(() => sink.delivered(tag) >= cap, 600_000, 'every delivery at the cap');
    return { subscriptions: cap, bodyBytes, bytes: sink.bytes() - bytesBefore, cpuS: cpuSeconds(pid) - cpuBefore, seconds: (performance.now() - t) / 1000 };
  } finally {
    await h.stop();
  }
}

export async function benchHubAttacks(): Promise<void> {
  const pki = makeTestPki();
  const s = site();
  const honest = await callbacks(pki, 'none');
  const hangGet = await callbacks(pki, 'GET');
  const hangPost = await callbacks(pki, 'POST');
  try {
    const verifyAlone = await verificationDelay(s, pki, honest, hangGet, 0, 0);
    const verifyAttacked = await verificationDelay(s, pki, honest, hangGet, 10, 10);
    const deliverAlone = await deliveryDelay(s, pki, honest, hangPost, 0, 0);
    const deliverAttacked = await deliveryDelay(s, pki, honest, hangPost, 30, 9);
    const cap = await atTheCap(s, pki, honest);
    const mb = cap.bytes / 1e6;
    console.log('\nWebSub hub under attack, the sidecar with the hub settings at their defaults');
    console.table([
      { measure: 'honest verification, alone (s)', value: verifyAlone.toFixed(2) },
      {
        measure: 'honest verification, 10 hosts x 10 hanging callbacks (s)',
        value: verifyAttacked.toFixed(2),
        ratio: (verifyAttacked / verifyAlone).toFixed(1),
      },
      { measure: '9 honest deliveries, alone (s)', value: deliverAlone.toFixed(2) },
      {
        measure: '9 honest deliveries, 30 hosts x 9 hanging subscribers (s)',
        value: deliverAttacked.toFixed(2),
        ratio: (deliverAttacked / deliverAlone).toFixed(1),
      },
      {
        measure: `publish at the cap: ${cap.subscriptions} subscriptions x reviews.json (${(cap.bodyBytes / 1e3).toFixed(0)} KB): MB sent`,
        value: mb.toFixed(0),
      },
      { measure: 'publish at the cap: hub CPU (s) / per MB sent (ms)', value: `${cap.cpuS.toFixed(2)} / ${((cap.cpuS * 1000) / mb).toFixed(2)}` },
      { measure: 'publish at the cap: publish → last delivery (s)', value: cap.seconds.toFixed(1) },
    ]);
    console.log(
      `Worst case per publish at the caps: HUB_MAX_SUBSCRIPTIONS (${DEFAULTS.maxSubscriptions}) x the largest topic; ` +
        `here ${mb.toFixed(0)} MB and ${cap.cpuS.toFixed(1)} s of CPU. Timeouts: verification ${HUB_SETTINGS.HUB_VERIFY_TIMEOUT_MS.default} ms, ` +
        `delivery ${HUB_SETTINGS.HUB_DELIVERY_TIMEOUT_MS.default} ms, slow hosts ${HUB_SETTINGS.HUB_SLOW_HOST_TIMEOUT_MS.default} ms.`,
    );
  } finally {
    await Promise.all([honest.close(), hangGet.close(), hangPost.close()]);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await benchHubAttacks();
