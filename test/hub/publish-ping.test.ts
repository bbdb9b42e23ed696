// anonymous publish pings cannot fail the operator's publish. A ping from this
// machine, or one signed with HUB_PUBLISH_SECRET, is honoured outside the anonymous limit; the
// anonymous ping keeps its limit and never makes the hub check more than once a second.
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLISH_SIGNATURE_HEADER, signPublish } from '../../sidecar/hub/publish-signature.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { SITE, type TestHub } from '../helpers/hub/harness.ts';
import { HUB_RUNTIMES } from '../helpers/hub/runtimes.ts';
import { waitFor } from '../helpers/hub/subscriber.ts';
import { hubSuite } from '../helpers/hub/suite.ts';
import type { HubUnderTest } from '../helpers/hub/worker-hub.ts';

const SECRET = 'a-publish-secret-of-some-length';

const suite = hubSuite<HubUnderTest>();
/** The subscriber is shared by both runtimes' tests: every test has paths of its own. */
let paths = 0;

const LIMITED = { HUB_PUBLISH_RATE_PER_MIN: '12' };

/** Anonymous pings all at once, as a client on the internet sends them through a proxy on this machine. */
function flood(h: HubUnderTest, count: number): Promise<number[]> {
  const ping = () =>
    fetch(h.hubUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.7' },
      body: new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': h.urls.reviews }),
    }).then((res) => res.status);
  return Promise.all(Array.from({ length: count }, ping));
}

// Not spawnSync: the hub answering the script lives in this process's event loop.
const runPublish = (hubUrl: string, env: Record<string, string> = {}) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    execFile(
      resolve('node_modules/.bin/node'),
      ['scripts/publish.ts'],
      { env: { ...process.env, SITE_URL: SITE, SIDECAR_URL: new URL(hubUrl).origin, HUB_PUBLISH_SECRET: '', ...env } },
      (error, stdout, stderr) => done({ status: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });

async function signedPing(h: HubUnderTest, header: string, body = new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': h.urls.reviews }).toString()) {
  return fetch(h.hubUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', [PUBLISH_SIGNATURE_HEADER]: header }, body });
}

describe.each(HUB_RUNTIMES)('the hub on $name', (runtime) => {
  describe('the operator publishes while strangers flood the ping', () => {
    async function newHub(env: Record<string, string>, peer: 'socket' | string): Promise<HubUnderTest> {
      const h = await runtime.start(suite.pki, env, peer);
      suite.open.push(h);
      return h;
    }

    // Behind Cloudflare no request comes from this machine: there, only the signature lifts the limit.
    if (runtime.local)
      it('honours `npm run publish` from this machine after the anonymous allowance is used up', async () => {
        const h = await newHub(LIMITED, 'socket');
        const p = `/local-publish-${++paths}`;
        expect(await h.subscribe(suite.sub.url(p), h.urls.reviews)).toBe(true);
        const statuses = await flood(h, 20);
        expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
        h.setContent(h.urls.reviews, '{"local":true}');
        const run = await runPublish(h.hubUrl);
        expect(run.status, run.stderr).toBe(0);
        expect(run.stderr).not.toMatch(/429/);
        await waitFor('the delivery', () => suite.sub.requests(p, 'POST').length === 1, 15_000);
      });
    else
      it('gives an unsigned ping from this machine no privilege on the Worker: after the allowance it is refused like any other', async () => {
        const h = await newHub(LIMITED, 'socket');
        expect((await flood(h, 20)).filter((s) => s === 429).length).toBeGreaterThan(0);
        const res = await fetch(h.hubUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': h.urls.reviews }),
        });
        expect(res.status).toBe(429);
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      });

    it('honours a ping signed with HUB_PUBLISH_SECRET from elsewhere, once; refuses a wrong, stale or replayed one', async () => {
      const h = await newHub({ ...LIMITED, HUB_PUBLISH_SECRET: SECRET }, '203.0.113.9');
      const p = `/signed-publish-${++paths}`;
      expect(await h.subscribe(suite.sub.url(p), h.urls.reviews)).toBe(true);
      expect((await flood(h, 20)).filter((s) => s === 429).length).toBeGreaterThan(0);
      h.setContent(h.urls.reviews, '{"signed":true}');
      await h.deploy();
      const run = await runPublish(h.hubUrl, { HUB_PUBLISH_SECRET: SECRET });
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain(h.urls.reviews);
      await waitFor('the delivery', () => suite.sub.requests(p, 'POST').length === 1, 15_000);

      const body = new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': h.urls.reviews }).toString();
      const header = await signPublish(SECRET, PATHS.hub, body, Date.now());
      expect((await signedPing(h, header, body)).status).toBe(202);
      const replay = await signedPing(h, header, body);
      expect(replay.status).toBe(403);
      expect(await replay.text()).toMatch(/used already/);
      const wrong = await signedPing(h, await signPublish('another-secret-of-some-length', PATHS.hub, body, Date.now()), body);
      expect(wrong.status).toBe(403);
      expect(await wrong.text()).toMatch(/does not match/);
      const stale = await signedPing(h, await signPublish(SECRET, PATHS.hub, body, Date.now() - 10 * 60_000), body);
      expect(stale.status).toBe(403);
      // The signature covers the body: another topic list is another request.
      const other = new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': h.urls.atomFeed }).toString();
      expect((await signedPing(h, await signPublish(SECRET, PATHS.hub, body, Date.now()), other)).status).toBe(403);
      const script = await runPublish(h.hubUrl, { HUB_PUBLISH_SECRET: 'another-secret-of-some-length' });
      expect(script.status).toBe(1);
      expect(script.stderr).toMatch(/403/);
      expect(script.stderr + script.stdout).not.toContain('another-secret');
    });

    it('keeps the anonymous ping, limited as before, and never checks more than once a second for it', async () => {
      const h = await newHub({ HUB_PUBLISH_RATE_PER_MIN: '100' }, '203.0.113.9');
      const pings = 'pings' in h ? (h as unknown as TestHub).pings : undefined;
      const before = pings?.() ?? 0;
      const statuses = await flood(h, 10);
      expect(statuses.every((s) => s === 202)).toBe(true);
      // One check for the pings that came before it started, one a second later for the rest (counted where the hub is in process).
      if (pings) expect(pings() - before).toBeLessThanOrEqual(2);
      const limited = await newHub(LIMITED, '203.0.113.9');
      const answers = await flood(limited, 14);
      expect(answers.filter((s) => s === 202)).toHaveLength(12);
      expect(answers.filter((s) => s === 429)).toHaveLength(2);
    });
  });
});
