// The hub's background work on Node: the core's verification, delivery and denial jobs
// (sidecar/hub/work.ts), pumped continuously from the rows in SQLite. It runs in a worker thread
// (engine-worker.ts) with its own database connection, so TLS, HMAC and a fan-out to
// thousands of callbacks never delay the requests the sidecar is answering on the main thread.

import type { HubSettings } from '../../../../src/settings/hub.ts';
import { createHubLoop } from '../../../hub/loop.ts';
import { timerClock } from './clock.ts';
import { createOutbound } from './outbound.ts';
import { openStore } from './store.ts';
import { storeFailure } from './store-failure.ts';

export interface EngineInit {
  settings: HubSettings;
  userAgent: string;
  /** The Link header of each topic (the one its GET carries). */
  links: Record<string, string>;
}

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
  const clock = timerClock(() => loop, { log, failed });
  const loop = createHubLoop({
    store,
    outbound,
    settings,
    links,
    log,
    subscriptionsChanged,
    closing: () => closing,
    changed: () => clock.schedule(),
    failed,
  });

  return {
    start: () => clock.start(),
    /** The main thread queued rows. */
    wake: () => loop.wake(),
    /** In-flight requests are aborted and their rows left queued: they run again on restart. */
    async stop() {
      closing = true;
      outbound.close();
      await clock.stop();
      store.close();
    },
  };
}
