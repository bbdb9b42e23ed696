// The hub's Durable Object with its SQLite storage damaged (pages overwritten under preview:worker's
// state folder, as damaged-store.test.ts damages Node's HUB_DB): static files, search and MCP
// answer as before; the hub answers 503 with Retry-After and a reason, and the log says once
// what happened and what to do. A state folder found empty is reported from the count kept beside it.
import { closeSync, openSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestPki, type TestPki } from '../helpers/pki.ts';
import { DURABLE_OBJECTS } from '../../sidecar/runtime/cloudflare/bindings.ts';
import { readMarker } from '../../sidecar/runtime/node/hub/marker.ts';
import { ACCEPT, initializeRequest } from '../helpers/mcp.ts';
import { type Subscriber, sleep, startSubscriber, waitFor } from '../helpers/hub/subscriber.ts';
import { startWorkerHub } from '../helpers/hub/worker-hub.ts';

let pki: TestPki;
let sub: Subscriber;

beforeAll(async () => {
  pki = makeTestPki();
  sub = await startSubscriber(pki);
});
afterAll(async () => {
  await sub.close();
});

/** The hub object's own database files under a `--persist-to` folder (not the class's metadata). */
function hubDatabases(stateDir: string): string[] {
  const hubClass = Object.entries(DURABLE_OBJECTS).find(([binding]) => binding === 'HUB')?.[1] as string;
  return (readdirSync(stateDir, { recursive: true }) as string[])
    .filter((f) => f.includes(`-${hubClass}/`) && f.endsWith('.sqlite') && !f.endsWith('metadata.sqlite'))
    .map((f) => join(stateDir, f));
}

/**
 * Everything into the main file (it lives in the WAL until a checkpoint), then pages overwritten:
 * only those of the hub's own tables (workerd's own, the alarm's among them, stay readable, so the
 * object starts and meets the damage in our code), or every page but the first two (the object
 * cannot even start).
 */
function damage(path: string, which: 'hub tables' | 'everything'): void {
  const db = new Database(path);
  db.pragma('wal_checkpoint(TRUNCATE)');
  const pages = (db.prepare('SELECT name, pageno FROM dbstat').all() as { name: string; pageno: number }[])
    .filter((p) => (which === 'everything' ? p.pageno > 2 : !/^(sqlite_schema|_cf_|__)/.test(p.name)))
    .map((p) => p.pageno);
  db.close();
  expect(pages.length).toBeGreaterThan(2);
  const fd = openSync(path, 'r+');
  for (const page of pages) writeSync(fd, Buffer.alloc(4096, 0xab), 0, 4096, (page - 1) * 4096);
  closeSync(fd);
}

const CASES = [
  { which: 'hub tables', says: /unavailable: its storage is damaged/, logged: /storage is damaged \(/ },
  { which: 'everything', says: /unavailable: its Durable Object failed/, logged: /its Durable Object failed \(/ },
] as const;

describe.each(CASES)('the hub Durable Object with damaged storage ($which)', ({ which, says, logged }) => {
  it('answers 503 with Retry-After and a reason, logs once what to do, and the rest of the Worker answers', async () => {
    const first = await startWorkerHub(pki);
    expect(await first.subscribe(sub.url('/damaged'), first.urls.atomFeed)).toBe(true);
    const stateDir = first.worker.stateDir;
    await first.close();
    const [db] = hubDatabases(stateDir);
    expect(db).toBeDefined();
    damage(db as string, which);

    const worker = await first.worker.restart();
    try {
      expect((await fetch(`${worker.url}/reviews.json`)).status).toBe(200);
      expect((await fetch(`${worker.url}/api/reviews/search?query=service`)).status).toBe(200);
      const mcp = await fetch(`${worker.url}/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: ACCEPT },
        body: JSON.stringify(initializeRequest()),
      });
      expect(mcp.status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const hub = await fetch(`${worker.url}/api/websub/hub`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ 'hub.mode': 'subscribe', 'hub.callback': sub.url(`/d${i}`), 'hub.topic': first.urls.atomFeed }),
        });
        expect(hub.status).toBe(503);
        expect(Number(hub.headers.get('retry-after'))).toBeGreaterThan(0);
        expect(await hub.text(), worker.output()).toMatch(says);
      }
      const toldLines = () =>
        worker
          .output()
          .split('\n')
          .filter((l) => l.includes('hub: unavailable (503)'));
      // workerd's log reaches us through a pipe: wait for the line, then a while for any repeat
      await waitFor('the log line', () => toldLines().length > 0);
      await sleep(300);
      const told = toldLines();
      expect(told).toHaveLength(1);
      expect(told[0]).toMatch(logged);
      expect(told[0]).toMatch(/restore the hub's Durable Object to a point in time/);
      expect((await fetch(`${worker.url}/reviews.json`)).status).toBe(200);
    } finally {
      await worker.stop();
    }
  });
});

describe("preview:worker's state folder", () => {
  it('is reported, as Node reports HUB_DB, when it is found empty although it held subscriptions', async () => {
    const first = await startWorkerHub(pki);
    expect(await first.subscribe(sub.url('/lost1'), first.urls.atomFeed)).toBe(true);
    expect(await first.subscribe(sub.url('/lost2'), first.urls.jsonFeed)).toBe(true);
    const stateDir = first.worker.stateDir;
    await waitFor('the count beside the state folder', () => readMarker(stateDir)?.subscriptions === 2);
    await first.close();

    rmSync(stateDir, { recursive: true, force: true });
    const second = await first.worker.restart();
    try {
      const warning = second
        .output()
        .split('\n')
        .find((l) => l.includes('WARNING'));
      expect(warning).toContain(`WORKER_STATE_DIR (${stateDir}) did not exist and was created empty, but it held 2 subscription(s)`);
      expect(warning).toContain('subscribers get no notifications until they subscribe again');
    } finally {
      await second.stop();
    }
    // the count stays until the hub sees a real change, so the warning repeats at the next start
    expect(readMarker(stateDir)?.subscriptions).toBe(2);
  });
});
