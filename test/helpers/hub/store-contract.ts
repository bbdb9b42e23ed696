// The hub's SqlStore port contract (sidecar/hub/ports.ts), as one runtime-free script over the
// core's store (sidecar/hub/store.ts): every adapter runs it (better-sqlite3 on Node, the Durable
// Object's SQLite in workerd) and must report the same observations (store-contract.test.ts).
// It imports nothing of vitest, so it runs inside workerd as it is.
import type { SqlStore } from '../../../sidecar/hub/ports.ts';
import { BODY_PART_BYTES, createHubStore, MAX_DENIAL_TRIES } from '../../../sidecar/hub/store.ts';

const TOPIC = 'https://reviews.example/reviews.json';
const cb = (host: string, path: string) => `https://${host}/${path}`;

export function storeContract(sql: SqlStore): Record<string, unknown> {
  const o: Record<string, unknown> = {};
  const store = createHubStore(sql);
  // Opening twice (another connection, a restart) leaves the schema as it is.
  createHubStore(sql);
  const t0 = 1_000_000;
  const subscribe = (callback: string, at: number, leaseSeconds = 3600) => {
    store.requestVerification({ callback, topic: TOPIC, mode: 'subscribe', secret: 's', leaseSeconds }, at);
    const v = store.dueVerifications(new Set()).find((x) => x.callback === callback);
    if (v === undefined) throw new Error(`no verification queued for ${callback}`);
    return store.finishVerification(v, true, at, { maxSubscriptions: 4, maxSubscriptionsPerHost: 3 });
  };

  // run() counts the rows it changed; a transaction that throws keeps nothing.
  o.changes = sql.run('UPDATE subscriptions SET failures = 0');
  try {
    sql.transaction(() => {
      store.recordPublish(t0);
      throw new Error('rolled back');
    });
  } catch {}
  o.afterRollback = store.lastPublish() ?? null;

  // A newer request replaces a queued one.
  store.requestVerification({ callback: cb('a.example', '1'), topic: TOPIC, mode: 'subscribe', secret: null, leaseSeconds: 60 }, t0);
  store.requestVerification({ callback: cb('a.example', '1'), topic: TOPIC, mode: 'subscribe', secret: 'x', leaseSeconds: 120 }, t0 + 1);
  o.queued = store.dueVerifications(new Set()).map((v) => [v.secret, v.leaseSeconds, v.version]);
  o.admissionBefore = { ...store.admission('a.example', cb('a.example', '1'), TOPIC, t0) };

  // Subscriptions up to the total of 4: a.example holds 3, b.example 1.
  o.subscribed = [
    subscribe(cb('a.example', '1'), t0),
    subscribe(cb('a.example', '2'), t0 + 1),
    subscribe(cb('a.example', '3'), t0 + 2),
    subscribe(cb('b.example', '1'), t0 + 3),
  ];
  o.hostCap = subscribe(cb('a.example', '4'), t0 + 4);

  // A body larger than a part (the Durable Object's 2 MB per value) comes back byte for byte.
  const body = new Uint8Array(BODY_PART_BYTES * 2 + 5).map((_, i) => i % 251);
  o.queuedDeliveries = store.publishTopic({ topic: TOPIC, etag: '"v1"', contentType: 'application/json', body }, t0 + 10);
  const [stored] = store.storedTopics();
  o.bodyKept = stored !== undefined && stored.body.byteLength === body.byteLength && stored.body.every((b, i) => b === body[i]);
  o.etags = [...store.topicEtags()];

  // Deliveries: a.example/1 acknowledges, a.example/3 fails once (retry after 50 ms), b.example/1 is gone.
  const due = store.dueDeliveries(t0 + 10, new Set());
  o.due = due.map((d) => d.callback).sort();
  const job = (callback: string) => due.find((d) => d.callback === callback) as (typeof due)[number];
  store.deliverySucceeded(job(cb('a.example', '1')), '"v1"', t0 + 11);
  o.retry = store.deliveryFailed(job(cb('a.example', '3')), '500', t0 + 11, 50);
  o.nextDelivery = store.nextDeliveryAt(t0 + 11);
  store.deliveryGone(job(cb('b.example', '1')));
  o.count = store.subscriptionCount();

  // At the total (a.example 3 + c.example 1), d.example holds less than its share: a.example's
  // newest subscription that never acknowledged a delivery makes room, and is owed a denial.
  subscribe(cb('c.example', '1'), t0 + 20);
  o.admissionFull = store.admission('d.example', cb('d.example', '1'), TOPIC, t0 + 21).mayDisplace;
  o.displaced = subscribe(cb('d.example', '1'), t0 + 21);
  o.denials = store.dueDenials(t0 + 21, new Set()).map((d) => [d.callback, d.reason.split(':')[0]]);

  // A denial tried MAX_DENIAL_TRIES times is given up; the first failures retry later.
  const [denial] = store.dueDenials(t0 + 21, new Set());
  const tries: string[] = [];
  for (let i = 0; i < MAX_DENIAL_TRIES && denial; i++) tries.push(store.denialFailed(denial.id, t0 + 22, 50));
  o.denialTries = tries;
  o.denialsLeft = store.dueDenials(t0 + 10_000, new Set()).length;

  // Ended leases are purged, with their queued deliveries.
  o.nextExpiry = store.nextExpiryAt();
  o.purged = store.purgeExpired(t0 + 3600 * 1000 + 5);
  o.afterPurge = [store.subscriptionCount(), store.hasWork()];

  // Publish pings written down, and checked up to one.
  store.recordPublish(t0 + 30);
  store.recordPublish(t0 + 31);
  const last = store.lastPublish() as number;
  store.publishChecked(last - 1);
  o.pingsLeft = store.lastPublish() === last;
  store.publishChecked(last);
  o.pingsAfter = store.lastPublish() ?? null;
  return o;
}
