// The hub's outbound work and what each outcome does, in every runtime: verification GETs,
// content deliveries, denial notices; the lanes that give callback hosts their turns; the
// timeouts (short ones for hosts that hung). The job loop (loop.ts) runs these jobs, driven by
// Node's timers or the Durable Object's alarm.
import type { HubSettings } from '../../src/settings/hub.ts';
import { deliver, type TopicBody } from './deliver.ts';
import { createHostHealth, createLane, hostOf } from './lanes.ts';
import type { Outbound } from './ports.ts';
import type { Denial, DueDelivery, HubStore, PendingVerification } from './store.ts';
import { sendDenial, verifyIntent } from './verify.ts';

export type WorkSettings = Pick<
  HubSettings,
  | 'verifyConcurrency'
  | 'deliveryConcurrency'
  | 'perHostConcurrency'
  | 'verifyTimeoutMs'
  | 'deliveryTimeoutMs'
  | 'connectTimeoutMs'
  | 'slowHostTimeoutMs'
  | 'retryBaseMs'
  | 'maxSubscriptions'
  | 'maxSubscriptionsPerHost'
>;

export interface WorkDeps {
  store: Pick<
    HubStore,
    'finishVerification' | 'storedTopics' | 'deliverySucceeded' | 'deliveryFailed' | 'deliveryGone' | 'dropDenial' | 'denialFailed' | 'topicEtags'
  >;
  outbound: Outbound;
  settings: WorkSettings;
  /** The Link header of each topic (the one its GET carries). */
  links: Record<string, string>;
  log: (msg: string) => void;
  /** A subscription was added, renewed or removed. */
  subscriptionsChanged?: () => void;
  /** A denial was queued. */
  denialQueued?: () => void;
  /** True once the runtime is stopping: outcomes are then not recorded, and the rows stay queued. */
  closing?: () => boolean;
  now?: () => number;
}

export function createWork(d: WorkDeps) {
  const { store, outbound, settings, log } = d;
  const now = d.now ?? Date.now;
  const closing = d.closing ?? (() => false);
  const health = createHostHealth();
  const byCallback = (j: { callback: string }) => hostOf(j.callback);
  const perHost = settings.perHostConcurrency;
  const current = new Map<string, TopicBody>();

  /** The timeouts for one request to `host`: short ones once it has hung. */
  const timeouts = (host: string, timeoutMs: number) => {
    const t = health.isSlow(host) ? Math.min(timeoutMs, settings.slowHostTimeoutMs) : timeoutMs;
    return { timeoutMs: t, connectTimeoutMs: Math.min(t, settings.connectTimeoutMs) };
  };
  const heard = (host: string, timedOut: boolean | undefined) => (timedOut ? health.timedOut(host) : health.answered(host));

  /** Reads the stored bodies again when a topic's version changed since they were read. */
  function topicBody(topic: string, etag: string): TopicBody | undefined {
    if (current.get(topic)?.etag !== etag) {
      const etags = store.topicEtags();
      if ([...etags].some(([t, e]) => current.get(t)?.etag !== e)) {
        for (const t of store.storedTopics()) current.set(t.topic, { ...t, link: d.links[t.topic] ?? '' });
      }
    }
    return current.get(topic);
  }

  return {
    lanes: {
      verifications: createLane<PendingVerification>({ concurrency: settings.verifyConcurrency, perHost }, health, byCallback),
      deliveries: createLane<DueDelivery>({ concurrency: settings.deliveryConcurrency, perHost }, health, byCallback),
      denials: createLane<Denial>({ concurrency: Math.max(1, Math.floor(settings.verifyConcurrency / 4)), perHost }, health, byCallback),
    },

    async verification(v: PendingVerification): Promise<void> {
      const host = hostOf(v.callback);
      const result = await verifyIntent(outbound, v, timeouts(host, settings.verifyTimeoutMs));
      heard(host, result.timedOut);
      if (closing()) return;
      const outcome = store.finishVerification(v, result.ok, now(), settings);
      const ok = result.ok && outcome !== 'full';
      if (ok) d.subscriptionsChanged?.();
      const why = result.ok ? 'the hub has no room for another subscription on this host' : result.why;
      log(`hub: ${v.mode} ${ok ? 'verified' : `not verified (${why})`}: ${v.callback} ${v.topic}`);
      if (typeof outcome === 'object') {
        log(`hub: subscription displaced to make room (fair share): ${outcome.displaced.callback} ${outcome.displaced.topic}`);
        d.denialQueued?.();
      }
    },

    async delivery(job: DueDelivery): Promise<void> {
      // The newest stored content is what goes out, whatever version the row was queued for.
      const content = topicBody(job.topic, job.etag);
      if (content === undefined) throw new Error(`no content stored for ${job.topic}`);
      const host = hostOf(job.callback);
      const outcome = await deliver(outbound, job.callback, job.secret, content, timeouts(host, settings.deliveryTimeoutMs));
      heard(host, outcome.kind === 'failed' && outcome.timedOut);
      if (closing()) return;
      if (outcome.kind === 'ok') {
        store.deliverySucceeded(job, content.etag, now());
      } else if (outcome.kind === 'gone') {
        store.deliveryGone(job);
        d.subscriptionsChanged?.();
        log(`hub: callback answered 410, subscription removed: ${job.callback} ${job.topic}`);
      } else {
        const next = store.deliveryFailed(job, outcome.reason, now(), settings.retryBaseMs);
        if (next === 'removed') {
          d.subscriptionsChanged?.();
          log(`hub: subscription removed after repeated failures (${outcome.reason}): ${job.callback} ${job.topic}`);
          d.denialQueued?.();
        } else if (next === 'retry') {
          log(`hub: will retry (${outcome.reason}): ${job.callback} ${job.topic}`);
        }
      }
    },

    async denial(x: Denial): Promise<void> {
      const host = hostOf(x.callback);
      const { timedOut, failed } = await sendDenial(outbound, x, timeouts(host, settings.verifyTimeoutMs));
      heard(host, timedOut);
      if (closing()) return;
      if (failed === undefined) {
        store.dropDenial(x.id);
        log(`hub: denial sent: ${x.callback} ${x.topic}`);
        return;
      }
      const next = store.denialFailed(x.id, now(), settings.retryBaseMs);
      log(`hub: denial not delivered (${failed}), ${next === 'retry' ? 'will retry' : 'given up'}: ${x.callback} ${x.topic}`);
    },
  };
}

export type Work = ReturnType<typeof createWork>;
