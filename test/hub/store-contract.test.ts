// The hub's SqlStore port, one contract against every adapter (as unstorage runs one suite
// against every driver): better-sqlite3 on a file (runtime/node/hub/store.ts), and the Durable
// Object's SQLite in workerd (runtime/cloudflare/hub/store.ts, run through Miniflare: a real object
// with SQLite storage, not a fake). Both must observe exactly what the core's rules say.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { build } from 'esbuild';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { afterAll, describe, expect, it } from 'vitest';
import { DISPLACED } from '../../sidecar/hub/store.ts';
import { nodeSql } from '../../sidecar/runtime/node/hub/store.ts';
import { COMPATIBILITY_DATE } from '../../src/build/deploy/worker.ts';
import { storeContract } from '../helpers/hub/store-contract.ts';

const a = (path: string) => `https://a.example/${path}`;

/** What the core's rules say the contract must observe. */
const EXPECTED = {
  changes: 0,
  afterRollback: null,
  queued: [['x', 120, 2]],
  admissionBefore: {
    pendingTotal: 1,
    pendingOnHost: 1,
    alreadyPending: true,
    subscriptionsTotal: 0,
    subscriptionsOnHost: 0,
    alreadyCounted: false,
    mayDisplace: false,
  },
  subscribed: ['done', 'done', 'done', 'done'],
  hostCap: 'full',
  queuedDeliveries: 4,
  bodyKept: true,
  etags: [['https://reviews.example/reviews.json', '"v1"']],
  due: [a('1'), a('2'), a('3'), 'https://b.example/1'].sort(),
  retry: 'retry',
  nextDelivery: 1_000_000 + 11 + 50,
  count: 3,
  admissionFull: true,
  displaced: { displaced: { callback: a('3'), topic: 'https://reviews.example/reviews.json', verifiedAt: 1_000_002, ackedAt: null } },
  denials: [[a('3'), DISPLACED.split(':')[0]]],
  denialTries: ['retry', 'retry', 'given up'],
  denialsLeft: 0,
  nextExpiry: 1_000_000 + 3600 * 1000,
  // a.example/1 and /2 (c.example and d.example subscribed 20 ms later)
  purged: 2,
  afterPurge: [2, false],
  pingsLeft: true,
  pingsAfter: null,
};

describe('the SqlStore contract', () => {
  it('holds on better-sqlite3 (Node)', () => {
    const db = new Database(join(mkdtempSync(join(tmpdir(), 'hub-contract-')), 'hub.sqlite'));
    db.pragma('journal_mode = WAL');
    expect(JSON.parse(JSON.stringify(storeContract(nodeSql(db))))).toEqual(EXPECTED);
    db.close();
  });

  let mf: Miniflare | undefined;
  afterAll(() => mf?.dispose());

  it("holds on a Durable Object's SQLite (workerd)", async () => {
    const bundle = await build({
      entryPoints: [join(import.meta.dirname, '..', 'helpers', 'hub', 'store-contract-object.ts')],
      bundle: true,
      format: 'esm',
      platform: 'neutral',
      write: false,
    });
    mf = new Miniflare(
      convertV4MiniflareOptions({
        workers: [
          {
            name: 'store-contract',
            modules: true,
            script: bundle.outputFiles[0]?.text ?? '',
            compatibilityDate: COMPATIBILITY_DATE,
            durableObjects: { STORE: { className: 'StoreContract', useSQLite: true } },
          },
        ],
      }),
    );
    const res = await mf.dispatchFetch('http://contract/one');
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual(EXPECTED);
  }, 60_000);
});
