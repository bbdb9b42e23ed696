// The hub end to end, in process: real HTTPS subscribers on 127.0.0.1 trusting a throwaway CA.
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createOutbound, RefusedCallback } from '../../sidecar/runtime/node/hub/outbound.ts';
import { ATOM_TYPE, contentTypeFor } from '../../src/core/http/media.ts';
import { SITE, startTestHub, type TestHub } from '../helpers/hub/harness.ts';
import { acknowledge, type Behavior, echo, type Received, sleep, waitFor } from '../helpers/hub/subscriber.ts';
import { hubSuite } from '../helpers/hub/suite.ts';

const suite = hubSuite<TestHub>();
let counter = 0;

async function newHub(env: Record<string, string> = {}): Promise<TestHub> {
  const h = await startTestHub(suite.pki, env);
  suite.open.push(h);
  return h;
}

const path = (label: string) => `/${label}-${++counter}`;
const gets = (p: string) => suite.sub.requests(p, 'GET');
const posts = (p: string) => suite.sub.requests(p, 'POST');
const bodies = (p: string) => posts(p).map((r) => r.body.toString());
const waitPosts = (p: string, n: number, timeoutMs = 15_000) => waitFor(`${n} POST(s) to ${p}`, () => posts(p).length >= n, timeoutMs);

/** Answers a status with the challenge echoed (so only the status can make it fail). */
const statusEcho =
  (status: number): Behavior =>
  (req, res) => {
    res.writeHead(status);
    res.end(req.query.get('hub.challenge') ?? '');
  };
const status =
  (code: number, headers: Record<string, string> = {}): Behavior =>
  (_req, res) => {
    res.writeHead(code, headers);
    res.end();
  };
/** Deliveries answered by the given statuses in turn, then 204; verification echoed. */
const deliveryStatuses =
  (...codes: number[]): Behavior =>
  (req, res) => {
    if (req.method === 'GET') return echo(req, res);
    const code = codes.shift() ?? 204;
    res.writeHead(code);
    res.end();
  };

/**
 * Publishes new content and waits until a healthy control subscriber has received it: any
 * delivery the publish was going to cause has then had its chance (deliveries run side by side).
 */
async function publishAndSettle(h: TestHub, topic: string, body: string) {
  const control = path('control');
  expect(await h.subscribe(suite.sub.url(control), topic)).toBe(true);
  h.setContent(topic, body);
  await h.publish();
  await waitFor('the control delivery', () => bodies(control).includes(body));
  await sleep(100);
}

const hmac = (secret: string, body: Buffer) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('subscribing', () => {
  it('verifies with a GET, then delivers the exact content with Content-Type, Link and signature', async () => {
    const h = await newHub();
    const atom = h.urls.atomFeed;
    const p = path('happy');
    const res = await h.post({
      'hub.mode': 'subscribe',
      'hub.callback': suite.sub.url(p),
      'hub.topic': atom,
      'hub.lease_seconds': '7200',
      'hub.secret': 'hunter2',
      'hub.extra': 'ignored',
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);

    await h.waitLog('subscribe verified');
    const [verification] = gets(p) as [Received];
    expect(verification.query.get('hub.mode')).toBe('subscribe');
    expect(verification.query.get('hub.topic')).toBe(atom);
    expect(verification.query.get('hub.lease_seconds')).toBe('7200');
    expect(verification.query.get('hub.challenge')).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(verification.headers['user-agent']).toMatch(/websub-hub/);

    const body = '<?xml version="1.0"?><feed>new ✓</feed>';
    h.setContent(atom, body);
    expect(await h.publish()).toEqual([atom]);
    await waitPosts(p, 1);
    const [delivery] = posts(p) as [Received];
    expect(delivery.body.equals(Buffer.from(body))).toBe(true);
    expect(delivery.headers['content-type']).toBe(ATOM_TYPE);
    expect(delivery.headers.link).toBe(`<${SITE}/api/websub/hub>; rel="hub", <${atom}>; rel="self"`);
    expect(delivery.headers['x-hub-signature']).toBe(hmac('hunter2', delivery.body));
    expect(delivery.headers.cookie).toBeUndefined();
    expect(delivery.headers.authorization).toBeUndefined();
    expect(delivery.headers['user-agent']).toMatch(/websub-hub/);
  });

  it('sends no signature header without a secret', async () => {
    const h = await newHub();
    const p = path('nosecret');
    expect(await h.subscribe(suite.sub.url(p), h.urls.jsonFeed)).toBe(true);
    h.setContent(h.urls.jsonFeed, '{"version":"https://jsonfeed.org/version/1.1"}');
    await h.publish();
    await waitPosts(p, 1);
    expect(posts(p)[0]?.headers['x-hub-signature']).toBeUndefined();
  });

  it("keeps the callback's own query string on verification and delivery", async () => {
    const h = await newHub();
    const p = path('query');
    const callback = `${suite.sub.url(p)}?token=a%20b&hub.mode=mine`;
    expect(await h.subscribe(callback, h.urls.reviews)).toBe(true);
    expect(gets(p)[0]?.url).toMatch(new RegExp(`^${p}\\?token=a%20b&hub\\.mode=mine&hub\\.mode=subscribe&`));
    h.setContent(h.urls.reviews, '{"reviews":[1]}');
    await h.publish();
    await waitPosts(p, 1);
    expect(posts(p)[0]?.url).toBe(`${p}?token=a%20b&hub.mode=mine`);
  });

  it('gives every verification its own challenge', async () => {
    const h = await newHub();
    const [a, b] = [path('challenge'), path('challenge')];
    await h.subscribe(suite.sub.url(a), h.urls.atomFeed);
    await h.subscribe(suite.sub.url(b), h.urls.atomFeed);
    await h.subscribe(suite.sub.url(a), h.urls.atomFeed);
    const challenges = [...gets(a), ...gets(b)].map((r) => r.query.get('hub.challenge'));
    expect(new Set(challenges).size).toBe(3);
  });

  it('grants the default lease, and clamps requested leases to the limits', async () => {
    const h = await newHub();
    const [a, b] = [path('lease'), path('lease')];
    await h.subscribe(suite.sub.url(a), h.urls.atomFeed);
    await h.subscribe(suite.sub.url(b), h.urls.atomFeed, { 'hub.lease_seconds': '999999999' });
    expect(gets(a)[0]?.query.get('hub.lease_seconds')).toBe('864000');
    expect(gets(b)[0]?.query.get('hub.lease_seconds')).toBe('2592000');
  });

  it('accepts a callback on a host name, resolved and checked before connecting', async () => {
    const h = await newHub();
    const p = path('hostname');
    const callback = suite.sub.url(p).replace('127.0.0.1', 'localhost');
    expect(await h.subscribe(callback, h.urls.atomFeed)).toBe(true);
    h.setContent(h.urls.atomFeed, '<feed>named</feed>');
    await h.publish();
    await waitPosts(p, 1);
  });
});

describe('a verification that fails never activates the subscription', () => {
  const redirectTarget = '/redirected-here';
  const cases: Array<[string, Behavior, Record<string, string>?]> = [
    ['a wrong challenge', (_req, res) => res.end('not-the-challenge')],
    ['an empty body', status(200)],
    ['the challenge plus a newline', (req, res) => res.end(`${req.query.get('hub.challenge')}\n`)],
    ['a 404', statusEcho(404)],
    ['a 500', statusEcho(500)],
    ['a redirect', status(302, { location: redirectTarget })],
    ['a timeout', (req, res) => void setTimeout(() => echo(req, res), 5000), { HUB_VERIFY_TIMEOUT_MS: '1500' }],
  ];
  it.each(cases)('%s', async (_label, behavior, env = {}) => {
    const h = await newHub(env);
    const p = path('unverified');
    suite.sub.handle(p, (req, res) => (req.method === 'GET' ? behavior(req, res) : acknowledge(req, res)));
    suite.sub.handle(redirectTarget, echo);
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed)).toBe(false);
    await publishAndSettle(h, h.urls.atomFeed, `<feed>${p}</feed>`);
    expect(posts(p)).toHaveLength(0);
    expect(suite.sub.requests(redirectTarget)).toHaveLength(0);
  });
});

describe('requests rejected at once, with no GET to the callback', () => {
  const topic = `${SITE}/feed.xml`;
  const cases: Array<[string, (callback: string) => { form: Record<string, string> | string; type?: string }, number, RegExp]> = [
    ['a plain-http callback', (cb) => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': cb.replace('https:', 'http:'), 'hub.topic': topic } }), 400, /https/],
    ['an unknown topic', (cb) => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': cb, 'hub.topic': `${SITE}/insights.json` } }), 400, /topic/],
    ['a topic with a trailing slash', (cb) => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': cb, 'hub.topic': `${topic}/` } }), 400, /topic/],
    ['no hub.callback', () => ({ form: { 'hub.mode': 'subscribe', 'hub.topic': topic } }), 400, /hub\.callback/],
    ['no hub.topic', (cb) => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': cb } }), 400, /hub\.topic/],
    ['no hub.mode', (cb) => ({ form: { 'hub.callback': cb, 'hub.topic': topic } }), 400, /hub\.mode/],
    ['an unknown hub.mode', (cb) => ({ form: { 'hub.mode': 'follow', 'hub.callback': cb, 'hub.topic': topic } }), 400, /hub\.mode/],
    ['a relative callback', () => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': '/cb', 'hub.topic': topic } }), 400, /absolute/],
    ['a callback with a fragment', (cb) => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': `${cb}#x`, 'hub.topic': topic } }), 400, /fragment/],
    [
      'a callback with user info',
      (cb) => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': cb.replace('https://', 'https://u:p@'), 'hub.topic': topic } }),
      400,
      /user info/,
    ],
    [
      'a 200-byte secret',
      (cb) => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': cb, 'hub.topic': topic, 'hub.secret': 'x'.repeat(200) } }),
      400,
      /secret/,
    ],
    [
      'a multi-byte secret of 200 bytes',
      (cb) => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': cb, 'hub.topic': topic, 'hub.secret': 'é'.repeat(100) } }),
      400,
      /secret/,
    ],
    ['an empty secret', (cb) => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': cb, 'hub.topic': topic, 'hub.secret': '' } }), 400, /secret/],
    ...['0', '-5', '1.5', 'abc', '', '1e3'].map((lease): [string, (cb: string) => { form: Record<string, string> }, number, RegExp] => [
      `hub.lease_seconds=${lease}`,
      (cb) => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': cb, 'hub.topic': topic, 'hub.lease_seconds': lease } }),
      400,
      /lease/,
    ]),
    [
      'hub.callback given twice',
      (cb) => ({
        form: `hub.mode=subscribe&hub.topic=${encodeURIComponent(topic)}&hub.callback=${encodeURIComponent(cb)}&hub.callback=${encodeURIComponent(cb)}`,
      }),
      400,
      /twice|more than once/,
    ],
    [
      'a JSON body',
      (cb) => ({ form: JSON.stringify({ 'hub.mode': 'subscribe', 'hub.callback': cb, 'hub.topic': topic }), type: 'application/json' }),
      415,
      /form/,
    ],
    ['an oversized body', (cb) => ({ form: { 'hub.mode': 'subscribe', 'hub.callback': cb, 'hub.topic': topic, pad: 'x'.repeat(20_000) } }), 413, /larger/],
  ];
  it.each(cases)('%s', async (_label, make, expected, reason) => {
    const h = await newHub();
    const p = path('rejected');
    const { form, type } = make(suite.sub.url(p));
    const res = await h.post(form, type);
    expect(res.status).toBe(expected);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(reason);
    await sleep(100);
    expect(suite.sub.requests(p)).toHaveLength(0);
  });

  it('accepts a 199-byte secret', async () => {
    const h = await newHub();
    expect(await h.subscribe(suite.sub.url(path('secret199')), h.urls.atomFeed, { 'hub.secret': 's'.repeat(199) })).toBe(true);
  });

  it('answers other methods with 405 and Allow: POST', async () => {
    const h = await newHub();
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await fetch(h.hubUrl, { method });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('rate-limits subscription requests per callback host with 429 and Retry-After', async () => {
    const h = await newHub({ HUB_SUBSCRIBE_RATE_PER_MIN: '2' });
    const p = path('limited');
    await h.request('subscribe', suite.sub.url(p), h.urls.atomFeed);
    await h.request('subscribe', suite.sub.url(p), h.urls.jsonFeed);
    const res = await h.post({ 'hub.mode': 'subscribe', 'hub.callback': suite.sub.url(p), 'hub.topic': h.urls.reviews });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    await h.request('subscribe', suite.sub.url(p).replace('127.0.0.1', 'localhost'), h.urls.reviews);
  });
});

describe('re-subscribing and unsubscribing', () => {
  it('a re-subscription renews the lease and still gives one notification per publish', async () => {
    const h = await newHub();
    const p = path('resub');
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed)).toBe(true);
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed)).toBe(true);
    await publishAndSettle(h, h.urls.atomFeed, '<feed>once</feed>');
    await waitPosts(p, 1);
    expect(bodies(p)).toEqual(['<feed>once</feed>']);
  });

  it('a re-subscription replaces the secret only once verified', async () => {
    const h = await newHub();
    const p = path('resecret');
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed, { 'hub.secret': 'first' })).toBe(true);
    suite.sub.handle(p, (req, res) => (req.method === 'GET' ? statusEcho(404)(req, res) : acknowledge(req, res)));
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed, { 'hub.secret': 'second' })).toBe(false);
    await publishAndSettle(h, h.urls.atomFeed, '<feed>1</feed>');
    await waitPosts(p, 1);
    expect(posts(p).map((r) => r.headers['x-hub-signature'])).toEqual([hmac('first', Buffer.from('<feed>1</feed>'))]);

    suite.sub.handle(p, acknowledge);
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed, { 'hub.secret': 'second' })).toBe(true);
    await publishAndSettle(h, h.urls.atomFeed, '<feed>2</feed>');
    await waitPosts(p, 2);
    expect(posts(p)[1]?.headers['x-hub-signature']).toBe(hmac('second', Buffer.from('<feed>2</feed>')));
  });

  it('an unsubscribe, once verified, stops deliveries', async () => {
    const h = await newHub();
    const p = path('unsub');
    expect(await h.subscribe(suite.sub.url(p), h.urls.jsonFeed)).toBe(true);
    await h.request('unsubscribe', suite.sub.url(p), h.urls.jsonFeed);
    await h.waitLog(`unsubscribe verified: ${suite.sub.url(p)}`);
    const unsubscribe = gets(p)[1];
    expect(unsubscribe?.query.get('hub.mode')).toBe('unsubscribe');
    expect(unsubscribe?.query.get('hub.topic')).toBe(h.urls.jsonFeed);
    expect(unsubscribe?.query.has('hub.lease_seconds')).toBe(false);
    await publishAndSettle(h, h.urls.jsonFeed, '{"after":"unsubscribe"}');
    expect(posts(p)).toHaveLength(0);
  });

  it('an unsubscribe whose verification fails leaves deliveries on', async () => {
    const h = await newHub();
    const p = path('unsub-refused');
    suite.sub.handle(p, (req, res) => (req.query.get('hub.mode') === 'unsubscribe' ? statusEcho(404)(req, res) : acknowledge(req, res)));
    expect(await h.subscribe(suite.sub.url(p), h.urls.jsonFeed)).toBe(true);
    await h.request('unsubscribe', suite.sub.url(p), h.urls.jsonFeed);
    await h.waitLog(`unsubscribe not verified (status 404): ${suite.sub.url(p)}`);
    h.setContent(h.urls.jsonFeed, '{"still":"subscribed"}');
    await h.publish();
    await waitPosts(p, 1);
  });
});

describe('content distribution', () => {
  it('delivers each of the three topics with its own content type and body', async () => {
    const h = await newHub();
    const topics = [h.urls.atomFeed, h.urls.jsonFeed, h.urls.reviews];
    const paths = topics.map(() => path('topic'));
    for (const [i, topic] of topics.entries()) expect(await h.subscribe(suite.sub.url(paths[i] as string), topic)).toBe(true);
    for (const topic of topics) h.setContent(topic, `new content of ${topic}`);
    expect((await h.publish()).sort()).toEqual([...topics].sort());
    for (const [i, topic] of topics.entries()) {
      const p = paths[i] as string;
      await waitPosts(p, 1);
      const [delivery] = posts(p) as [Received];
      expect(delivery.headers['content-type']).toBe(contentTypeFor(new URL(topic).pathname));
      expect(delivery.body.toString()).toBe(`new content of ${topic}`);
      expect(delivery.headers.link).toContain(`<${topic}>; rel="self"`);
    }
  });

  it('retries a failed delivery (500, then 200) and delivers it', async () => {
    const h = await newHub();
    const p = path('retry');
    suite.sub.handle(p, deliveryStatuses(500));
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed)).toBe(true);
    h.setContent(h.urls.atomFeed, '<feed>retried</feed>');
    await h.publish();
    await waitPosts(p, 2);
    await sleep(200);
    expect(bodies(p)).toEqual(['<feed>retried</feed>', '<feed>retried</feed>']);
  });

  it('removes the subscription after 3 failed deliveries and tells the subscriber', async () => {
    const h = await newHub();
    const p = path('three-strikes');
    suite.sub.handle(p, deliveryStatuses(500, 503, 302));
    expect(await h.subscribe(suite.sub.url(p), h.urls.reviews)).toBe(true);
    h.setContent(h.urls.reviews, '{"fails":1}');
    await h.publish();
    await waitFor('the denial', () => gets(p).some((r) => r.query.get('hub.mode') === 'denied'));
    const denial = gets(p).find((r) => r.query.get('hub.mode') === 'denied');
    expect(denial?.query.get('hub.topic')).toBe(h.urls.reviews);
    expect(denial?.query.get('hub.reason')).toMatch(/302/);
    expect(posts(p)).toHaveLength(3);
    await publishAndSettle(h, h.urls.reviews, '{"fails":2}');
    expect(posts(p)).toHaveLength(3);
  });

  it('tries a denial that gets no answer 3 times in all, logging each, then gives it up', async () => {
    const h = await newHub();
    const p = path('drops-denial');
    suite.sub.handle(p, (req, res) => {
      if (req.query.get('hub.mode') === 'denied') return void res.socket?.destroy();
      if (req.method === 'GET') return echo(req, res);
      res.writeHead(500);
      res.end();
    });
    expect(await h.subscribe(suite.sub.url(p), h.urls.reviews)).toBe(true);
    h.setContent(h.urls.reviews, '{"drops":1}');
    await h.publish();
    const about = ` ${suite.sub.url(p)} ${h.urls.reviews}`;
    await h.waitLog(`given up:${about}`);
    const outcomes = h.logs.filter((l) => l.startsWith('hub: denial ')).map((l) => /, (will retry|given up):/.exec(l)?.[1]);
    expect(outcomes).toEqual(['will retry', 'will retry', 'given up']);
    const tries = gets(p).filter((r) => r.query.get('hub.mode') === 'denied').length;
    await publishAndSettle(h, h.urls.reviews, '{"drops":2}');
    await sleep(300);
    expect(gets(p).filter((r) => r.query.get('hub.mode') === 'denied')).toHaveLength(tries);
  });

  it('keeps and sends the denials queued in a database from before denials were tried again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hub-old-'));
    const file = join(dir, 'hub.sqlite');
    const p = path('old-denial');
    const old = new Database(file);
    old.exec('CREATE TABLE denials (id INTEGER PRIMARY KEY, callback TEXT NOT NULL, topic TEXT NOT NULL, reason TEXT NOT NULL)');
    old.prepare('INSERT INTO denials (callback, topic, reason) VALUES (?, ?, ?)').run(suite.sub.url(p), `${SITE}/reviews.json`, 'from before');
    old.close();
    const h = await newHub({ HUB_DB: file });
    await waitFor('the queued denial', () => gets(p).some((r) => r.query.get('hub.reason') === 'from before'));
    await h.waitLog(`hub: denial sent: ${suite.sub.url(p)} ${SITE}/reviews.json`);
  });

  it('removes the subscription at once when the callback answers 410', async () => {
    const h = await newHub();
    const p = path('gone');
    suite.sub.handle(p, deliveryStatuses(410));
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed)).toBe(true);
    h.setContent(h.urls.atomFeed, '<feed>gone</feed>');
    await h.publish();
    await h.waitLog(`answered 410, subscription removed: ${suite.sub.url(p)}`);
    await publishAndSettle(h, h.urls.atomFeed, '<feed>after gone</feed>');
    expect(posts(p)).toHaveLength(1);
    expect(gets(p).filter((r) => r.query.get('hub.mode') === 'denied')).toHaveLength(0);
  });

  it('treats a redirect answer to a delivery as a failure and does not follow it', async () => {
    const h = await newHub();
    const p = path('redirect-delivery');
    suite.sub.handle(p, (req, res) => (req.method === 'GET' ? echo(req, res) : status(307, { location: '/elsewhere' })(req, res)));
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed)).toBe(true);
    h.setContent(h.urls.atomFeed, '<feed>moved</feed>');
    await h.publish();
    await h.waitLog(`will retry (delivery answered with status 307): ${suite.sub.url(p)}`);
    expect(suite.sub.requests('/elsewhere')).toHaveLength(0);
  });

  it('notifies nobody when the published content is unchanged', async () => {
    const h = await newHub();
    const p = path('unchanged');
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed)).toBe(true);
    expect(await h.publish()).toEqual([]);
    h.setContent(h.urls.atomFeed, '<feed>v1</feed>');
    expect(await h.publish()).toEqual([h.urls.atomFeed]);
    await waitPosts(p, 1);
    expect(await h.publish()).toEqual([]);
    await sleep(200);
    expect(posts(p)).toHaveLength(1);
  });

  it('sends only the newest content when a topic changes twice before the subscriber is reached', async () => {
    // the two publishes below must land inside the first retry's wait, even on a paused runner
    const h = await newHub({ HUB_RETRY_BASE_MS: '2000' });
    const p = path('newest');
    suite.sub.handle(p, deliveryStatuses(500));
    expect(await h.subscribe(suite.sub.url(p), h.urls.jsonFeed)).toBe(true);
    h.setContent(h.urls.jsonFeed, '{"v":1}');
    await h.publish();
    await waitPosts(p, 1);
    h.setContent(h.urls.jsonFeed, '{"v":2}');
    await h.publish();
    h.setContent(h.urls.jsonFeed, '{"v":3}');
    await h.publish();
    await waitPosts(p, 2);
    await sleep(300);
    expect(bodies(p)).toEqual(['{"v":1}', '{"v":3}']);
  });

  it('ends with the newest content after two quick publishes', async () => {
    const h = await newHub();
    const p = path('quick');
    expect(await h.subscribe(suite.sub.url(p), h.urls.reviews)).toBe(true);
    h.setContent(h.urls.reviews, '{"v":"a"}');
    const first = h.publish();
    h.setContent(h.urls.reviews, '{"v":"b"}');
    await Promise.all([first, h.publish()]);
    await waitFor('the newest content', () => bodies(p).at(-1) === '{"v":"b"}');
    await sleep(200);
    expect(bodies(p).at(-1)).toBe('{"v":"b"}');
    expect(posts(p).length).toBeLessThanOrEqual(2);
  });

  it('does not let a subscriber that never answers hold up the others', async () => {
    const h = await newHub({ HUB_DELIVERY_CONCURRENCY: '2', HUB_DELIVERY_TIMEOUT_MS: '10000' });
    const stuck = path('stuck');
    suite.sub.handle(stuck, (req, res) => (req.method === 'GET' ? echo(req, res) : undefined));
    expect(await h.subscribe(suite.sub.url(stuck), h.urls.atomFeed)).toBe(true);
    const healthy = Array.from({ length: 6 }, () => path('healthy'));
    for (const p of healthy) expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed)).toBe(true);
    h.setContent(h.urls.atomFeed, '<feed>fan-out</feed>');
    const started = Date.now();
    await h.publish();
    await waitFor('every healthy subscriber', () => healthy.every((p) => posts(p).length === 1), 8000);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(posts(stuck)).toHaveLength(1);
  });

  it('stops deliveries once the lease has run out', async () => {
    const h = await newHub();
    const p = path('expiring');
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed, { 'hub.lease_seconds': '1' })).toBe(true);
    expect(gets(p)[0]?.query.get('hub.lease_seconds')).toBe('1');
    await sleep(1100);
    await publishAndSettle(h, h.urls.atomFeed, '<feed>after expiry</feed>');
    expect(posts(p)).toHaveLength(0);
  });
});

describe('publish pings', () => {
  it('hub.mode=publish runs the same check, and notifies only on change', async () => {
    const h = await newHub();
    const p = path('ping');
    expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed)).toBe(true);
    const ping = () => h.post({ 'hub.mode': 'publish', 'hub.url': h.urls.atomFeed });
    const unchanged = await ping();
    expect(unchanged.status).toBe(202);
    expect(await unchanged.text()).toMatch(/Unchanged/);
    h.setContent(h.urls.atomFeed, '<feed>pinged</feed>');
    const changed = await ping();
    expect(changed.status).toBe(202);
    expect(await changed.text()).toContain(h.urls.atomFeed);
    await waitPosts(p, 1);
    expect(h.pings()).toBe(2);
  });

  it('rejects a ping for an unknown topic or none, and rate-limits pings', async () => {
    const h = await newHub({ HUB_PUBLISH_RATE_PER_MIN: '2' });
    expect((await h.post({ 'hub.mode': 'publish', 'hub.url': `${SITE}/insights.json` })).status).toBe(400);
    expect((await h.post({ 'hub.mode': 'publish' })).status).toBe(400);
    expect((await h.post({ 'hub.mode': 'publish', 'hub.topic': h.urls.reviews })).status).toBe(202);
    expect((await h.post({ 'hub.mode': 'publish', 'hub.url': h.urls.reviews })).status).toBe(202);
    const limited = await h.post({ 'hub.mode': 'publish', 'hub.url': h.urls.reviews });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('npm run publish (scripts/publish.ts)', () => {
  // Not spawnSync: the hub answering the script lives in this process's event loop.
  const run = (hubUrl: string) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
      execFile(
        resolve('node_modules/.bin/node'),
        ['scripts/publish.ts'],
        { env: { ...process.env, SITE_URL: SITE, SIDECAR_URL: new URL(hubUrl).origin } },
        (error, stdout, stderr) => done({ status: error ? (error.code as number) : 0, stdout, stderr }),
      );
    });

  it('pings the hub for the three topics; a second run with unchanged content notifies nobody', async () => {
    const h = await newHub();
    const p = path('publish-script');
    expect(await h.subscribe(suite.sub.url(p), h.urls.reviews)).toBe(true);
    h.setContent(h.urls.reviews, '{"published":true}');
    const first = await run(h.hubUrl);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain(h.urls.reviews);
    await waitPosts(p, 1);
    const second = await run(h.hubUrl);
    expect(second.status, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/Unchanged/);
    await sleep(200);
    expect(posts(p)).toHaveLength(1);
  });
});

describe('private callbacks', () => {
  it('refuses loopback and other private callbacks at subscribe time when HUB_ALLOW_PRIVATE_CALLBACKS is off', async () => {
    const h = await newHub({ HUB_ALLOW_PRIVATE_CALLBACKS: '0' });
    const p = path('private');
    const port = new URL(suite.sub.origin).port;
    for (const callback of [
      suite.sub.url(p),
      `https://localhost:${port}${p}`,
      `https://[::1]:${port}${p}`,
      `https://[::ffff:127.0.0.1]:${port}${p}`,
      `https://[::ffff:7f00:1]:${port}${p}`,
      `https://169.254.169.254${p}`,
      `https://10.1.2.3${p}`,
    ]) {
      const res = await h.post({ 'hub.mode': 'subscribe', 'hub.callback': callback, 'hub.topic': h.urls.atomFeed });
      expect(res.status, callback).toBe(400);
      expect(await res.text()).toMatch(/refused/);
    }
    await sleep(100);
    expect(suite.sub.requests(p)).toHaveLength(0);
  });

  it('refuses to connect to a private address at request time as well', async () => {
    const outbound = createOutbound({ allowPrivate: false, maxResponseBytes: 1024, userAgent: 'test', extraCaFile: suite.pki.caFile, maxSockets: 1 });
    const p = path('connect-time');
    await expect(outbound.send('GET', suite.sub.url(p), { timeoutMs: 500 })).rejects.toBeInstanceOf(RefusedCallback);
    await expect(outbound.send('GET', suite.sub.url(p).replace('127.0.0.1', 'localhost'), { timeoutMs: 500 })).rejects.toBeInstanceOf(RefusedCallback);
    outbound.close();
    expect(suite.sub.requests(p)).toHaveLength(0);
  });

  it('reads no more than the cap from a response', async () => {
    const outbound = createOutbound({ allowPrivate: true, maxResponseBytes: 1024, userAgent: 'test', extraCaFile: suite.pki.caFile, maxSockets: 1 });
    const p = path('huge');
    suite.sub.handle(p, (_req, res: ServerResponse) => {
      res.writeHead(200);
      res.end('x'.repeat(1_000_000));
    });
    const res = await outbound.send('GET', suite.sub.url(p), { timeoutMs: 2000 });
    outbound.close();
    expect(res.truncated).toBe(true);
    expect(res.body.length).toBe(1024);
  });
});
