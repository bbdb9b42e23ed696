import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPki, type TestPki } from '../../scripts/harness/pki.ts';
import { buildInProcess } from '../helpers/build.ts';
import { NODE, ROOT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { type Subscriber, sleep, startSubscriber, waitFor } from '../hub/subscriber.ts';

// The WebSub hub inside the real sidecar: subscriptions verified over real HTTPS, and a new
// build swapped in under the running server notifies subscribers with the served bytes.
const SITE = 'https://reviews.example';
const TOPICS = ['/feed.xml', '/api/feed.json', '/reviews.json'];

let pki: TestPki;
let subscriber: Subscriber;
let content: string;
let out: string;
let hubDb: string;
let server: RunningServer;

const env = () => ({
  OUT_DIR: out,
  SITE_URL: SITE,
  HUB_DB: hubDb,
  HUB_ALLOW_PRIVATE_CALLBACKS: '1',
  NODE_EXTRA_CA_CERTS: pki.caFile,
  HUB_RETRY_BASE_MS: '100',
  HUB_VERIFY_TIMEOUT_MS: '2000',
  HUB_DELIVERY_TIMEOUT_MS: '2000',
  HUB_PUBLISH_RATE_PER_MIN: '1000',
});

async function changeContent(title: string) {
  const reviews = JSON.parse(readFileSync(join(content, 'reviews.json'), 'utf8'));
  reviews[0].title = title;
  writeFileSync(join(content, 'reviews.json'), JSON.stringify(reviews));
  await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
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
  hubDb = join(tmp, 'hub.sqlite');
  await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
  server = await startServer(env());
});
afterAll(async () => {
  await server?.stop();
  await subscriber?.close();
});

describe('WebSub through the real sidecar', () => {
  it('delivers each topic, as GET serves it, when a new build is swapped in', async () => {
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
    const run = spawnSync(NODE, [join(ROOT, 'scripts/publish.ts')], { env: { ...process.env, SITE_URL: SITE, SIDECAR_URL: server.url }, encoding: 'utf8' });
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
    await server.stop('SIGKILL');

    server = await startServer(env());
    await waitFor('the delivery after restart', () => subscriber.requests('/cb/api/feed.json', 'POST').length > before + 1, 10_000);
    const last = subscriber.requests('/cb/api/feed.json', 'POST').at(-1);
    expect(last?.body.toString()).toContain('Written before the crash');
  });
});
