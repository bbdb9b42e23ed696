// The hub's background work on Node: the core's verification, delivery and denial jobs
// (sidecar/hub/work.ts), pumped continuously from the rows in SQLite. It runs in a worker thread
// (engine-worker.ts) with its own database connection, so TLS, HMAC and a fan-out to
// thousands of callbacks never delay the requests the sidecar is answering on the main thread.

import type { HubSettings } from '../../../../src/settings/hub.ts';
import type { Denial, DueDelivery, PendingVerification } from '../../../hub/store.ts';
import { createWork } from '../../../hub/work.ts';
import { createOutbound } from './outbound.ts';
import { createPump } from './pump.ts';
import { openStore } from './store.ts';
import { storeFailure } from './store-failure.ts';

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
  let closing = false;
  const work = createWork({
    store,
    outbound,
    settings,
    links,
    log,
    subscriptionsChanged,
    denialQueued: () => denials.wake(),
    closing: () => closing,
  });

  const denials = createPump<Denial>({
    lane: work.lanes.denials,
    key: (d) => String(d.id),
    claim: (busy) => store.dueDenials(Date.now(), busy),
    nextDueAt: () => store.nextDenialAt(Date.now()),
    run: work.denial,
    log,
    failed,
  });

  const verifications = createPump<PendingVerification>({
    lane: work.lanes.verifications,
    key: (v) => store.key(v.callback, v.topic),
    claim: (busy) => store.dueVerifications(busy),
    run: work.verification,
    log,
    failed,
  });

  const deliveries = createPump<DueDelivery>({
    lane: work.lanes.deliveries,
    key: (d) => store.key(d.callback, d.topic),
    claim: (busy) => store.dueDeliveries(Date.now(), busy),
    nextDueAt: () => store.nextDeliveryAt(Date.now()),
    run: work.delivery,
    log,
    failed,
  });

  let purgeTimer: NodeJS.Timeout | undefined;

  return {
    start() {
      store.purgeExpired(Date.now());
      verifications.start();
      deliveries.start();
      denials.start();
      purgeTimer = setInterval(() => store.purgeExpired(Date.now()) > 0 && subscriptionsChanged(), PURGE_INTERVAL_MS);
    },
    wake(what: EngineWake) {
      if (what === 'deliveries') deliveries.wake();
      else verifications.wake();
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
