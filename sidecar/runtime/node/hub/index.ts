// The WebSub hub as one unit the sidecar mounts: routes for POST /api/websub/hub and the
// publish check run on the calling thread; verification, delivery and denials run in the
// engine's worker thread (engine.ts), fed through the SQLite queue.
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { Hono } from 'hono';
import type { SiteUrls } from '../../../../src/core/http/urls.ts';
import { ENTRIES, entryFile } from '../../../../src/package/entries.ts';
import type { HubSettings } from '../../../../src/settings/hub.ts';
import type { ClientAddress } from '../../../http/client-address.ts';
import { backoff, formatWait } from '../../../hub/backoff.ts';
import { createFront, hubIdentity } from '../../../hub/front.ts';
import type { TopicContent } from '../../../hub/ports.ts';
import type { HubAnswer } from '../../../hub/routes.ts';
import type { EngineInit } from './engine.ts';
import { lossWarning, readMarker, writeMarker } from './marker.ts';
import { resolveCallbackHost } from './outbound.ts';
import { openStore, type Store } from './store.ts';
import { type StoreFailure, storeFailure } from './store-failure.ts';

export { HUB_SETTINGS, type HubSettings, readHubSettings } from '../../../../src/settings/hub.ts';
export type { TopicContent } from '../../../hub/ports.ts';

export interface HubOptions {
  settings: HubSettings;
  urls: SiteUrls;
  /** The current content of the topics, exactly as GET serves it. */
  topics: () => Promise<TopicContent[]>;
  log?: (msg: string) => void;
  /** Called (and awaited) on each accepted publish ping, before the topics are read. */
  onPublished?: () => void | Promise<void>;
  /** The remote address of a request's socket: pings from this machine are the operator's. */
  peer?: ClientAddress;
  /** Shorter waits for tests; a running sidecar uses HUB_TIMINGS. */
  timings?: Partial<HubTimings>;
}

export interface HubTimings {
  /** The engine is restarted after a crash with a wait doubling from the first to the second. */
  engineRestartMs: readonly [number, number];
  /** An engine that ran this long before it exited was healthy: the next restart waits the least again. */
  engineHealthyMs: number;
  /** A database that cannot be used is tried again after a wait doubling from the first to the second. */
  reopenMs: readonly [number, number];
  /** How often the subscription count is compared with the marker file beside the database (and a deleted file noticed). */
  markerIntervalMs: number;
}

export const HUB_TIMINGS: HubTimings = {
  engineRestartMs: [1000, 5 * 60_000],
  engineHealthyMs: 60_000,
  reopenMs: [1000, 5 * 60_000],
  markerIntervalMs: 60_000,
};

export interface Hub {
  routes: Hono;
  checkTopics(): Promise<{ changed: string[] }>;
  start(): void;
  close(): Promise<void>;
}

/** How long close() waits for the engine to finish before stopping it hard. */
const STOP_TIMEOUT_MS = 5000;

export function createHub(options: HubOptions): Hub {
  const { settings, urls } = options;
  const timings = { ...HUB_TIMINGS, ...options.timings };
  const path = settings.dbPath;
  const log = options.log ?? (() => {});
  const { userAgent, links } = hubIdentity(urls);
  const init: EngineInit = { settings, userAgent, links };
  let store: Store | undefined;
  let failure: StoreFailure | undefined;
  const reopenWait = backoff({ firstMs: timings.reopenMs[0], maxMs: timings.reopenMs[1] });
  let reopenTimer: NodeJS.Timeout | undefined;
  let reopenAt = 0;
  /** The subscription count this process last saw in the database (what the marker should say). */
  let observed: number | undefined;
  let missingLogged = false;
  let markerError = '';
  let engine: Worker | undefined;
  let engineStartedAt = 0;
  const restartWait = backoff({ firstMs: timings.engineRestartMs[0], maxMs: timings.engineRestartMs[1], healthyMs: timings.engineHealthyMs });
  let closing = false;
  let started = false;

  /** Writes the subscription count beside the database when it changed, or always when `force`. */
  function recordCount(force = false) {
    if (store === undefined) return;
    const count = store.subscriptionCount();
    if (!existsSync(path) && !missingLogged) {
      missingLogged = true;
      log(
        `hub: WARNING: HUB_DB (${path}) was deleted while the hub runs. Its ${count} subscription(s) still work ` +
          'through the open file, but are lost at the next restart: restore the file from a backup before restarting.',
      );
    }
    if (count === observed && !force) return;
    observed = count;
    try {
      writeMarker(path, count, new Date());
      markerError = '';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (message !== markerError) log(`hub: cannot write the subscription count beside HUB_DB: ${message}`);
      markerError = message;
    }
  }

  /** Opens (or reopens) the database; on failure the hub answers 503 and tries again later. */
  function open(): void {
    const existed = existsSync(path);
    try {
      store = openStore(path, { check: true });
      const count = store.subscriptionCount();
      const warning = lossWarning(path, existed, count, readMarker(path));
      if (warning !== undefined) {
        log(warning);
        observed = count;
      } else {
        recordCount();
      }
    } catch (error) {
      fail(error);
      return;
    }
    if (failure !== undefined) log('hub: HUB_DB is usable again; the hub is back');
    failure = undefined;
    missingLogged = false;
    reopenWait.reset();
    if (started && !closing && store.hasWork()) startEngine();
  }

  /** Takes the hub out of service because of `error`, which must be a failure of the database file. */
  function fail(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    const f = storeFailure(error, path) ?? { reason: 'its database cannot be opened', advice: `HUB_DB (${path}) cannot be opened: ${message}` };
    if (failure?.advice !== f.advice) {
      log(`hub: unavailable (503) because ${f.reason}. ${f.advice} Static files, search and MCP are not affected.`);
    }
    failure = f;
    const s = store;
    store = undefined;
    try {
      s?.close();
    } catch {}
    void engine?.terminate();
    clearTimeout(reopenTimer);
    if (closing) return;
    const wait = reopenWait.next();
    reopenAt = Date.now() + wait;
    reopenTimer = setTimeout(open, wait);
    reopenTimer.unref();
  }

  /** Runs `f` on the store; a failure of the file takes the hub out of service (undefined). */
  function withStore<T>(f: (s: Store) => T): T | undefined {
    if (store === undefined) return undefined;
    try {
      return f(store);
    } catch (error) {
      if (storeFailure(error, path) === undefined) throw error;
      fail(error);
      return undefined;
    }
  }

  function startEngine() {
    const worker = new Worker(entryFile(ENTRIES.hubEngine), { workerData: init });
    engineStartedAt = Date.now();
    worker.on('message', (m: { log?: string; subscriptions?: true; storeFailure?: { code?: string; message: string } }) => {
      if (m.log !== undefined) log(m.log);
      if (m.subscriptions) withStore(() => recordCount(true));
      if (m.storeFailure !== undefined && engine === worker && failure === undefined) fail(m.storeFailure);
    });
    worker.on('error', (error) => {
      if (storeFailure(error, path) !== undefined && failure === undefined) fail(error);
      else log(`hub: engine failed: ${error.stack ?? String(error)}`);
    });
    worker.on('exit', (code) => {
      if (engine === worker) engine = undefined;
      // A database that cannot be used brings the engine back only once it can be opened again.
      if (closing || failure !== undefined) return;
      // Its work is all in SQLite, so a fresh engine carries on where this one stopped.
      const delay = restartWait.next(Date.now() - engineStartedAt);
      log(`hub: engine exited (${code}), restarting in ${formatWait(delay)}`);
      setTimeout(() => closing || failure !== undefined || engine !== undefined || startEngine(), delay).unref();
    });
    engine = worker;
  }

  // The engine (a worker thread, ~35 MB) starts only once there is work: at start-up when
  // SQLite holds queued work, otherwise with the first request that queues some.
  const wake = () => {
    if (engine === undefined && started && !closing && failure === undefined) startEngine();
    engine?.postMessage('wake');
  };

  open();
  const markerTimer = setInterval(() => withStore(() => recordCount()), timings.markerIntervalMs);
  markerTimer.unref();

  function unavailable(): HubAnswer {
    const reason = failure?.reason ?? 'its database is not open';
    return {
      status: 503,
      text: `The WebSub hub is unavailable: ${reason}. The operator has been told; feeds and the rest of the service work as usual. Try again later.`,
      headers: { 'retry-after': String(Math.max(1, Math.ceil((reopenAt - Date.now()) / 1000))) },
    };
  }

  const front = createFront({
    settings,
    urls,
    readTopics: options.topics,
    withStore,
    unavailable,
    checkCallbackHost: async (host) => {
      if (!settings.allowPrivateCallbacks) await resolveCallbackHost(host, false, settings.verifyTimeoutMs);
    },
    onPublished: options.onPublished,
    wake,
    checked: () => withStore(() => recordCount()),
    peer: options.peer,
    log,
  });

  return {
    routes: front.routes,
    checkTopics: front.checkTopics,
    start() {
      started = true;
      if (engine === undefined && !closing && withStore((s) => s.hasWork())) startEngine();
      void front.resume();
    },
    async close() {
      closing = true;
      clearTimeout(reopenTimer);
      clearInterval(markerTimer);
      const worker = engine;
      if (worker !== undefined) {
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        worker.postMessage('stop');
        const timer = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      await front.checked();
      withStore(() => recordCount());
      store?.close();
      store = undefined;
    },
  };
}
