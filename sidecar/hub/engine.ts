// The hub's background work: verification GETs, content deliveries and denial notices, all
// driven by the rows in SQLite. It runs in a worker thread (engine-worker.ts) with its own
// database connection, so TLS, HMAC and a fan-out to thousands of callbacks never delay the
// requests the sidecar is answering on the main thread.

import type { HubSettings } from '../../src/settings/hub.ts';
import { deliver, type TopicBody } from './deliver.ts';
import { createHostHealth, createLane, hostOf } from './lanes.ts';
import { createOutbound } from './outbound.ts';
import { createPump } from './pump.ts';
import { type Denial, type DueDelivery, openStore, type PendingVerification } from './store.ts';
import { storeFailure } from './store-failure.ts';
import { sendDenial, verifyIntent } from './verify.ts';

export interface EngineInit {
  settings: HubSettings;
  userAgent: string;
  /** The Link header of each topic (the one its GET carries). */
  links: Record<string, string>;
}

/** What the main thread tells the engine: new rows of one kind are waiting. */
export type EngineWake = 'verifications' | 'deliveries';

const PURGE_INTERVAL_MS = 60_000;

export interface EngineEvents {
  log: (msg: string) => void;
  /** The database file itself is unusable; the main thread stops this engine rather than let it fail on every row. */
  storeFailed: (error: unknown) => void;
  /** A subscription was added, renewed or removed (the main thread keeps the count beside the database). */
  subscriptionsChanged: () => void;
}

export function createEngine({ settings, userAgent, links }: EngineInit, { log, storeFailed, subscriptionsChanged }: EngineEvents) {
  const store = openStore(settings.dbPath);
  const failed = (error: unknown) => {
    if (storeFailure(error, settings.dbPath)) storeFailed(error);
  };
  const outbound = createOutbound({
    allowPrivate: settings.allowPrivateCallbacks,
    maxResponseBytes: settings.maxResponseBytes,
    userAgent,
    extraCaFile: settings.extraCaFile,
    maxSockets: settings.deliveryConcurrency + 2 * settings.verifyConcurrency,
  });
  const health = createHostHealth();
  const byCallback = (j: { callback: string }) => hostOf(j.callback);
  /** The timeouts for one request to `host`: short ones once it has hung. */
  const timeouts = (host: string, timeoutMs: number) => {
    const t = health.isSlow(host) ? Math.min(timeoutMs, settings.slowHostTimeoutMs) : timeoutMs;
    return { timeoutMs: t, connectTimeoutMs: Math.min(t, settings.connectTimeoutMs) };
  };
  const heard = (host: string, timedOut: boolean | undefined) => (timedOut ? health.timedOut(host) : health.answered(host));
  const perHost = settings.perHostConcurrency;
  const current = new Map<string, TopicBody>();
  let closing = false;

  /** New content is written by the main thread; read it before delivering. */
  function loadTopics() {
    for (const t of store.storedTopics()) {
      if (current.get(t.topic)?.etag !== t.etag) current.set(t.topic, { ...t, link: links[t.topic] ?? '' });
    }
  }

  const denials = createPump<Denial>({
    lane: createLane<Denial>({ concurrency: Math.max(1, Math.floor(settings.verifyConcurrency / 4)), perHost }, health, byCallback),
    key: (d) => String(d.id),
    claim: (busy) => store.dueDenials(busy),
    run: async (d) => {
      const host = hostOf(d.callback);
      const { timedOut } = await sendDenial(outbound, d, timeouts(host, settings.verifyTimeoutMs));
      heard(host, timedOut);
      if (!closing) store.dropDenial(d.id);
    },
    log,
    failed,
  });

  const verifications = createPump<PendingVerification>({
    lane: createLane<PendingVerification>({ concurrency: settings.verifyConcurrency, perHost }, health, byCallback),
    key: (v) => store.key(v.callback, v.topic),
    claim: (busy) => store.dueVerifications(busy),
    run: async (v) => {
      const host = hostOf(v.callback);
      const result = await verifyIntent(outbound, v, timeouts(host, settings.verifyTimeoutMs));
      heard(host, result.timedOut);
      if (closing) return;
      store.finishVerification(v, result.ok, Date.now());
      if (result.ok) subscriptionsChanged();
      log(`hub: ${v.mode} ${result.ok ? 'verified' : `not verified (${result.why})`}: ${v.callback} ${v.topic}`);
    },
    log,
    failed,
  });

  const deliveries = createPump<DueDelivery>({
    lane: createLane<DueDelivery>({ concurrency: settings.deliveryConcurrency, perHost }, health, byCallback),
    key: (d) => store.key(d.callback, d.topic),
    claim: (busy) => store.dueDeliveries(Date.now(), busy),
    nextDueAt: () => store.nextDeliveryAt(Date.now()),
    run: async (d) => {
      // The row may be newer than the wake message telling this thread about it.
      if (current.get(d.topic)?.etag !== d.etag) loadTopics();
      const content = current.get(d.topic);
      if (content === undefined) throw new Error(`no content stored for ${d.topic}`);
      const host = hostOf(d.callback);
      const outcome = await deliver(outbound, d.callback, d.secret, content, timeouts(host, settings.deliveryTimeoutMs));
      heard(host, outcome.kind === 'failed' && outcome.timedOut);
      if (closing) return;
      if (outcome.kind === 'ok') {
        store.deliverySucceeded(d, content.etag);
      } else if (outcome.kind === 'gone') {
        store.deliveryGone(d);
        subscriptionsChanged();
        log(`hub: callback answered 410, subscription removed: ${d.callback} ${d.topic}`);
      } else {
        const next = store.deliveryFailed(d, outcome.reason, Date.now(), settings.retryBaseMs);
        if (next === 'removed') {
          subscriptionsChanged();
          log(`hub: subscription removed after repeated failures (${outcome.reason}): ${d.callback} ${d.topic}`);
          denials.wake();
        } else if (next === 'retry') {
          log(`hub: will retry (${outcome.reason}): ${d.callback} ${d.topic}`);
        }
      }
    },
    log,
    failed,
  });

  let purgeTimer: NodeJS.Timeout | undefined;

  return {
    start() {
      loadTopics();
      store.purgeExpired(Date.now());
      verifications.start();
      deliveries.start();
      denials.start();
      purgeTimer = setInterval(() => store.purgeExpired(Date.now()) > 0 && subscriptionsChanged(), PURGE_INTERVAL_MS);
    },
    wake(what: EngineWake) {
      if (what === 'deliveries') {
        loadTopics();
        deliveries.wake();
      } else {
        verifications.wake();
      }
    },
    /** In-flight requests are aborted and their rows left queued: they run again on restart. */
    async stop() {
      closing = true;
      clearInterval(purgeTimer);
      outbound.close();
      await Promise.all([verifications.stop(), deliveries.stop(), denials.stop()]);
      store.close();
    },
  };
}
