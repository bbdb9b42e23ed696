// The hub's Durable Object spends at most HUB_SUBREQUESTS_PER_ALARM outbound requests per alarm
// (Cloudflare's subrequests per invocation) and chains its alarms while work is left:
// a fan-out larger than one alarm's share is delivered in full, signed, with no alarm over its cap.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPki, type TestPki } from '../helpers/pki.ts';
import { type Subscriber, startSubscriber, waitFor } from '../helpers/hub/subscriber.ts';
import { type HubUnderTest, startWorkerHub } from '../helpers/hub/worker-hub.ts';

const PER_ALARM = 4;
const CALLBACKS = 12;

let pki: TestPki;
let subs: Subscriber[];
let hub: HubUnderTest;

beforeAll(async () => {
  pki = makeTestPki();
  subs = await Promise.all(['127.0.0.1', '127.0.0.2', '127.0.0.3'].map((host) => startSubscriber(pki, host)));
  hub = await startWorkerHub(pki, { HUB_SUBREQUESTS_PER_ALARM: String(PER_ALARM) });
});
afterAll(async () => {
  await hub?.close();
  await Promise.all((subs ?? []).map((s) => s.close()));
});

const alarms = () => hub.logs.flatMap((l) => /hub: alarm made (\d+) outbound request\(s\)/.exec(l)?.[1] ?? []).map(Number);
const posts = () => subs.flatMap((s) => s.requests('*', 'POST'));

describe('the hub Durable Object under wrangler dev', () => {
  it(`spreads ${CALLBACKS} verifications and ${CALLBACKS} deliveries over alarms of at most ${PER_ALARM} requests each`, async () => {
    const callbacks = Array.from({ length: CALLBACKS }, (_, i) => (subs[i % subs.length] as Subscriber).url(`/alarms/${i}`));
    for (const [i, callback] of callbacks.entries()) await hub.request('subscribe', callback, hub.urls.atomFeed, { 'hub.secret': `secret-${i}` });
    await waitFor('every verification', () => hub.logs.filter((l) => l.startsWith('hub: subscribe verified')).length === CALLBACKS, 30_000);

    const before = alarms().length;
    hub.setContent(hub.urls.atomFeed, 'changed');
    await hub.publish();
    await waitFor('every delivery', () => posts().length === CALLBACKS, 30_000);
    await waitFor(
      'the last alarm',
      () =>
        alarms()
          .slice(before)
          .reduce((a, b) => a + b, 0) >= CALLBACKS,
      10_000,
    );

    const all = alarms();
    expect(Math.max(...all)).toBeLessThanOrEqual(PER_ALARM);
    // the deliveries needed at least ceil(12 / 4) alarms, chained without another request to wake them
    expect(all.slice(before).filter((n) => n > 0).length).toBeGreaterThanOrEqual(CALLBACKS / PER_ALARM);
    expect(new Set(posts().map((r) => r.path)).size).toBe(CALLBACKS);
    for (const r of posts()) expect(r.headers['x-hub-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});
