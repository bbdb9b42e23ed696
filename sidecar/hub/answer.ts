// What the hub answers a POST, in every runtime: validation, the rate limits, the caps, the
// callback check, and the publish ping's standing (anonymous, local or signed). The hub's front
// (front.ts) supplies the store and the checks each runtime gives it.
import type { HubSettings } from '../../src/settings/hub.ts';
import type { AdmissionCounts } from './admission.ts';
import { admit } from './admission.ts';
import { RefusedCallback } from './ports.ts';
import { publishVerifier } from './publish-signature.ts';
import { createRateLimiter } from './rate-limit.ts';
import { parseHubForm } from './request.ts';
import type { HubAnswer, HubRequestMeta } from './routes.ts';
import type { VerificationRequest } from './store.ts';

/** The store calls the endpoint makes. */
export interface AnswerStore {
  admission(host: string, callback: string, topic: string, now: number): AdmissionCounts;
  requestVerification(v: VerificationRequest, now: number): void;
  recordPublish(now: number): void;
}

export interface AnswerDeps {
  settings: HubSettings;
  topics: readonly string[];
  /** Runs `f` on the store; undefined when the store is out of service. */
  withStore: <T>(f: (s: AnswerStore) => T) => T | undefined;
  unavailable: () => HubAnswer;
  /** Throws a RefusedCallback (its message said to the client) for a callback host that may not be called. */
  checkCallbackHost: (host: string) => Promise<void>;
  /** Compares the topics with the last versions distributed, from the publish pings written down. */
  publish: () => Promise<{ changed: string[] }>;
  /** A publish ping was written down (a Durable Object sets an alarm that checks it should it be killed before). */
  recorded?: (() => void) | undefined;
  /** New verifications are queued. */
  wake: () => void;
  log: (msg: string) => void;
  now?: () => number;
}

/** Anonymous pings share one check at most this often (the live site's own reload interval). */
export const ANONYMOUS_CHECK_INTERVAL_MS = 1000;

export function createAnswer(d: AnswerDeps): (form: URLSearchParams, meta: HubRequestMeta) => Promise<HubAnswer> {
  const now = d.now ?? Date.now;
  const subscribeLimit = createRateLimiter(d.settings.subscribeRatePerMin);
  const publishLimit = createRateLimiter(d.settings.publishRatePerMin);
  const verifier = publishVerifier(d.settings.publishSecret);
  let lastCheck = Number.NEGATIVE_INFINITY;
  let nextAnonymous: Promise<{ changed: string[] }> | undefined;

  const operatorCheck = () => {
    lastCheck = now();
    return d.publish();
  };
  /** Every anonymous ping waiting shares the next check, at most one a second. */
  const anonymousCheck = () => {
    if (nextAnonymous) return nextAnonymous;
    const wait = Math.max(0, lastCheck + ANONYMOUS_CHECK_INTERVAL_MS - now());
    const run = new Promise((resolve) => setTimeout(resolve, wait)).then(() => {
      nextAnonymous = undefined;
      lastCheck = now();
      return d.publish();
    });
    nextAnonymous = run;
    return run;
  };

  async function publish(meta: HubRequestMeta): Promise<HubAnswer> {
    let operator = meta.local;
    if (!operator && meta.signature !== undefined) {
      const verdict = await verifier.check(meta.signature, meta.path, meta.body, now());
      if (!verdict.ok) return { status: 403, text: `Signed publish ping refused: ${verdict.reason}` };
      operator = true;
    }
    if (!operator) {
      const allowed = publishLimit.take('publish', now());
      if (!allowed.ok) return { status: 429, text: 'Too many publish pings', headers: { 'retry-after': String(allowed.retryAfterS) } };
    }
    // Written down before the answer: the check runs from this record, again after a crash if need be.
    const recorded = d.withStore((s) => {
      s.recordPublish(now());
      return true;
    });
    if (recorded === undefined) return d.unavailable();
    d.recorded?.();
    try {
      const { changed } = await (operator ? operatorCheck() : anonymousCheck());
      if (d.withStore(() => true) === undefined) return d.unavailable();
      return { status: 202, text: changed.length > 0 ? `Changed, subscribers will be notified: ${changed.join(' ')}` : 'Unchanged: nobody is notified' };
    } catch (error) {
      d.log(`hub: publish check failed: ${error instanceof Error ? error.message : String(error)}`);
      return { status: 503, text: 'The topics could not be read; try again later' };
    }
  }

  return async (form, meta) => {
    if (d.withStore(() => true) === undefined) return d.unavailable();
    const parsed = parseHubForm(form, d.topics, d.settings);
    if (!parsed.ok) return { status: 400, text: parsed.reason };
    const r = parsed.request;
    if (r.kind === 'publish') return publish(meta);
    const allowed = subscribeLimit.take(r.callbackHost, now());
    if (!allowed.ok) {
      return { status: 429, text: `Too many requests for callbacks on ${r.callbackHost}`, headers: { 'retry-after': String(allowed.retryAfterS) } };
    }
    try {
      await d.checkCallbackHost(r.callbackHost);
    } catch (error) {
      if (error instanceof RefusedCallback) return { status: 400, text: `hub.callback refused: ${error.message}` };
      throw error;
    }
    const outcome = d.withStore((s) => {
      const at = now();
      const refusal = admit(r.mode, r.callbackHost, s.admission(r.callbackHost, r.callback, r.topic, at), d.settings);
      if (refusal) return refusal;
      s.requestVerification({ callback: r.callback, topic: r.topic, mode: r.mode, secret: r.secret, leaseSeconds: r.leaseSeconds }, at);
      return 'queued' as const;
    });
    if (outcome === undefined) return d.unavailable();
    if (outcome !== 'queued') return { status: 429, text: outcome.text, headers: { 'retry-after': String(outcome.retryAfterS) } };
    d.wake();
    return { status: 202, text: `Accepted: the hub will confirm this ${r.mode} request with a GET to the callback` };
  };
}
