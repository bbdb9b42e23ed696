// callbacks that hang must not starve honest subscribers, and the caps
// bound what strangers can queue. Real HTTPS servers on distinct loopback hosts (127.0.0.N)
// stand in for an attacker's hosts; their callbacks accept the connection and never answer.
import { afterEach, describe, expect, it } from 'vitest';
import { LOOPBACK_HOSTS } from '../helpers/pki.ts';
import { HUB_RUNTIMES } from '../helpers/hub/runtimes.ts';
import { acknowledge, type Behavior, type Subscriber, startSubscriber, waitFor } from '../helpers/hub/subscriber.ts';
import { hubSuite } from '../helpers/hub/suite.ts';
import type { HubUnderTest } from '../helpers/hub/worker-hub.ts';

const servers: Subscriber[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
// after the servers' hook, so that its own (closing the hubs) runs first
const suite = hubSuite<HubUnderTest>();

/** Attacker hosts 127.0.0.2 …; hangOn() makes them hang. */
async function hangingHosts(count: number): Promise<Subscriber[]> {
  const hosts = await Promise.all(LOOPBACK_HOSTS.slice(1, count + 1).map((h) => startSubscriber(suite.pki, h)));
  servers.push(...hosts);
  return hosts;
}

/** Requests that reached a hanging server and were given up by the hub so far. */
function abandoned(hosts: Subscriber[]): number {
  return hosts.reduce((n, s) => n + s.given().length, 0);
}

/**
 * Hanging requests the hub may give up before an honest one is served: none where it has the
 * slots (Node). Where the runtime keeps only `connections` open (Worker), each round of
 * timeouts serves at least `connections - 1` hosts not yet known as slow (one connection may go
 * to a slow host), so the honest host waits at most that many rounds: with FIFO it would wait
 * for every hanging request queued before it.
 */
function givenUp(hosts: number, connections: number | undefined): number {
  return connections === undefined ? 0 : Math.ceil(hosts / (connections - 1)) * connections;
}

let counter = 0;
const path = (label: string) => `/${label}-${++counter}`;

describe.each(HUB_RUNTIMES)('the hub on $name', (runtime) => {
  async function newHub(env: Record<string, string>): Promise<HubUnderTest> {
    const h = await runtime.start(suite.pki, env);
    suite.open.push(h);
    return h;
  }

  describe('verification cannot be starved', () => {
    it('verifies an honest subscriber while 10 hosts x 10 callbacks hang, before any of them times out (Worker: after one round)', async () => {
      // Node: a timeout far longer than the wait below, so an honest verification that has to
      // wait for a hanging one to give up cannot pass. Worker: Cloudflare keeps only a few
      // connections open at once, so the first round of hanging requests must time out before
      // anyone else is called; then those hosts are slow hosts, kept to one connection, and the
      // honest one is next (not after the 100 queued before it).
      const rounds = runtime.connections;
      const timeout = rounds === undefined ? '30000' : '2000';
      const h = await newHub({ HUB_VERIFY_TIMEOUT_MS: timeout, HUB_CONNECT_TIMEOUT_MS: timeout });
      const attackers = await hangingHosts(10);
      for (const s of attackers) hangOn(s, 'GET');
      for (const s of attackers) for (let i = 0; i < 10; i++) await h.request('subscribe', s.url(path('hang')), h.urls.atomFeed);
      await waitFor(
        'the hanging verifications to start',
        () => attackers.filter((s) => s.requests('*', 'GET').length > 0).length >= Math.min(10, rounds ?? 10),
        30_000,
      );
      const p = path('honest');
      const before = abandoned(attackers);
      // up to 25 s on a loaded runner: still before any hanging verification gives up (30 s on Node)
      expect(await h.subscribe(suite.sub.url(p), h.urls.atomFeed, {}, 25_000)).toBe(true);
      expect(abandoned(attackers) - before).toBeLessThanOrEqual(givenUp(10, rounds));
    });

    it('answers 429 once a host, or everyone, has too many requests waiting for verification', async () => {
      const h = await newHub({ HUB_VERIFY_TIMEOUT_MS: '30000', HUB_MAX_PENDING_PER_HOST: '3', HUB_MAX_PENDING: '5' });
      const [a, b] = await hangingHosts(2);
      for (const s of [a, b] as Subscriber[]) hangOn(s, 'GET');
      const sub = (s: Subscriber, p: string) => h.post({ 'hub.mode': 'subscribe', 'hub.callback': s.url(p), 'hub.topic': h.urls.atomFeed });
      for (let i = 0; i < 3; i++) expect((await sub(a as Subscriber, `/a${i}`)).status).toBe(202);
      const perHost = await sub(a as Subscriber, '/a3');
      expect(perHost.status).toBe(429);
      expect(Number(perHost.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await perHost.text()).toMatch(/waiting for verification on 127\.0\.0\.2/);
      // A newer request for a pair already waiting replaces it, so it is not refused.
      expect((await sub(a as Subscriber, '/a0')).status).toBe(202);
      for (let i = 0; i < 2; i++) expect((await sub(b as Subscriber, `/b${i}`)).status).toBe(202);
      expect((await sub(b as Subscriber, '/b2')).status).toBe(429);
    });
  });

  describe('delivery cannot be starved or amplified without bound', () => {
    it('delivers to honest subscribers while 12 hosts x 4 subscribers hang, before any of them times out (Worker: after one round)', async () => {
      // As for verification above: on the Worker the first round of connections may hang.
      const rounds = runtime.connections;
      const timeout = rounds === undefined ? '30000' : '2000';
      const h = await newHub({ HUB_DELIVERY_TIMEOUT_MS: timeout, HUB_CONNECT_TIMEOUT_MS: timeout });
      const attackers = await hangingHosts(12);
      for (const s of attackers) hangOn(s, 'POST');
      for (const s of attackers) for (let i = 0; i < 4; i++) expect(await h.subscribe(s.url(path('hang')), h.urls.reviews)).toBe(true);
      const good = [path('honest'), path('honest'), path('honest')];
      for (const p of good) expect(await h.subscribe(suite.sub.url(p), h.urls.reviews)).toBe(true);
      h.setContent(h.urls.reviews, '{"reviews":["new"]}');
      await h.publish();
      await waitFor('the honest deliveries', () => good.every((p) => suite.sub.requests(p, 'POST').length === 1), 20_000);
      expect(abandoned(attackers)).toBeLessThanOrEqual(givenUp(12, rounds));
    });

    it('gives a host that hung the short timeout from then on', async () => {
      const h = await newHub({ HUB_DELIVERY_TIMEOUT_MS: '3000', HUB_SLOW_HOST_TIMEOUT_MS: '200', HUB_RETRY_BASE_MS: '50' });
      const [slow] = await hangingHosts(1);
      hangOn(slow as Subscriber, 'POST');
      expect(await h.subscribe((slow as Subscriber).url('/slow'), h.urls.reviews)).toBe(true);
      h.setContent(h.urls.reviews, '{"reviews":["slow"]}');
      await h.publish();
      await waitFor('two attempts given up', () => (slow as Subscriber).given().length >= 2, 10_000);
      const [first, second] = (slow as Subscriber).given() as [number, number];
      expect(first).toBeGreaterThanOrEqual(2500);
      expect(second).toBeLessThan(1500);
    });

    it('does not activate a subscribe verified after the hub filled up', async () => {
      const h = await newHub({ HUB_MAX_SUBSCRIPTIONS: '1' });
      const [a] = await hangingHosts(1);
      const slow: Behavior = (req, res) => void setTimeout(() => acknowledge(req, res), 300);
      (a as Subscriber).handle('/first', slow);
      (a as Subscriber).handle('/second', slow);
      // Both are admitted while nothing is active; the second to be verified finds the hub full.
      await h.request('subscribe', (a as Subscriber).url('/first'), h.urls.atomFeed);
      await h.request('subscribe', (a as Subscriber).url('/second'), h.urls.atomFeed);
      await h.waitLog(`: ${(a as Subscriber).url('/second')} ${h.urls.atomFeed}`);
      await h.waitLog(`: ${(a as Subscriber).url('/first')} ${h.urls.atomFeed}`);
      const outcomes = h.logs.filter((l) => l.startsWith('hub: subscribe ') && l.includes((a as Subscriber).origin));
      expect(outcomes.filter((l) => l.startsWith('hub: subscribe verified'))).toHaveLength(1);
      expect(outcomes.filter((l) => l.includes('not verified (the hub has no room'))).toHaveLength(1);
    });

    it('answers 429 past the subscriptions allowed per callback host and in total; a renewal still passes', async () => {
      const h = await newHub({ HUB_MAX_SUBSCRIPTIONS_PER_HOST: '2', HUB_MAX_SUBSCRIPTIONS: '3' });
      const [a, b] = await hangingHosts(2);
      const sub = (s: Subscriber, p: string) => h.post({ 'hub.mode': 'subscribe', 'hub.callback': s.url(p), 'hub.topic': h.urls.atomFeed });
      expect(await h.subscribe((a as Subscriber).url('/1'), h.urls.atomFeed)).toBe(true);
      expect(await h.subscribe((a as Subscriber).url('/2'), h.urls.atomFeed)).toBe(true);
      const full = await sub(a as Subscriber, '/3');
      expect(full.status).toBe(429);
      expect(await full.text()).toMatch(/at most 2 subscriptions on callbacks on 127\.0\.0\.2/);
      expect(await h.subscribe((a as Subscriber).url('/1'), h.urls.atomFeed)).toBe(true);
      // The same callback on another topic is another subscription.
      expect(
        (
          await sub(a as Subscriber, '/1').then(() =>
            h.post({ 'hub.mode': 'subscribe', 'hub.callback': (a as Subscriber).url('/1'), 'hub.topic': h.urls.reviews }),
          )
        ).status,
      ).toBe(429);
      expect(await h.subscribe((b as Subscriber).url('/1'), h.urls.atomFeed)).toBe(true);
      const total = await sub(b as Subscriber, '/2');
      expect(total.status).toBe(429);
      expect(await total.text()).toMatch(/no room for more subscriptions/);
      // An unsubscribe is never refused by these caps, and frees the room once verified.
      await h.request('unsubscribe', (a as Subscriber).url('/2'), h.urls.atomFeed);
      await h.waitLog(`unsubscribe verified: ${(a as Subscriber).url('/2')}`);
      expect(await h.subscribe((b as Subscriber).url('/2'), h.urls.atomFeed)).toBe(true);
    });
  });
});

/** Makes every request of `method` to the server hang (the other method is answered as usual). */
function hangOn(s: Subscriber, method: 'GET' | 'POST') {
  s.handle('*', (req, res) => (req.method === method ? undefined : acknowledge(req, res)));
}
