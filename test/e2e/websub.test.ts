import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPki, type TestPki } from '../helpers/pki.ts';
import { buildInProcess } from '../helpers/build.ts';
import { NODE, ROOT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { startServer } from '../helpers/server.ts';
import { type RunningWorker, startWorker } from '../helpers/worker.ts';
import { type Subscriber, sleep, startSubscriber, waitFor } from '../helpers/hub/subscriber.ts';

// The WebSub hub inside the real sidecar and inside the Worker (its Durable Object under
// wrangler dev): subscriptions verified over real HTTPS, a new build notifies subscribers with
// the served bytes, and a delivery cut by kill -9 is completed after a restart on the same state.
const SITE = 'https://reviews.example';
const TOPICS = ['/feed.xml', '/api/feed.json', '/reviews.json'];

/** A server under test: the Node sidecar, or the Worker under wrangler dev (workerd). */
interface Served {
  url: string;
  output: () => string;
  kill9: () => Promise<void>;
  restart: () => Promise<Served>;
  stop: () => Promise<void>;
}

interface Runtime {
  name: string;
  start: (out: string, state: string, env: Record<string, string>) => Promise<Served>;
  /** A new build reaches subscribers only after `npm run publish` (a deploy), not by itself. */
  publishes: boolean;
}

function sidecar(out: string, state: string, env: Record<string, string>): Promise<Served> {
  const settings = { ...env, OUT_DIR: out, HUB_DB: join(state, 'hub.sqlite') };
  return startServer(settings).then((s) => ({
    url: s.url,
    output: s.output,
    kill9: () => s.stop('SIGKILL'),
    restart: () => sidecar(out, state, env),
    stop: () => s.stop(),
  }));
}

function worker(out: string, state: string, env: Record<string, string>): Promise<Served> {
  const wrap = (w: RunningWorker): Served => ({ url: w.url, output: w.output, kill9: w.kill9, restart: () => w.restart().then(wrap), stop: w.stop });
  return startWorker({ outDir: out, stateDir: state, env }).then(wrap);
}

const RUNTIMES: Runtime[] = [
  { name: 'the real sidecar', start: sidecar, publishes: false },
  { name: 'preview:worker (workerd, the hub in its Durable Object)', start: worker, publishes: true },
];

describe.each(RUNTIMES)('WebSub through $name', (runtime) => {
  let pki: TestPki;
  let subscriber: Subscriber;
  let content: string;
  let out: string;
  let state: string;
  let server: Served;

  const env = () => ({
    SITE_URL: SITE,
    HUB_ALLOW_PRIVATE_CALLBACKS: '1',
    NODE_EXTRA_CA_CERTS: pki.caFile,
    HUB_RETRY_BASE_MS: '100',
    HUB_VERIFY_TIMEOUT_MS: '2000',
    HUB_DELIVERY_TIMEOUT_MS: '2000',
    HUB_PUBLISH_RATE_PER_MIN: '1000',
  });

  const publish = () =>
    spawnSync(NODE, [join(ROOT, 'scripts/publish.ts')], {
      env: { ...process.env, SITE_URL: SITE, SIDECAR_URL: server.url, HUB_PUBLISH_SECRET: '' },
      encoding: 'utf8',
    });

  async function changeContent(title: string) {
    const reviews = JSON.parse(readFileSync(join(content, 'reviews.json'), 'utf8'));
    reviews[0].title = title;
    writeFileSync(join(content, 'reviews.json'), JSON.stringify(reviews));
    await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
    if (!runtime.publishes) return;
    // As after a deploy: once the new build is served, the publish ping tells the hub.
    await waitUntil('the new build to be served', async () => (await (await fetch(`${server.url}/reviews.json`)).text()).includes(title), 60_000);
    const run = publish();
    expect(run.status, run.stderr).toBe(0);
  }

  async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number) {
    const until = Date.now() + timeoutMs;
    while (!(await check().catch(() => false))) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await sleep(200);
    }
  }

  async function subscribe(path: string, topic: string, extra: Record<string, string> = {}) {
    const res = await fetch(`${server.url}/api/websub/hub`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.callback': subscriber.url(path), 'hub.topic': `${SITE}${topic}`, ...extra }),
    });
    expect(res.status).toBe(202);
    // the hub logs after it has stored the outcome: the subscriber's GET alone comes too early
    const mode = extra['hub.mode'] ?? 'subscribe';
    await waitFor(`verification of ${path}`, () => server.output().includes(`hub: ${mode} verified: ${subscriber.url(path)} ${SITE}${topic}`));
  }

  beforeAll(async () => {
    pki = makeTestPki();
    subscriber = await startSubscriber(pki);
    const tmp = tempDir('e2e-websub');
    content = join(tmp, 'content');
    cpSync(SMALL_CONTENT, content, { recursive: true });
    out = join(tmp, 'dist');
    state = join(tmp, 'state');
    mkdirSync(state);
    await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
    server = await runtime.start(out, state, env());
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await subscriber?.close();
  });

  it('delivers each topic, as GET serves it, when a new build is swapped in (and, on the Worker, published)', async () => {
    for (const topic of TOPICS) await subscribe(`/cb${topic}`, topic, topic === '/reviews.json' ? { 'hub.secret': 's3cret' } : {});
    const verification = subscriber.requests('/cb/feed.xml', 'GET')[0];
    expect(verification?.query.get('hub.mode')).toBe('subscribe');
    expect(verification?.query.get('hub.topic')).toBe(`${SITE}/feed.xml`);

    await changeContent('A brand new title');
    for (const topic of TOPICS) await waitFor(`delivery of ${topic}`, () => subscriber.requests(`/cb${topic}`, 'POST').length > 0, 10_000);

    for (const topic of TOPICS) {
      const delivery = subscriber.requests(`/cb${topic}`, 'POST')[0];
      const served = await fetch(`${server.url}${topic}`);
      expect(delivery?.body.equals(Buffer.from(await served.arrayBuffer()))).toBe(true);
      expect(delivery?.headers['content-type']).toBe(served.headers.get('content-type'));
      expect(delivery?.headers.link).toBe(`<${SITE}/api/websub/hub>; rel="hub", <${SITE}${topic}>; rel="self"`);
      expect(delivery?.body.toString()).toContain('A brand new title');
    }
    expect(subscriber.requests('/cb/reviews.json', 'POST')[0]?.headers['x-hub-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(subscriber.requests('/cb/feed.xml', 'POST')[0]?.headers['x-hub-signature']).toBeUndefined();
  });

  it('notifies nobody when `npm run publish` finds the content unchanged', async () => {
    const before = subscriber.requests('/cb/feed.xml', 'POST').length;
    const run = publish();
    expect(run.status, run.stderr).toBe(0);
    await sleep(500);
    expect(subscriber.requests('/cb/feed.xml', 'POST')).toHaveLength(before);
  });

  it('completes a delivery interrupted by SIGKILL after a restart', async () => {
    // the subscriber holds the first delivery open, so it is in flight when the sidecar dies
    let held = 0;
    subscriber.handle('/cb/api/feed.json', (req, res) => {
      if (req.method === 'POST' && held++ === 0) return;
      res.writeHead(req.method === 'GET' ? 200 : 204);
      res.end(req.method === 'GET' ? (req.query.get('hub.challenge') ?? '') : undefined);
    });
    const before = subscriber.requests('/cb/api/feed.json', 'POST').length;
    await changeContent('Written before the crash');
    await waitFor('the held delivery', () => held > 0, 10_000);
    await server.kill9();

    server = await server.restart();
    await waitFor('the delivery after restart', () => subscriber.requests('/cb/api/feed.json', 'POST').length > before + 1, 10_000);
    const last = subscriber.requests('/cb/api/feed.json', 'POST').at(-1);
    expect(last?.body.toString()).toContain('Written before the crash');
  });
});
