// The caps a subscribe or unsubscribe request must pass before it is queued: no one
// host fills the verification queue or the subscriber list, and both stay bounded in total, so
// the cost of a publish has a ceiling (sidecar/hub/README.md states it). At the total, a host
// holding less than its fair share takes the place of a subscription of the host holding the most.
import type { HubSettings } from '../../src/settings/hub.ts';

export type Mode = 'subscribe' | 'unsubscribe';

/** What the caps at subscribe time count (decided here). */
export interface AdmissionCounts {
  pendingTotal: number;
  pendingOnHost: number;
  /** A request for this (callback, topic) is queued already: a new one replaces it. */
  alreadyPending: boolean;
  subscriptionsTotal: number;
  subscriptionsOnHost: number;
  /** This (callback, topic) is subscribed already: a renewal. */
  alreadyCounted: boolean;
  /** At the total, whether a subscription of another host would make room for this host (admission.ts, fair share). */
  mayDisplace: boolean;
}

export type AdmissionCaps = Pick<HubSettings, 'maxPending' | 'maxPendingPerHost' | 'maxSubscriptions' | 'maxSubscriptionsPerHost' | 'verifyTimeoutMs'>;

/** A refusal: 429, with when trying again makes sense. */
export interface Refusal {
  text: string;
  retryAfterS: number;
}

/** Subscription caps do not drain by themselves: try again in an hour. */
const FULL_RETRY_S = 3600;

export function admit(mode: Mode, host: string, c: AdmissionCounts, caps: AdmissionCaps): Refusal | undefined {
  // A full queue drains at the verification timeout at worst, one request per host at a time.
  const drainS = Math.max(1, Math.ceil((caps.verifyTimeoutMs * Math.max(1, c.pendingOnHost)) / 1000));
  if (!c.alreadyPending) {
    if (c.pendingOnHost >= caps.maxPendingPerHost) {
      return { text: `Too many requests waiting for verification on ${host}; try again later`, retryAfterS: drainS };
    }
    if (c.pendingTotal >= caps.maxPending) return { text: 'Too many requests waiting for verification; try again later', retryAfterS: drainS };
  }
  if (mode === 'subscribe' && !c.alreadyCounted) {
    if (c.subscriptionsOnHost >= caps.maxSubscriptionsPerHost) {
      return { text: `This hub takes at most ${caps.maxSubscriptionsPerHost} subscriptions on callbacks on ${host}`, retryAfterS: FULL_RETRY_S };
    }
    if (c.subscriptionsTotal >= caps.maxSubscriptions && !c.mayDisplace) {
      return { text: 'This hub has no room for more subscriptions', retryAfterS: FULL_RETRY_S };
    }
  }
  return undefined;
}

export interface Held {
  callback: string;
  topic: string;
  verifiedAt: number;
  /** When it first answered a delivery 2xx; null while it never has. */
  ackedAt: number | null;
}

export interface Fairness {
  /** The subscription that makes room for a new one of the host asking, if the fair share allows one. */
  victim: Held | undefined;
}

/**
 * The fair share at the total: the total divided by the hosts holding subscriptions. A host
 * below it may displace a subscription of a host holding at least two more than it (so the two
 * do not trade places for ever): among those hosts, one with a subscription that never
 * acknowledged a delivery goes first, the one holding most; its newest such subscription, or its
 * newest when all have acknowledged.
 */
export function fairVictim(host: string, live: readonly Held[], hostOf: (callback: string) => string): Fairness {
  const byHost = new Map<string, Held[]>();
  for (const h of live) {
    const k = hostOf(h.callback);
    const list = byHost.get(k);
    if (list) list.push(h);
    else byHost.set(k, [h]);
  }
  const own = byHost.get(host)?.length ?? 0;
  if (byHost.size === 0 || own >= live.length / byHost.size) return { victim: undefined };
  const unacked = (list: Held[]) => list.some((h) => h.ackedAt === null);
  const over = [...byHost.entries()].filter(([k, list]) => k !== host && list.length >= own + 2);
  over.sort(([, a], [, b]) => Number(unacked(b)) - Number(unacked(a)) || b.length - a.length);
  const list = over[0]?.[1];
  if (list === undefined) return { victim: undefined };
  const newest = (a: Held, b: Held) => b.verifiedAt - a.verifiedAt;
  const pool = unacked(list) ? list.filter((h) => h.ackedAt === null) : list;
  return { victim: [...pool].sort(newest)[0] };
}
