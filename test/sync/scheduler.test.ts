// The sync on a schedule inside the real sidecar, end to end to a WebSub subscriber over HTTPS;
// one pass at a time across processes; and a pass killed with SIGKILL.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeApis } from '../helpers/stand-ins/fake-apis.ts';
import { makeTestPki, type TestPki } from '../helpers/pki.ts';
import { buildInProcess } from '../helpers/build.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { type Subscriber, startSubscriber, waitFor } from '../helpers/hub/subscriber.ts';
import { filesUnder, newGoogleReview, readJson, runSync, SECRETS, seed, startFakes, startSync, workspace } from '../helpers/sync.ts';

const SITE = 'https://reviews.example';
let pki: TestPki;
let fake: FakeApis;
let subscriber: Subscriber;
let server: RunningServer;
let w: ReturnType<typeof workspace>;

const hubEnv = () => ({
  HUB_ALLOW_PRIVATE_CALLBACKS: '1',
  NODE_EXTRA_CA_CERTS: pki.caFile,
  HUB_RETRY_BASE_MS: '100',
  HUB_PUBLISH_RATE_PER_MIN: '1000',
});

beforeAll(async () => {
  pki = makeTestPki();
  fake = await startFakes(pki);
  seed(fake);
  subscriber = await startSubscriber(pki);
  w = workspace();
  await buildInProcess({ CONTENT_DIR: w.content, OUT_DIR: w.out, SITE_URL: SITE });
  server = await startServer({
    ...fake.settings(),
    ...hubEnv(),
    CONTENT_DIR: w.content,
    OUT_DIR: w.out,
    SYNC_DIR: w.syncDir,
    SITE_URL: SITE,
    SYNC_INTERVAL_S: '2',
    // normal priority: on a machine busy with other work a niced pass can take minutes (docs/benchmarks.md)
    SYNC_NICENESS: '0',
  });
});
afterAll(async () => {
  await server?.stop();
  await subscriber?.close();
  await fake?.close();
});

const feedDeliveries = () => subscriber.requests('/cb/feed', 'POST').map((r) => r.body.toString());

describe('the sync on a schedule (SYNC_INTERVAL_S)', () => {
  it('brings reviews in by itself and pushes the new feed to a WebSub subscriber', { timeout: 300_000 }, async () => {
    const res = await fetch(`${server.url}/api/websub/hub`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.callback': subscriber.url('/cb/feed'), 'hub.topic': `${SITE}/api/feed.json` }),
    });
    expect(res.status).toBe(202);
    // the first pass (2 s after start) brings in the seeded reviews
    await waitFor('the first pass', () => feedDeliveries().some((b) => b.includes('trustpilot-')), 120_000);

    fake.googleReviews.push(newGoogleReview(7, 'Scheduled pass review: Aylin cleared the drain before breakfast.'));
    await waitFor('the new review at the subscriber', () => feedDeliveries().some((b) => b.includes('cleared the drain before breakfast')), 120_000);
    const status = readJson(join(w.syncDir, 'status.json'));
    expect(status.sources.google.last_outcome).toBe('ok');
    expect(server.output()).toMatch(/sync: pass ended \(ok\)/);
    expect(server.output()).toMatch(/sync: Publish ping: done/);
    for (const secret of Object.values(SECRETS)) expect(server.output()).not.toContain(secret);
  });

  it('runs one pass at a time across processes: a second pass while one runs is skipped', async () => {
    const own = workspace();
    const env = { ...fake.settings(), CONTENT_DIR: own.content, OUT_DIR: own.out, SYNC_DIR: own.syncDir, NODE_EXTRA_CA_CERTS: pki.caFile };
    const seen = fake.count('/v1/');
    fake.hook = (r) => (r.path.startsWith('/v1/') ? { delayMs: 3000 } : undefined);
    try {
      const first = startSync(env, ['--content-only']);
      await waitFor('the first pass at Trustpilot', () => fake.count('/v1/') > seen, 20_000);
      const second = await runSync(env, ['--content-only']);
      expect(second.status, second.stderr).toBe(0);
      expect(second.stdout).toMatch(/Another sync pass is running .*skipped/);
      const done = await first.done;
      expect(done.status, done.stderr).toBe(0);
    } finally {
      fake.hook = undefined;
    }
  });

  it('after a kill -9 mid-pass the lock is free, the next pass completes, and content and build agree', { timeout: 240_000 }, async () => {
    const own = workspace();
    const env = { ...fake.settings(), ...hubEnv(), CONTENT_DIR: own.content, OUT_DIR: own.out, SYNC_DIR: own.syncDir, SITE_URL: SITE, SIDECAR_URL: server.url };
    await buildInProcess({ CONTENT_DIR: own.content, OUT_DIR: own.out, SITE_URL: SITE });
    const victim = startSync(env, [], () => undefined);
    let output = '';
    victim.child.stdout?.on('data', (c: Buffer) => {
      output += c.toString();
    });
    await waitFor('the build to start', () => output.includes('Build…'), 120_000);
    victim.child.kill('SIGKILL');
    const killed = await victim.done;
    expect(killed.signal).toBe('SIGKILL');
    expect(readJson(join(own.syncDir, 'status.json')).pass.outcome).toBe('running');

    const next = await runSync(env);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stdout).toMatch(/Build: done/);
    const content = readJson(join(own.content, 'reviews.json'))
      .map((r: { id: string }) => r.id)
      .sort();
    const built = readJson(join(own.out, 'site', 'reviews.json'))
      .reviews.map((r: { id: string }) => r.id)
      .sort();
    expect(built).toEqual(content);
    expect(content.length).toBeGreaterThan(100);
    expect(readJson(join(own.syncDir, 'status.json')).pass.outcome).toBe('ok');
    const files = [...filesUnder(own.syncDir), ...filesUnder(own.content)];
    for (const secret of Object.values(SECRETS)) for (const file of files) expect(readFileSync(file).includes(secret)).toBe(false);
  });
});
