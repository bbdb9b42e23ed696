// The WebSub hub in a Durable Object (binding HUB, one instance): the core's front and job loop
// (sidecar/hub/front.ts, loop.ts) with ctx.storage.sql as its SqlStore (the same tables as
// HUB_DB), fetch as its outbound HTTP, and its alarm as the loop's clock: an alarm launches the
// loop's due jobs within its subrequests, then is set for the loop's next due time.
import { TOPIC_PATHS } from '../../../../src/core/http/urls.ts';
import { type HubSettings, readHubSettings } from '../../../../src/settings/hub.ts';
import { readSettings } from '../../../../src/settings/index.ts';
import { hostRefusal } from '../../../hub/address.ts';
import { createFront, hubIdentity } from '../../../hub/front.ts';
import { createHubLoop, type HubLoop } from '../../../hub/loop.ts';
import { RefusedCallback } from '../../../hub/ports.ts';
import { answerResponse } from '../../../hub/routes.ts';
import { createHubStore, type HubStore } from '../../../hub/store.ts';
import { topicContents } from '../../../hub/topics.ts';
import { settingsEnv, type WorkerBuild, type WorkerEnv } from '../bindings.ts';
import { CONNECTIONS_PER_INVOCATION, fetchOutbound } from './outbound.ts';
import { durableSql } from './store.ts';
import { DAMAGED_ANSWER, storageHealth } from './store-failure.ts';
import { isolateFiles } from '../live-site.ts';
import { addTiming } from '../server-timing.ts';
import type { DurableObjectState, DurableObjectStorage } from '../types.ts';

declare const __WORKER_BUILD__: WorkerBuild;

export class HubObject {
  private readonly storage: DurableObjectStorage;
  private readonly store: HubStore;
  private readonly settings: HubSettings;
  private readonly loop: HubLoop;
  private readonly front: ReturnType<typeof createFront>;
  private readonly timing: boolean;
  /** When the alarm set last is due (epoch ms), while this instance knows it. */
  private alarmDue: number | undefined;
  private readonly health: ReturnType<typeof storageHealth>;
  /** A failure of the storage while the object was made, to be judged at its first request. */
  private openError: unknown;
  /** How long the constructor took, told by the first answer's timing. */
  private startMs: number;

  constructor(state: DurableObjectState, env: WorkerEnv) {
    const started = performance.now();
    this.storage = state.storage;
    this.health = storageHealth(state.storage);
    const settings = readHubSettings(settingsEnv(env));
    this.settings = settings;
    this.timing = readSettings(settingsEnv(env)).workerServerTiming;
    try {
      this.store = createHubStore(durableSql(state.storage));
    } catch (error) {
      this.openError = error;
      this.store = undefined as unknown as HubStore;
    }
    const files = isolateFiles(__WORKER_BUILD__, env.ASSETS);
    const urls = files.site.current().urls;
    const { userAgent, links } = hubIdentity(urls);
    const log = (msg: string) => console.info(msg);
    const lane = (n: number) => Math.min(n, CONNECTIONS_PER_INVOCATION);
    this.loop = createHubLoop({
      store: this.store,
      outbound: fetchOutbound({ allowPrivate: settings.allowPrivateCallbacks, maxResponseBytes: settings.maxResponseBytes, userAgent }),
      settings: { ...settings, verifyConcurrency: lane(settings.verifyConcurrency), deliveryConcurrency: lane(settings.deliveryConcurrency) },
      links,
      log,
      maxInFlight: CONNECTIONS_PER_INVOCATION,
    });
    this.front = createFront({
      settings,
      urls,
      readTopics: async () => {
        await files.load(TOPIC_PATHS);
        return topicContents(files.site.current());
      },
      withStore: (f) => this.health.guard(() => f(this.store)),
      unavailable: () => DAMAGED_ANSWER,
      checkCallbackHost: async (host) => {
        const refusal = settings.allowPrivateCallbacks ? undefined : hostRefusal(host);
        if (refusal !== undefined) throw new RefusedCallback(refusal);
      },
      // Should the object be killed before the check, the alarm runs it from the ping written down.
      recorded: () => void this.setAlarmBy(Date.now()),
      wake: () => void this.wake(),
      log,
    });
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
      if (this.openError !== undefined && !this.health.damaged(this.openError)) throw this.openError;
      if (this.health.out()) return answerResponse(DAMAGED_ANSWER);
      // A new hub first records the build's topics, as the Node hub does at start-up, so its
      // first subscribers are not sent content that has not changed since they subscribed.
      if (this.store.topicEtags().size === 0)
        await this.front.checkTopics().catch((error: unknown) => console.info(`hub: topic check failed: ${String(error)}`));
      const response = await this.front.routes.fetch(request);
      this.health.count(this.store.subscriptionCount());
      return response;
    } catch (error) {
      if (this.health.damaged(error)) return answerResponse(DAMAGED_ANSWER);
      throw error;
    }
  }

  async alarm(): Promise<void> {
    // Damaged storage sets no further alarm: the hub waits for the operator, and says so once.
    if (this.health.out() || (this.openError !== undefined && this.health.damaged(this.openError))) return;
    try {
      const now = Date.now();
      const late = this.alarmDue === undefined ? '' : `, ${now - this.alarmDue} ms after it was due`;
      this.alarmDue = undefined;
      await this.front.resume();
      // HUB_SUBREQUESTS_PER_ALARM, under Cloudflare's subrequests per invocation
      // (https://developers.cloudflare.com/workers/platform/limits/#subrequests); the rest goes to the next alarm.
      const sent = await this.loop.drain(this.settings.subrequestsPerAlarm, () => this.setAlarmBy(Date.now()));
      await this.setAlarmBy(this.loop.dueNow() ? Date.now() : this.loop.nextDueAt());
      console.info(`hub: alarm made ${sent} outbound request(s) in ${Date.now() - now} ms${late}`);
      this.health.count(this.store.subscriptionCount());
    } catch (error) {
      if (!this.health.damaged(error)) throw error;
    }
  }

  private wake(): Promise<void> {
    this.loop.wake();
    return this.setAlarmBy(Date.now());
  }

  /** Sets the alarm for `at`, unless one is set earlier already and still to come (workerd may not run one that passed while it was down). */
  private async setAlarmBy(at: number | undefined): Promise<void> {
    if (at === undefined) return;
    const current = await this.storage.getAlarm();
    if (current === null || at < current || current < Date.now()) {
      await this.storage.setAlarm(at);
      this.alarmDue = at;
    }
  }
}
