// The caps a subscribe or unsubscribe request must pass before it is queued: no one
// host fills the verification queue or the subscriber list, and both stay bounded in total, so
// the cost of a publish has a ceiling (sidecar/hub/README.md states it).
import type { HubSettings } from '../../src/settings/hub.ts';
import type { AdmissionCounts, Mode } from './store.ts';

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
    if (c.subscriptionsTotal >= caps.maxSubscriptions) return { text: 'This hub has no room for more subscriptions', retryAfterS: FULL_RETRY_S };
  }
  return undefined;
}
