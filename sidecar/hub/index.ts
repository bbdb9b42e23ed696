// The WebSub hub as one unit the sidecar mounts: routes for POST /api/websub/hub and the
// publish check run on the calling thread; verification, delivery and denials run in the
// engine's worker thread (engine.ts), fed through the SQLite queue.
import { Worker } from 'node:worker_threads';
import type { Hono } from 'hono';
import { topicLink } from '../../src/core/http/media.ts';
import { type SiteUrls, topicUrls } from '../../src/core/http/urls.ts';
import type { EngineInit, EngineWake } from './engine.ts';
import { RefusedCallback, resolveCallbackHost } from './outbound.ts';
import { createRateLimiter } from './rate-limit.ts';
import { parseHubForm } from './request.ts';
import { type HubAnswer, hubRoutes } from './routes.ts';
import type { HubSettings } from '../../src/settings/hub.ts';
import { openStore, type StoredTopic } from './store.ts';

export { HUB_SETTINGS, type HubSettings, readHubSettings } from '../../src/settings/hub.ts';

export interface TopicContent {
  /** Absolute topic URL, one of topicUrls(urls). */
  topic: string;
  body: Uint8Array;
  contentType: string;
  etag: string;
}

export interface HubOptions {
  settings: HubSettings;
  urls: SiteUrls;
  /** The current content of the topics, exactly as GET serves it. */
  topics: () => Promise<TopicContent[]>;
  log?: (msg: string) => void;
  /** Called (and awaited) on each accepted publish ping, before the topics are read. */
  onPublished?: () => void | Promise<void>;
}

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
  const log = options.log ?? (() => {});
  const topics = topicUrls(urls);
  const store = openStore(settings.dbPath);
  const subscribeLimit = createRateLimiter(settings.subscribeRatePerMin);
  const publishLimit = createRateLimiter(settings.publishRatePerMin);
  const init: EngineInit = {
    settings,
    userAgent: `reviews-service-websub-hub/1.0 (+${urls.hub})`,
    links: Object.fromEntries(topics.map((t) => [t, topicLink(new URL(t).pathname, urls) ?? ''])),
  };
  let engine: Worker | undefined;
  let closing = false;
  let checking: Promise<unknown> = Promise.resolve();

  function startEngine() {
    const worker = new Worker(new URL('./engine-worker.ts', import.meta.url), { workerData: init });
    worker.on('message', (m: { log?: string }) => {
      if (m.log !== undefined) log(m.log);
    });
    worker.on('error', (error) => log(`hub: engine failed: ${error.stack ?? String(error)}`));
    worker.on('exit', (code) => {
      if (engine === worker) engine = undefined;
      if (closing) return;
      // Its work is all in SQLite, so a fresh engine carries on where this one stopped.
      log(`hub: engine exited (${code}), restarting`);
      setTimeout(() => closing || startEngine(), 1000).unref();
    });
    engine = worker;
  }

  // The engine (a worker thread, ~35 MB) starts only once there is work: at start-up when
  // SQLite holds queued work, otherwise with the first request that queues some.
  let started = false;
  const wake = (what: EngineWake) => {
    if (engine === undefined && started && !closing) startEngine();
    engine?.postMessage(what);
  };

  function checkTopics(): Promise<{ changed: string[] }> {
    const run = checking.then(async () => {
      const contents = await options.topics();
      const now = Date.now();
      store.purgeExpired(now);
      const changed: string[] = [];
      let queuedTotal = 0;
      for (const c of contents) {
        if (!topics.includes(c.topic)) {
          log(`hub: ignoring ${c.topic}, not a topic of this hub`);
          continue;
        }
        if (store.topicEtag(c.topic) === c.etag) continue;
        const stored: StoredTopic = { topic: c.topic, etag: c.etag, contentType: c.contentType, body: Buffer.from(c.body) };
        const queued = store.publishTopic(stored, now);
        queuedTotal += queued;
        changed.push(c.topic);
        log(`hub: ${c.topic} changed (${c.etag}), ${queued} notification(s) queued`);
      }
      if (queuedTotal > 0) wake('deliveries');
      return { changed };
    });
    checking = run.catch(() => undefined);
    return run;
  }

  async function answer(form: URLSearchParams): Promise<HubAnswer> {
    const parsed = parseHubForm(form, topics, settings);
    if (!parsed.ok) return { status: 400, text: parsed.reason };
    const r = parsed.request;
    const now = Date.now();
    if (r.kind === 'publish') {
      const allowed = publishLimit.take('publish', now);
      if (!allowed.ok) return { status: 429, text: 'Too many publish pings', headers: { 'retry-after': String(allowed.retryAfterS) } };
      try {
        await options.onPublished?.();
        const { changed } = await checkTopics();
        return { status: 202, text: changed.length > 0 ? `Changed, subscribers will be notified: ${changed.join(' ')}` : 'Unchanged: nobody is notified' };
      } catch (error) {
        log(`hub: publish check failed: ${error instanceof Error ? error.message : String(error)}`);
        return { status: 503, text: 'The topics could not be read; try again later' };
      }
    }
    const allowed = subscribeLimit.take(r.callbackHost, now);
    if (!allowed.ok) {
      return { status: 429, text: `Too many requests for callbacks on ${r.callbackHost}`, headers: { 'retry-after': String(allowed.retryAfterS) } };
    }
    if (!settings.allowPrivateCallbacks) {
      try {
        await resolveCallbackHost(r.callbackHost, false, settings.verifyTimeoutMs);
      } catch (error) {
        if (error instanceof RefusedCallback) return { status: 400, text: `hub.callback refused: ${error.message}` };
        throw error;
      }
    }
    store.requestVerification({ callback: r.callback, topic: r.topic, mode: r.mode, secret: r.secret, leaseSeconds: r.leaseSeconds }, Date.now());
    wake('verifications');
    return { status: 202, text: `Accepted: the hub will confirm this ${r.mode} request with a GET to the callback` };
  }

  return {
    routes: hubRoutes(answer),
    checkTopics,
    start() {
      started = true;
      if (engine === undefined && !closing && store.hasWork()) startEngine();
    },
    async close() {
      closing = true;
      const worker = engine;
      if (worker !== undefined) {
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        worker.postMessage('stop');
        const timer = setTimeout(() => void worker.terminate(), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      await checking;
      store.close();
    },
  };
}
