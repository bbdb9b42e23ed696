// A hub database that is damaged, missing or emptied: the real sidecar still serves everything
// else, the hub answers 503 with a reason, the log says what to do, nothing loops, and a lost
// set of subscriptions is noticed through the marker file beside the database.
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPki, type TestPki } from '../helpers/pki.ts';
import { markerPath } from '../../sidecar/runtime/node/hub/marker.ts';
import { openStore } from '../../sidecar/runtime/node/hub/store.ts';
import { NODE, ROOT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { startServer } from '../helpers/server.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { ACCEPT, initializeRequest } from '../helpers/mcp.ts';
import { startTestHub } from '../helpers/hub/harness.ts';
import { type Subscriber, sleep, startSubscriber, waitFor } from '../helpers/hub/subscriber.ts';

const SITE = 'https://reviews.example';
const FEED = `${SITE}/feed.xml`;

let pki: TestPki;
let sub: Subscriber;
let out: string;

beforeAll(async () => {
  pki = makeTestPki();
  sub = await startSubscriber(pki);
  out = await sharedBuild(SMALL_CONTENT, SITE);
});
afterAll(async () => {
  await sub.close();
});

/** A real hub database with 300 queued verifications and a 50 kB topic: many pages to damage. */
function goodDatabase(path: string): number {
  const store = openStore(path);
  for (let i = 0; i < 300; i++) {
    store.requestVerification({ callback: `https://s.example/${i}/${'x'.repeat(200)}`, topic: FEED, mode: 'subscribe', secret: null, leaseSeconds: 3600 }, 0);
  }
  store.publishTopic({ topic: FEED, etag: '"a"', contentType: 'application/atom+xml', body: Buffer.alloc(50_000, 1) }, 0);
  store.close();
  return statSync(path).size;
}

const DAMAGE: Record<string, { reason: string; advice: string; make: (path: string) => void }> = {
  'a garbage header': {
    reason: 'not an SQLite database',
    advice: 'Restore it from a backup',
    make: (path) => writeFileSync(path, Buffer.alloc(8192, 0x5a)),
  },
  'a truncated file': {
    reason: 'damaged',
    advice: 'Restore it from a backup',
    make: (path) => truncateSync(path, Math.floor(goodDatabase(path) / 2)),
  },
  'a directory': {
    reason: 'cannot be opened',
    advice: 'is a directory',
    make: (path) => mkdirSync(path),
  },
  'corrupted pages behind a valid header': {
    reason: 'damaged',
    advice: 'Restore it from a backup',
    make: (path) => {
      goodDatabase(path);
      const fd = openSync(path, 'r+');
      writeSync(fd, Buffer.alloc(3 * 4096, 0xab), 0, 3 * 4096, 2 * 4096);
      closeSync(fd);
    },
  },
};

const postForm = (url: string, form: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

describe('the sidecar with a damaged HUB_DB', () => {
  it.each(Object.keys(DAMAGE))('starts with %s, serves everything else, and the hub answers 503 with a reason', async (kind) => {
    const damage = DAMAGE[kind] as (typeof DAMAGE)[string];
    const hubDb = join(tempDir('hub-db'), 'hub.sqlite');
    damage.make(hubDb);
    const server = await startServer({ OUT_DIR: out, SITE_URL: SITE, HUB_DB: hubDb, HUB_ALLOW_PRIVATE_CALLBACKS: '1' });
    try {
      expect((await fetch(`${server.url}/reviews.json`)).status).toBe(200);
      expect((await fetch(`${server.url}/api/reviews/search?query=service`)).status).toBe(200);
      const mcp = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: ACCEPT },
        body: JSON.stringify(initializeRequest()),
      });
      expect(mcp.status).toBe(200);

      const hub = await postForm(`${server.url}/api/websub/hub`, { 'hub.mode': 'subscribe', 'hub.callback': sub.url('/d'), 'hub.topic': FEED });
      expect(hub.status).toBe(503);
      expect(hub.headers.get('retry-after')).toMatch(/^\d+$/);
      const text = await hub.text();
      expect(text).toContain(damage.reason);
      expect(text).not.toContain(hubDb);

      // It keeps trying to reopen the file (after 1 s, then 2 s) without saying it again, and no engine loops.
      await sleep(3500);
      const lines = server.output().split('\n');
      const told = lines.filter((l) => l.startsWith('hub: unavailable (503)'));
      expect(told).toHaveLength(1);
      expect(told[0]).toContain(hubDb);
      expect(told[0]).toContain(damage.advice);
      expect(lines.filter((l) => l.includes('engine exited') || l.includes('hub worker'))).toEqual([]);
      expect((await fetch(`${server.url}/reviews.json`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('the in-process hub', () => {
  it('comes back on its own once the file is usable again', async () => {
    const dir = tempDir('hub-recover');
    const hubDb = join(dir, 'hub.sqlite');
    writeFileSync(hubDb, Buffer.alloc(4096, 0x33));
    const t = await startTestHub(pki, { HUB_DB: hubDb });
    try {
      const before = await t.post({ 'hub.mode': 'subscribe', 'hub.callback': sub.url('/r'), 'hub.topic': t.urls.atomFeed });
      expect(before.status).toBe(503);
      expect(await t.publish()).toEqual([]);
      rmSync(hubDb);
      await t.waitLog('HUB_DB is usable again', 8000);
      expect(await t.subscribe(sub.url('/r'), t.urls.atomFeed)).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('goes out of service when it meets corruption while running, says so once, and does not loop', async () => {
    const hubDb = join(tempDir('hub-runtime'), 'hub.sqlite');
    const t = await startTestHub(pki, { HUB_DB: hubDb });
    try {
      for (let i = 0; i < 3; i++) expect(await t.subscribe(sub.url(`/rc${i}`), t.urls.atomFeed)).toBe(true);
      t.setContent(t.urls.atomFeed, 'x'.repeat(100_000));
      expect(await t.publish()).toEqual([t.urls.atomFeed]);
      await waitFor('the three deliveries', () => [0, 1, 2].every((i) => sub.requests(`/rc${i}`, 'POST').length > 0));
      // Everything into the main file (a second connection's checkpoint), then pages of it overwritten.
      const other = new Database(hubDb);
      other.pragma('wal_checkpoint(TRUNCATE)');
      other.close();
      const fd = openSync(hubDb, 'r+');
      writeSync(fd, Buffer.alloc(8 * 4096, 0xab), 0, 8 * 4096, 4096);
      closeSync(fd);

      t.setContent(t.urls.atomFeed, 'y'.repeat(100_000));
      expect(await t.publish()).toEqual([]);
      const res = await t.post({ 'hub.mode': 'subscribe', 'hub.callback': sub.url('/rc9'), 'hub.topic': t.urls.atomFeed });
      expect(res.status).toBe(503);
      expect(await res.text()).toContain('its database file is damaged');
      await sleep(2500);
      expect(t.logs.filter((l) => l.startsWith('hub: unavailable (503)'))).toHaveLength(1);
      // The engine may meet it first (one line per queue at most); then it is stopped, not restarted.
      expect(t.logs.filter((l) => l.includes('restarting'))).toEqual([]);
      expect(t.logs.filter((l) => l.includes('hub worker')).length).toBeLessThanOrEqual(3);
    } finally {
      await t.close();
    }
  });

  it('notices a deleted database that had subscriptions, from the marker beside it', async () => {
    const hubDb = join(tempDir('hub-marker'), 'hub.sqlite');
    const first = await startTestHub(pki, { HUB_DB: hubDb });
    expect(await first.subscribe(sub.url('/m1'), first.urls.atomFeed)).toBe(true);
    expect(await first.subscribe(sub.url('/m2'), first.urls.jsonFeed)).toBe(true);
    await first.close();
    expect(JSON.parse(readFileSync(markerPath(hubDb), 'utf8')).subscriptions).toBe(2);

    for (const suffix of ['', '-wal', '-shm']) rmSync(`${hubDb}${suffix}`, { force: true });
    const second = await startTestHub(pki, { HUB_DB: hubDb });
    try {
      await second.waitLog('did not exist and was created empty, but it held 2 subscription(s)');
      expect(second.logs.find((l) => l.includes('WARNING'))).toContain('restore the file from a backup');
    } finally {
      await second.close();
    }
    // Still 2: the warning repeats at every start until the count changes for a reason the hub saw.
    expect(JSON.parse(readFileSync(markerPath(hubDb), 'utf8')).subscriptions).toBe(2);
  });

  it('notices a database deleted while it runs, on the marker timer, once', async () => {
    const hubDb = join(tempDir('hub-deleted'), 'hub.sqlite');
    const t = await startTestHub(pki, { HUB_DB: hubDb }, { markerIntervalMs: 100 });
    try {
      expect(await t.subscribe(sub.url('/d1'), t.urls.atomFeed)).toBe(true);
      expect(await t.subscribe(sub.url('/d2'), t.urls.atomFeed)).toBe(true);
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${hubDb}${suffix}`, { force: true });
      await t.waitLog(`HUB_DB (${hubDb}) was deleted while the hub runs. Its 2 subscription(s) still work`);
      await sleep(500);
      expect(t.logs.filter((l) => l.includes('was deleted while the hub runs'))).toHaveLength(1);
      expect(t.logs.find((l) => l.includes('was deleted'))).toContain('restore the file from a backup before restarting');
    } finally {
      await t.close();
    }
  });

  it('restarts a crashing engine with a doubling wait up to the longest, and carries on once it can start', async () => {
    // The engine reads NODE_EXTRA_CA_CERTS when it starts: without the file it fails at once.
    const caFile = join(tempDir('hub-crashing'), 'ca.pem');
    copyFileSync(pki.caFile, caFile);
    const t = await startTestHub(pki, { NODE_EXTRA_CA_CERTS: caFile }, { engineRestartMs: [100, 400] });
    try {
      rmSync(caFile);
      await t.request('subscribe', sub.url('/k1'), t.urls.atomFeed);
      await waitFor('five restarts', () => t.logs.filter((l) => l.includes('restarting in')).length >= 5, 10_000);
      const waits = t.logs.filter((l) => l.includes('restarting in')).map((l) => /restarting in (\d+) ms$/.exec(l)?.[1]);
      expect(waits.slice(0, 5)).toEqual(['100', '200', '400', '400', '400']);
      expect(t.logs.some((l) => l.startsWith('hub: engine failed:') && l.includes('ENOENT'))).toBe(true);
      copyFileSync(pki.caFile, caFile);
      await t.waitLog(`subscribe verified: ${sub.url('/k1')}`);
    } finally {
      await t.close();
    }
  });

  it('notices a database emptied behind its back, and not one emptied by unsubscribes', async () => {
    const hubDb = join(tempDir('hub-emptied'), 'hub.sqlite');
    const first = await startTestHub(pki, { HUB_DB: hubDb });
    expect(await first.subscribe(sub.url('/e1'), first.urls.atomFeed)).toBe(true);
    await first.close();
    const db = new Database(hubDb);
    db.exec('DELETE FROM subscriptions');
    db.close();
    const second = await startTestHub(pki, { HUB_DB: hubDb });
    await second.waitLog('holds no subscriptions, but it held 1 subscription(s)');
    expect(await second.subscribe(sub.url('/e2'), second.urls.atomFeed)).toBe(true);
    await second.request('unsubscribe', sub.url('/e2'), second.urls.atomFeed);
    await second.waitLog(`unsubscribe verified: ${sub.url('/e2')}`);
    await second.close();
    expect(JSON.parse(readFileSync(markerPath(hubDb), 'utf8')).subscriptions).toBe(0);
    const third = await startTestHub(pki, { HUB_DB: hubDb });
    await third.close();
    expect(third.logs.filter((l) => l.includes('WARNING'))).toEqual([]);
    expect(existsSync(hubDb)).toBe(true);
  });
});

describe('npm run hub:backup (scripts/hub-backup.ts)', () => {
  it('copies the database while the hub writes to it, and the copy restores every subscription', async () => {
    const dir = tempDir('hub-backup');
    const hubDb = join(dir, 'hub.sqlite');
    const backup = join(dir, 'copy.sqlite');
    const t = await startTestHub(pki, { HUB_DB: hubDb });
    expect(await t.subscribe(sub.url('/b1'), t.urls.atomFeed)).toBe(true);
    expect(await t.subscribe(sub.url('/b2'), t.urls.reviews)).toBe(true);
    // a write the WAL holds and the main file does not yet
    await t.request('subscribe', sub.url('/b3'), t.urls.jsonFeed);
    const run = spawnSync(NODE, [join(ROOT, 'scripts', 'hub-backup.ts'), backup], { cwd: ROOT, env: { ...process.env, HUB_DB: hubDb }, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/Backed up .* [23] subscription\(s\)/);
    const again = spawnSync(NODE, [join(ROOT, 'scripts', 'hub-backup.ts'), backup], { cwd: ROOT, env: { ...process.env, HUB_DB: hubDb }, encoding: 'utf8' });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('exists already');
    await t.waitLog(`subscribe verified: ${sub.url('/b3')}`);
    await t.close();

    // Restore: the sidecar stopped, the copy put in place, the old -wal and -shm removed.
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${hubDb}${suffix}`, { force: true });
    copyFileSync(backup, hubDb);
    const restored = await startTestHub(pki, { HUB_DB: hubDb });
    try {
      restored.setContent(restored.urls.atomFeed, 'after restore');
      expect(await restored.publish()).toEqual([restored.urls.atomFeed]);
      await waitFor('delivery to the restored subscriber', () => sub.requests('/b1', 'POST').some((r) => r.body.toString() === 'after restore'));
      expect(restored.logs.filter((l) => l.includes('WARNING'))).toEqual([]);
    } finally {
      await restored.close();
    }
  });
});
