// The hub's job loop (sidecar/hub/loop.ts) over a real SQLite store, with a clock the test moves:
// when the loop sleeps, its next due time must count every row not yet read, including one that
// fell due between reading the due rows and asking for the next time. The old pumps asked "the
// first row due after now" with a later now than their read, so such a row was neither read nor
// next, and the pump slept 30 s (the flaky "3 failed deliveries" test: its retry fell in the gap).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createHubLoop } from '../../sidecar/hub/loop.ts';
import { readHubSettings } from '../../sidecar/runtime/node/hub/index.ts';
import { createOutbound } from '../../sidecar/runtime/node/hub/outbound.ts';
import { openStore } from '../../sidecar/runtime/node/hub/store.ts';

const TOPIC = 'https://reviews.example/reviews.json';
const CALLBACK = 'https://subscriber.example/cb';

function setup() {
  const dbPath = join(mkdtempSync(join(tmpdir(), 'hub-loop-')), 'hub.sqlite');
  const store = openStore(dbPath);
  const settings = readHubSettings({ HUB_DB: dbPath, HUB_RETRY_BASE_MS: '50' });
  let now = 1_000_000;
  const loop = createHubLoop({
    store,
    outbound: createOutbound({ allowPrivate: false, maxResponseBytes: 1024, userAgent: 'test', extraCaFile: '', maxSockets: 1 }),
    settings,
    links: {},
    log: () => {},
    changed: () => {},
    now: () => now,
  });
  store.finishVerification({ callback: CALLBACK, topic: TOPIC, mode: 'subscribe', secret: null, leaseSeconds: 3600, version: 1 }, true, now);
  return { store, loop, at: () => now, set: (t: number) => (now = t) };
}

describe('the hub loop', () => {
  it('counts a row that fell due after its read as due, not as never', () => {
    const { store, loop, at, set } = setup();
    const start = at();
    store.publishTopic({ topic: TOPIC, etag: '"1"', contentType: 'application/json', body: new Uint8Array([1]) }, start);
    // The delivery fails once: it is due again 50 ms later.
    store.deliveryFailed({ callback: CALLBACK, topic: TOPIC, etag: '"1"', secret: null }, 'test', start, 50);
    const due = start + 50;
    set(due - 1);
    expect(loop.launch()).toBe(0);
    set(due);
    const next = loop.nextDueAt();
    expect(next).toBeDefined();
    expect(next as number).toBeLessThanOrEqual(due);
  });

  it('sleeps until the first retry, denial or lease end, and not at all while rows were announced', () => {
    const { store, loop, at } = setup();
    const start = at();
    expect(loop.launch()).toBe(0);
    // Only the lease's end is ahead.
    expect(loop.nextDueAt()).toBe(start + 3600 * 1000);
    store.publishTopic({ topic: TOPIC, etag: '"1"', contentType: 'application/json', body: new Uint8Array([1]) }, start);
    store.deliveryFailed({ callback: CALLBACK, topic: TOPIC, etag: '"1"', secret: null }, 'test', start, 50);
    loop.wake();
    expect(loop.nextDueAt()).toBe(start);
    expect(loop.launch()).toBe(0);
    expect(loop.nextDueAt()).toBe(start + 50);
  });
});
