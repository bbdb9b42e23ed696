// Fair admission at the total (sidecar/hub/admission.ts), in both runtimes: an anonymous client
// on 30 callback hosts × 9 paths, each answering the challenge, fills the default total of 100;
// nine honest subscribers, each on a host of its own and subscribing afterwards, must all get in
// and get the next publish. Each takes the place of the newest subscription of a host over its
// fair share, which is sent hub.mode=denied; one that acknowledged a delivery goes only after
// every one that did not.
import { afterEach, describe, expect, it } from 'vitest';
import { LOOPBACK_HOSTS } from '../helpers/pki.ts';
import { HUB_RUNTIMES } from '../helpers/hub/runtimes.ts';
import { type Behavior, echo, type Subscriber, startSubscriber, waitFor } from '../helpers/hub/subscriber.ts';
import { hubSuite } from '../helpers/hub/suite.ts';
import type { HubUnderTest } from '../helpers/hub/worker-hub.ts';

const servers: Subscriber[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
const suite = hubSuite<HubUnderTest>();

const ATTACKER_HOSTS = 30;
const PATHS = 9;
const HONEST = 9;
const TOTAL = 100;

/** Even paths never acknowledge a delivery (500); odd ones do (204). */
const acked = (path: number) => path % 2 === 1;
const attackerPath =
  (path: number): Behavior =>
  (req, res) => {
    if (req.method === 'GET') return echo(req, res);
    res.writeHead(acked(path) ? 204 : 500);
    res.end();
  };

describe.each(HUB_RUNTIMES)('the hub on $name', (runtime) => {
  it('lets 9 honest hosts in past an attacker holding the whole total on 30 hosts x 9 paths, displacing unacknowledged subscriptions first', async () => {
    // A failed delivery is tried again only an hour later: the unacknowledged stay subscribed through the test.
    const h = await runtime.start(suite.pki, { HUB_RETRY_BASE_MS: '3600000' });
    suite.open.push(h);
    const hosts = await Promise.all(LOOPBACK_HOSTS.slice(1, 1 + ATTACKER_HOSTS + HONEST).map((a) => startSubscriber(suite.pki, a)));
    servers.push(...hosts);
    const attackers = hosts.slice(0, ATTACKER_HOSTS);
    const honest = hosts.slice(ATTACKER_HOSTS);
    const topic = h.urls.reviews;
    const outcomes = () => h.logs.filter((l) => l.startsWith('hub: subscribe ')).length;
    const displaced = () => h.logs.filter((l) => l.startsWith('hub: subscription displaced')).map((l) => l.split(': ')[2]?.split(' ')[0] ?? '');

    let accepted = 0;
    for (const a of attackers) {
      for (let p = 1; p <= PATHS; p++) {
        a.handle(`/p${p}`, attackerPath(p));
        const r = await h.post({ 'hub.mode': 'subscribe', 'hub.callback': a.url(`/p${p}`), 'hub.topic': topic });
        if (r.status === 202) accepted += 1;
        else expect(r.status).toBe(429);
      }
    }
    await waitFor('every accepted request verified or left out', () => outcomes() >= accepted, 120_000);
    const verified = h.logs.filter((l) => l.startsWith('hub: subscribe verified')).length;
    expect(verified - displaced().length).toBe(TOTAL);
    const live = (a: Subscriber) => (p: number) => {
      const url = a.url(`/p${p}`);
      return h.logs.some((l) => l.includes(`hub: subscribe verified: ${url} ${topic}`)) && !displaced().includes(url);
    };

    // Every live subscription gets one delivery: the odd paths acknowledge it, the even ones fail once.
    h.setContent(topic, '{"reviews":["before the honest ones"]}');
    await h.publish();
    const owed = attackers.flatMap((a) =>
      Array.from({ length: PATHS }, (_, i) => i + 1)
        .filter(live(a))
        .map((p) => ({ a, p })),
    );
    expect(owed).toHaveLength(TOTAL);
    await waitFor('the deliveries before', () => owed.every(({ a, p }) => a.requests(`/p${p}`, 'POST').length >= 1), 120_000);
    await waitFor(
      'their outcomes recorded',
      () => h.logs.filter((l) => l.startsWith('hub: will retry')).length >= owed.filter(({ p }) => !acked(p)).length,
      30_000,
    );

    const before = displaced().length;
    for (const s of honest) expect(await h.subscribe(s.url('/honest'), topic, {}, 60_000)).toBe(true);
    const mine = displaced().slice(before);
    expect(mine).toHaveLength(HONEST);
    // The ones displaced for the honest hosts had not acknowledged a delivery, and each is told.
    for (const url of mine) expect(acked(Number(/\/p(\d+)$/.exec(url)?.[1]))).toBe(false);
    const denied = (url: string) => {
      const u = new URL(url);
      const a = attackers.find((s) => s.origin === u.origin) as Subscriber;
      return a.requests(u.pathname, 'GET').some((r) => r.query.get('hub.mode') === 'denied' && r.query.get('hub.topic') === topic);
    };
    await waitFor('a denial to each displaced callback', () => mine.every(denied), 60_000);

    // The honest ones get the next change.
    h.setContent(topic, '{"reviews":["with the honest ones"]}');
    await h.publish();
    await waitFor('the honest deliveries', () => honest.every((s) => s.requests('/honest', 'POST').length === 1), 120_000);
  });
});
