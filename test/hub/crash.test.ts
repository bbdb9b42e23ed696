// The hub killed with SIGKILL while verifications and deliveries are pending: after a restart
// on the same database everything completes, and no subscription is lost or duplicated.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTestPki, type TestPki } from '../helpers/pki.ts';
import { SITE, TEST_ENV } from '../helpers/hub/harness.ts';
import { acknowledge, type Behavior, type Subscriber, sleep, startSubscriber, waitFor } from '../helpers/hub/subscriber.ts';

/** The entry the test runs; point HUB_TEST_ENTRY at the sidecar's main file to test that. */
const ENTRY = process.env.HUB_TEST_ENTRY ?? 'test/helpers/hub/hub-process.ts';
const NODE = resolve('node_modules/.bin/node');

let pki: TestPki;
let sub: Subscriber;
let dir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  pki = makeTestPki();
  sub = await startSubscriber(pki);
  dir = mkdtempSync(join(tmpdir(), 'hub-crash-'));
  mkdirSync(join(dir, 'site', 'api'), { recursive: true });
  writeTopics('v1');
});
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await sub.close();
});

function writeTopics(version: string) {
  writeFileSync(join(dir, 'site', 'feed.xml'), `<feed>${version}</feed>`);
  writeFileSync(join(dir, 'site', 'api', 'feed.json'), `{"version":"${version}"}`);
  writeFileSync(join(dir, 'site', 'reviews.json'), `{"reviews":[],"version":"${version}"}`);
}

async function startHubProcess(logs: string[]): Promise<{ child: ChildProcess; hubUrl: string }> {
  const child = spawn(NODE, [ENTRY], {
    env: {
      ...process.env,
      ...TEST_ENV,
      HUB_DB: join(dir, 'hub.sqlite'),
      TOPICS_DIR: join(dir, 'site'),
      SITE_URL: SITE,
      PORT: '0',
      NODE_EXTRA_CA_CERTS: pki.caFile,
      HUB_DELIVERY_CONCURRENCY: '2',
      HUB_VERIFY_CONCURRENCY: '2',
      HUB_DELIVERY_TIMEOUT_MS: '10000',
      HUB_VERIFY_TIMEOUT_MS: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on('line', (l) => logs.push(l));
  const origin = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).on('line', (l) => {
      const m = /Listening on (http:\/\/\S+)/.exec(l);
      if (m) done(m[1] as string);
    });
    child.once('exit', (code) => fail(new Error(`hub process exited with ${code}: ${logs.join('\n')}`)));
  });
  return { child, hubUrl: `${origin}/api/websub/hub` };
}

const postForm = (hubUrl: string, form: Record<string, string>) =>
  fetch(hubUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

it('completes every pending verification and delivery after a kill -9 and restart', async () => {
  const topic = `${SITE}/feed.xml`;
  const logsA: string[] = [];
  const a = await startHubProcess(logsA);

  const active = Array.from({ length: 6 }, (_, i) => `/crash-active-${i}`);
  for (const p of active) expect((await postForm(a.hubUrl, { 'hub.mode': 'subscribe', 'hub.callback': sub.url(p), 'hub.topic': topic })).status).toBe(202);
  await waitFor('6 verified subscriptions', () => logsA.filter((l) => l.startsWith('hub: subscribe verified')).length === 6);

  // From now on the subscribers take requests and never answer them.
  const hang: Behavior = () => {};
  for (const p of active) sub.handle(p, hang);
  const pending = Array.from({ length: 3 }, (_, i) => `/crash-pending-${i}`);
  for (const p of pending) sub.handle(p, hang);

  writeTopics('v2');
  const ping = await postForm(a.hubUrl, { 'hub.mode': 'publish', 'hub.url': topic });
  expect(await ping.text()).toContain('Changed');
  for (const p of pending) expect((await postForm(a.hubUrl, { 'hub.mode': 'subscribe', 'hub.callback': sub.url(p), 'hub.topic': topic })).status).toBe(202);
  // Concurrency 2: two deliveries and two verifications in flight, the rest still queued.
  await waitFor(
    'work in flight',
    () => active.filter((p) => sub.requests(p, 'POST').length > 0).length === 2 && pending.filter((p) => sub.requests(p).length > 0).length === 2,
  );

  a.child.kill('SIGKILL');
  await new Promise((done) => a.child.once('exit', done));
  for (const p of [...active, ...pending]) sub.handle(p, acknowledge);
  const seen = new Map([...active, ...pending].map((p) => [p, sub.requests(p).length]));
  const after = (p: string) => sub.requests(p).slice(seen.get(p));

  const logsB: string[] = [];
  const b = await startHubProcess(logsB);
  await waitFor(
    'v2 delivered to every active subscriber',
    () => active.every((p) => after(p).some((r) => r.method === 'POST' && r.body.toString() === '<feed>v2</feed>')),
    10_000,
  );
  await waitFor(
    'every pending subscription verified',
    () => pending.every((p) => logsB.some((l) => l === `hub: subscribe verified: ${sub.url(p)} ${topic}`)),
    10_000,
  );

  writeTopics('v3');
  expect(await (await postForm(b.hubUrl, { 'hub.mode': 'publish', 'hub.url': topic })).text()).toContain('Changed');
  const v3 = (p: string) => sub.requests(p, 'POST').filter((r) => r.body.toString() === '<feed>v3</feed>').length;
  await waitFor('v3 delivered to all 9 subscriptions', () => [...active, ...pending].every((p) => v3(p) >= 1), 10_000);
  await sleep(300);
  for (const p of [...active, ...pending]) expect(v3(p), p).toBe(1);

  b.child.kill('SIGTERM');
  await new Promise((done) => b.child.once('exit', done));
});

it('delivers a publish answered 202 after a kill -9 right after the answer', async () => {
  const topic = `${SITE}/feed.xml`;
  const p = '/crash-publish';
  sub.handle(p, acknowledge);
  const logsA: string[] = [];
  const a = await startHubProcess(logsA);
  expect((await postForm(a.hubUrl, { 'hub.mode': 'subscribe', 'hub.callback': sub.url(p), 'hub.topic': topic })).status).toBe(202);
  await waitFor('the verified subscription', () => logsA.some((l) => l === `hub: subscribe verified: ${sub.url(p)} ${topic}`));
  // The subscriber takes the delivery and never answers it: it is in flight, not done, at the kill.
  sub.handle(p, (req, res) => (req.method === 'POST' ? undefined : acknowledge(req, res)));
  writeTopics('published-before-the-kill');
  const ping = await postForm(a.hubUrl, { 'hub.mode': 'publish', 'hub.url': topic });
  expect(ping.status).toBe(202);
  a.child.kill('SIGKILL');
  await new Promise((done) => a.child.once('exit', done));
  sub.handle(p, acknowledge);
  const logsB: string[] = [];
  await startHubProcess(logsB);
  await waitFor(
    'the change delivered after the restart',
    () => sub.requests(p, 'POST').some((r) => r.body.toString() === '<feed>published-before-the-kill</feed>'),
    10_000,
  );
});
