// The WebSub hub in a Durable Object (binding HUB, one instance): the same core as the Node hub
// (sidecar/hub/), with ctx.storage.sql as its SqlStore (the same tables as HUB_DB), fetch as its
// outbound HTTP, and alarms instead of timers: an alarm runs due verifications, denials and
// deliveries through the core's lanes, then sets the next alarm (a retry, a lease's end, or now
// when work is left). Subscribe requests and publish pings reach it through forwardToHub().
import { topicLink } from '../../../src/core/http/media.ts';
import { TOPIC_PATHS, topicUrls } from '../../../src/core/http/urls.ts';
import { settingsEnv, type WorkerBuild, type WorkerEnv } from '../../../src/edge/worker-bindings.ts';
import { type HubSettings, readHubSettings } from '../../../src/settings/hub.ts';
import { readSettings } from '../../../src/settings/index.ts';
import { hostRefusal } from '../../hub/address.ts';
import { createAnswer } from '../../hub/answer.ts';
import { createCandidates } from '../../hub/candidates.ts';
import type { Lane } from '../../hub/lanes.ts';
import { RefusedCallback, type TopicContent } from '../../hub/ports.ts';
import { publishChanges } from '../../hub/publish.ts';
import { answerResponse, hubRoutes } from '../../hub/routes.ts';
import { createHubStore, type HubStore } from '../../hub/store.ts';
import { topicContents } from '../../hub/topics.ts';
import { createWork, type Work } from '../../hub/work.ts';
import { fetchOutbound } from './hub-outbound.ts';
import { type DurableStorage, durableSql } from './hub-sql.ts';
import { DAMAGED_ANSWER, damageLogLine, SUBSCRIPTION_COUNT_LINE, storageDamage, UNREACHABLE_ANSWER, unreachableLogLine } from './hub-storage.ts';
import { isolateFiles } from './isolate-files.ts';
import { addTiming } from './server-timing.ts';

declare const __WORKER_BUILD__: WorkerBuild;

/**
 * Outbound connections open at once in one invocation (the same page, "Simultaneous open
 * connections": 6); more fetches would wait for one of them, so the lanes are sized to it and
 * the slow hosts' share is one connection per lane.
 */
export const CONNECTIONS_PER_INVOCATION = 6;

/** The name of the one hub instance. */
const HUB_NAME = 'hub';

interface DurableState {
  storage: DurableStorage;
}

export class HubObject {
  private readonly storage: DurableStorage;
  private readonly store: HubStore;
  private readonly work: Work;
  private readonly settings: HubSettings;
  private readonly routes: ReturnType<typeof hubRoutes>;
  private checking: Promise<unknown> = Promise.resolve();
  /** While an alarm runs, wakes it to pick up work queued meanwhile (a later alarm would wait for this one). */
  private poke: (() => void) | undefined;
  /** When the alarm set last is due (epoch ms), while this instance knows it. */
  private alarmDue: number | undefined;
  /** Compares the build's topics with the last versions distributed and queues deliveries (serialised). */
  private readonly publish: () => Promise<{ changed: string[] }>;
  /** What the integrity check found once a storage call failed: the hub is then out of service for this instance's life. */
  private damage: string | undefined;
  /** A failure of the storage while the object was made, to be judged at its first request. */
  private openError: unknown;
  /** The subscription count this instance logged last. */
  private loggedCount: number | undefined;
  private readonly timing: boolean;
  /** How long the constructor took, told by the first answer's timing. */
  private startMs: number;

  constructor(state: DurableState, env: WorkerEnv) {
    const started = performance.now();
    this.storage = state.storage;
    this.settings = readHubSettings(settingsEnv(env));
    this.timing = readSettings(settingsEnv(env)).workerServerTiming;
    let store: HubStore | undefined;
    try {
      store = createHubStore(durableSql(state.storage));
    } catch (error) {
      this.openError = error;
    }
    this.store = store as HubStore;
    const build = __WORKER_BUILD__;
    const files = isolateFiles(build, env.ASSETS);
    const urls = files.site.current().urls;
    const topics = topicUrls(urls);
    const log = (msg: string) => console.info(msg);
    const settings = this.settings;
    this.work = createWork({
      store: this.store,
      outbound: fetchOutbound({
        allowPrivate: settings.allowPrivateCallbacks,
        maxResponseBytes: settings.maxResponseBytes,
        userAgent: `reviews-service-websub-hub/1.0 (+${urls.hub})`,
      }),
      settings: {
        ...settings,
        verifyConcurrency: Math.min(settings.verifyConcurrency, CONNECTIONS_PER_INVOCATION),
        deliveryConcurrency: Math.min(settings.deliveryConcurrency, CONNECTIONS_PER_INVOCATION),
      },
      links: Object.fromEntries(topics.map((t) => [t, topicLink(new URL(t).pathname, urls) ?? ''])),
      log,
    });
    const readTopics = async (): Promise<TopicContent[]> => {
      await files.load(TOPIC_PATHS);
      return topicContents(files.site.current());
    };
    this.publish = () => {
      const run = this.checking.then(async () => {
        const { changed, queued } = publishChanges(this.store, await readTopics(), topics, Date.now(), log);
        if (queued > 0) await this.wake();
        return { changed };
      });
      this.checking = run.catch(() => undefined);
      return run;
    };
    const answer = createAnswer({
      settings,
      topics,
      withStore: (f) => {
        if (this.damage !== undefined) return undefined;
        try {
          return f(this.store);
        } catch (error) {
          if (this.damaged(error)) return undefined;
          throw error;
        }
      },
      unavailable: () => DAMAGED_ANSWER,
      checkCallbackHost: async (host) => {
        const refusal = settings.allowPrivateCallbacks ? undefined : hostRefusal(host);
        if (refusal !== undefined) throw new RefusedCallback(refusal);
      },
      isRefusal: (error) => error instanceof RefusedCallback,
      publish: () => this.publish(),
      wake: () => void this.wake(),
      log,
    });
    // No peer address: in a Worker no request comes from this machine, so the operator's pings are the signed ones.
    this.routes = hubRoutes(answer);
    this.startMs = performance.now() - started;
  }

  async fetch(request: Request): Promise<Response> {
    const started = performance.now();
    const response = await this.answer(request);
    if (!this.timing) return response;
    // With WORKER_SERVER_TIMING, this object's own time (code and storage, its making by the first request).
    const ms = performance.now() - started + this.startMs;
    this.startMs = 0;
    return addTiming(response, { hub: ms });
  }

  private async answer(request: Request): Promise<Response> {
    try {
      if (this.openError !== undefined && !this.damaged(this.openError)) throw this.openError;
      if (this.damage !== undefined) return answerResponse(DAMAGED_ANSWER);
      // A new hub first records the build's topics, as the Node hub does at start-up, so its
      // first subscribers are not sent content that has not changed since they subscribed.
      if (this.store.topicEtags().size === 0) await this.publish().catch((error: unknown) => console.info(`hub: topic check failed: ${String(error)}`));
      const response = await this.routes.fetch(request);
      this.reportCount();
      return response;
    } catch (error) {
      if (this.damaged(error)) return answerResponse(DAMAGED_ANSWER);
      throw error;
    }
  }

  /** Logs the subscription count when it changed (SUBSCRIPTION_COUNT_LINE). */
  private reportCount(): void {
    const count = this.store.subscriptionCount();
    if (count === this.loggedCount) return;
    this.loggedCount = count;
    console.info(`${SUBSCRIPTION_COUNT_LINE}${count}`);
  }

  /** Whether `error` came from damaged storage; the first time, says so in the log. */
  private damaged(error: unknown): boolean {
    if (this.damage !== undefined) return true;
    const found = storageDamage(this.storage);
    if (found === undefined) return false;
    this.damage = found;
    console.error(damageLogLine(found, error));
    return true;
  }

  async alarm(): Promise<void> {
    // Damaged storage sets no further alarm: the hub waits for the operator, and says so once.
    if (this.damage !== undefined || (this.openError !== undefined && this.damaged(this.openError))) return;
    try {
      await this.runAlarm();
      this.reportCount();
    } catch (error) {
      if (!this.damaged(error)) throw error;
    }
  }

  private async runAlarm(): Promise<void> {
    const now = Date.now();
    const late = this.alarmDue === undefined ? '' : `, ${now - this.alarmDue} ms after it was due`;
    this.alarmDue = undefined;
    const purged = this.store.purgeExpired(now);
    if (purged > 0) console.info(`hub: ${purged} subscription(s) expired`);
    const sent = await this.runDue();
    await this.schedule();
    console.info(`hub: alarm made ${sent} outbound request(s) in ${Date.now() - now} ms${late}`);
  }

  /**
   * Runs due work through the lanes until the alarm's subrequests are spent or nothing is due:
   * a freed connection takes the next job at once. Once the last subrequest is spent while work
   * is left, the next alarm is set right away, so it is due when this one's last answers are in.
   */
  private async runDue(): Promise<number> {
    const { store, work } = this;
    const running = new Set<Promise<void>>();
    const busy = new Set<string>();
    const busyDenials = new Set<string>();
    // HUB_SUBREQUESTS_PER_ALARM, under Cloudflare's subrequests per invocation
    // (https://developers.cloudflare.com/workers/platform/limits/#subrequests); the rest goes to the next alarm.
    const perAlarm = this.settings.subrequestsPerAlarm;
    let budget = perAlarm;
    let next: Promise<void> | undefined;
    const source = <J>(lane: Lane<J>, busy: Set<string>, key: (j: J) => string, claim: (busy: ReadonlySet<string>) => J[], run: (j: J) => Promise<void>) => {
      const candidates = createCandidates(claim);
      const launch = () => {
        const room = Math.min(budget, CONNECTIONS_PER_INVOCATION - running.size);
        if (room <= 0) return;
        for (const job of candidates.pick(lane, busy, room)) {
          budget -= 1;
          const k = key(job);
          busy.add(k);
          const done: Promise<void> = run(job)
            .catch((error: unknown) => console.info(`hub worker error: ${error instanceof Error ? error.message : String(error)}`))
            .finally(() => {
              lane.release(job);
              busy.delete(k);
              running.delete(done);
            });
          running.add(done);
        }
      };
      return { launch, candidates };
    };
    const pair = (j: { callback: string; topic: string }) => store.key(j.callback, j.topic);
    const sources = [
      source(work.lanes.verifications, busy, pair, (b) => store.dueVerifications(b), work.verification),
      source(
        work.lanes.denials,
        busyDenials,
        (d) => String(d.id),
        (b) => store.dueDenials(Date.now(), b),
        work.denial,
      ),
      source(work.lanes.deliveries, busy, pair, (b) => store.dueDeliveries(Date.now(), b), work.delivery),
    ];
    let woken: (() => void) | undefined;
    this.poke = () => {
      for (const s of sources) s.candidates.invalidate();
      woken?.();
    };
    try {
      for (;;) {
        if (budget > 0) for (const s of sources) s.launch();
        if (budget === 0 && next === undefined && this.dueNow(busy, busyDenials)) next = this.setAlarmBy(Date.now());
        if (running.size === 0) break;
        await Promise.race([...running, new Promise<void>((resolve) => (woken = resolve))]);
        woken = undefined;
      }
    } finally {
      this.poke = undefined;
    }
    await next;
    return perAlarm - budget;
  }

  /** Whether work not in flight is due now. */
  private dueNow(busy: ReadonlySet<string> = new Set(), busyDenials: ReadonlySet<string> = new Set()): boolean {
    const { store } = this;
    return store.dueVerifications(busy).length > 0 || store.dueDenials(Date.now(), busyDenials).length > 0 || store.dueDeliveries(Date.now(), busy).length > 0;
  }

  /** Sets the alarm for the next due work, unless one is set earlier already. */
  private async schedule(): Promise<void> {
    const now = Date.now();
    const { store } = this;
    const candidates = this.dueNow()
      ? [now]
      : [store.nextDeliveryAt(now), store.nextDenialAt(now), store.nextExpiryAt()].filter((t): t is number => t !== undefined);
    if (candidates.length === 0) return;
    await this.setAlarmBy(Math.min(...candidates));
  }

  private wake(): Promise<void> {
    this.poke?.();
    return this.setAlarmBy(Date.now());
  }

  private async setAlarmBy(at: number): Promise<void> {
    const current = await this.storage.getAlarm();
    if (current === null || at < current) {
      await this.storage.setAlarm(at);
      this.alarmDue = at;
    }
  }
}

/** When this isolate last logged that the hub's object could not be reached: once a minute is enough. */
let unreachableToldAt = 0;

/**
 * The Worker entry's hub path: every request goes to the one HubObject. One that cannot answer
 * at all (it failed to start) is a 503 with Retry-After too; the rest of the Worker is unaffected.
 */
export async function forwardToHub(request: Request, env: WorkerEnv): Promise<Response> {
  try {
    return await env.HUB.get(env.HUB.idFromName(HUB_NAME)).fetch(request);
  } catch (error) {
    if (Date.now() - unreachableToldAt > 60_000) {
      unreachableToldAt = Date.now();
      console.error(unreachableLogLine(error));
    }
    return answerResponse(UNREACHABLE_ANSWER);
  }
}
