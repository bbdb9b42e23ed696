// The delivery and verification policies of sidecar/hub/README.md in both runtimes: the Node
// hub in process and the Durable Object under preview:worker (runtimes.ts). hub.test.ts holds the
// Node hub to every detail; this file holds both to the rules that decide a subscription's fate.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HUB_RUNTIMES } from '../helpers/hub/runtimes.ts';
import { type Behavior, echo, sleep, waitFor } from '../helpers/hub/subscriber.ts';
import { hubSuite } from '../helpers/hub/suite.ts';
import type { HubUnderTest } from '../helpers/hub/worker-hub.ts';

const suite = hubSuite<HubUnderTest>();
let counter = 0;

const path = (label: string) => `/policy-${label}-${++counter}`;
const posts = (p: string) => suite.sub.requests(p, 'POST');
/** What a timed-out wait reports: the hub's log and what the subscriber received. */
const explain = (h: HubUnderTest) => () =>
  [
    `hub log:`,
    ...h.logs.slice(-40),
    `subscriber received:`,
    ...suite.sub
      .requests('*')
      .map((r) => `${new Date(r.at).toISOString()} ${r.method} ${r.url}`)
      .slice(-40),
  ].join('\n');

/** Verification echoed; every delivery answered with `code`. */
const deliveries =
  (code: number): Behavior =>
  (req, res) => {
    if (req.method === 'GET') return echo(req, res);
    res.writeHead(code);
    res.end();
  };

describe.each(HUB_RUNTIMES)('the hub on $name', (runtime) => {
  async function newHub(env: Record<string, string> = {}): Promise<HubUnderTest> {
    const h = await runtime.start(suite.pki, env);
    suite.open.push(h);
    return h;
  }

  it('activates a subscription only for a 2xx whose body is exactly the challenge', async () => {
    const h = await newHub();
    const wrong = path('wrong-body');
    suite.sub.handle(wrong, (_req, res) => res.end('not the challenge'));
    const failing = path('status');
    suite.sub.handle(failing, (req, res) => {
      res.writeHead(500);
      res.end(req.query.get('hub.challenge') ?? '');
    });
    expect(await h.subscribe(suite.sub.url(wrong), h.urls.reviews)).toBe(false);
    expect(await h.subscribe(suite.sub.url(failing), h.urls.reviews)).toBe(false);
    const good = path('good');
    expect(await h.subscribe(suite.sub.url(good), h.urls.reviews)).toBe(true);
    const [a, b] = [suite.sub.requests(good, 'GET')[0], suite.sub.requests(wrong, 'GET')[0]];
    expect(a?.query.get('hub.challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a?.query.get('hub.challenge')).not.toBe(b?.query.get('hub.challenge'));
    h.setContent(h.urls.reviews, '{"policy":1}');
    await h.publish();
    await waitFor('the delivery to the good subscriber', () => posts(good).length === 1, 30_000, explain(h));
    await sleep(300);
    expect(posts(wrong)).toHaveLength(0);
    expect(posts(failing)).toHaveLength(0);
  });

  it('removes a subscription after 3 failed deliveries and sends hub.mode=denied, again when it got no answer; a 410 removes it at once', async () => {
    const h = await newHub({ HUB_RETRY_BASE_MS: '50' });
    const failing = path('failing');
    let held = false;
    const answering = deliveries(500);
    // The first denial is never answered: the hub gives up on that try, and makes another. (A
    // dropped connection would not do: both runtimes resend a GET whose kept-alive socket closed.)
    suite.sub.handle(failing, (req, res) => {
      if (req.query.get('hub.mode') === 'denied' && !held) {
        held = true;
        return;
      }
      answering(req, res);
    });
    const gone = path('gone');
    suite.sub.handle(gone, deliveries(410));
    const signed = path('signed');
    expect(await h.subscribe(suite.sub.url(failing), h.urls.reviews)).toBe(true);
    expect(await h.subscribe(suite.sub.url(gone), h.urls.reviews)).toBe(true);
    expect(await h.subscribe(suite.sub.url(signed), h.urls.reviews, { 'hub.secret': 'policy-secret' })).toBe(true);
    h.setContent(h.urls.reviews, '{"policy":2}');
    await h.publish();
    const sent = `hub: denial sent: ${suite.sub.url(failing)} ${h.urls.reviews}`;
    await waitFor('the denial', () => h.logs.some((l) => l.includes(sent)), 30_000, explain(h));
    expect(h.logs.some((l) => l.includes('will retry: ') && l.includes(`hub: denial not delivered (`) && l.includes(suite.sub.url(failing)))).toBe(true);
    const denials = suite.sub.requests(failing, 'GET').filter((r) => r.query.get('hub.mode') === 'denied');
    expect(denials).toHaveLength(2);
    const denial = denials[1];
    expect(denial?.query.get('hub.topic')).toBe(h.urls.reviews);
    expect(denial?.query.get('hub.reason')).toMatch(/500/);
    expect(posts(failing)).toHaveLength(3);
    expect(posts(gone)).toHaveLength(1);
    expect(suite.sub.requests(gone, 'GET').filter((r) => r.query.get('hub.mode') === 'denied')).toHaveLength(0);
    const delivery = posts(signed)[0];
    expect(delivery?.headers['x-hub-signature']).toBe(
      `sha256=${createHmac('sha256', 'policy-secret')
        .update(delivery?.body ?? '')
        .digest('hex')}`,
    );

    // Both are gone: the next change reaches only the signed subscriber.
    h.setContent(h.urls.reviews, '{"policy":3}');
    await h.publish();
    await waitFor('the second delivery', () => posts(signed).length === 2, 30_000, explain(h));
    await sleep(300);
    expect(posts(failing)).toHaveLength(3);
    expect(posts(gone)).toHaveLength(1);
  });

  it('purges a subscription when its lease ends, by the clock alone (Node: a timer; Worker: an alarm)', async () => {
    const h = await newHub();
    const short = path('short-lease');
    expect(await h.subscribe(suite.sub.url(short), h.urls.reviews, { 'hub.lease_seconds': '1' })).toBe(true);
    // No request reaches the hub from here on: only the loop's next due time (the lease's end) wakes it.
    await waitFor('the purge at the lease end', () => h.logs.some((l) => l.includes('hub: 1 subscription(s) expired')), 30_000, explain(h));
  });
});
