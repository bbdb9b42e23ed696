// The WebSub hub in a Durable Object (binding HUB, one instance): the core's front and job loop
// (sidecar/hub/front.ts, loop.ts) with ctx.storage.sql as its SqlStore (store.ts, the same tables
// as HUB_DB), fetch as its outbound HTTP (outbound.ts), and its alarm as the loop's clock (clock.ts).
import { TOPIC_PATHS } from '../../../../src/core/http/urls.ts';
import { hostRefusal } from '../../../hub/address.ts';
import { createFront, hubIdentity } from '../../../hub/front.ts';
import { createHubLoop, type HubLoop } from '../../../hub/loop.ts';
import { RefusedCallback } from '../../../hub/ports.ts';
import { answerResponse } from '../../../hub/routes.ts';
import { createHubStore, type HubStore } from '../../../hub/store.ts';
import { topicContents } from '../../../hub/topics.ts';
import type { WorkerBuild, WorkerEnv } from '../bindings.ts';
import { isolateFiles } from '../live-site.ts';
import { addTiming } from '../server-timing.ts';
import { hubSettings, serviceSettings } from '../settings.ts';
import type { DurableObjectState } from '../types.ts';
import { type AlarmClock, alarmClock } from './clock.ts';
import { CONNECTIONS_PER_INVOCATION, fetchOutbound } from './outbound.ts';
import { durableSql } from './store.ts';
import { DAMAGED_ANSWER, storageHealth } from './store-failure.ts';

declare const __WORKER_BUILD__: WorkerBuild;

export class HubObject {
  private readonly store: HubStore;
  private readonly loop: HubLoop;
  private readonly front: ReturnType<typeof createFront>;
  private readonly timing: boolean;
  private readonly clock: AlarmClock;
  private readonly health: ReturnType<typeof storageHealth>;
  /** A failure of the storage while the object was made, to be judged at its first request. */
  private openError: unknown;
  /** How long the constructor took, told by the first answer's timing. */
  private startMs: number;

  constructor(state: DurableObjectState, env: WorkerEnv) {
    const started = performance.now();
    this.health = storageHealth(state.storage);
    const settings = hubSettings(env);
    this.timing = serviceSettings(env).workerServerTiming;
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
    this.clock = alarmClock(state.storage, this.loop, settings.subrequestsPerAlarm);
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
      recorded: () => void this.clock.setBy(Date.now()),
      wake: () => void this.clock.wake(),
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
      console.info(await this.clock.ring(() => this.front.resume()));
      this.health.count(this.store.subscriptionCount());
    } catch (error) {
      if (!this.health.damaged(error)) throw error;
    }
  }
}
