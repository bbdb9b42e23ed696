// What the hub answers a POST, in every runtime: validation, the rate limits, the caps, the
// callback check, and the publish ping's standing (anonymous, local or signed), whose check it
// asks of topic-check.ts. The hub's front (front.ts) gives it the runtime's dependencies.
import { admit } from './admission.ts';
import type { FrontDeps } from './front-deps.ts';
import { RefusedCallback } from './ports.ts';
import { publishVerifier } from './publish-signature.ts';
import { createRateLimiter } from './rate-limit.ts';
import { parseHubForm } from './request.ts';
import type { HubAnswer, HubRequestMeta } from './routes.ts';
import type { TopicCheck } from './topic-check.ts';

type AnswerDeps = Pick<FrontDeps, 'settings' | 'withStore' | 'unavailable' | 'checkCallbackHost' | 'recorded' | 'wake' | 'log' | 'now'>;

/** Anonymous pings share one check at most this often (the live site's own reload interval). */
export const ANONYMOUS_CHECK_INTERVAL_MS = 1000;

export function createAnswer(
  d: AnswerDeps,
  topics: readonly string[],
  check: Pick<TopicCheck, 'afterPing'>,
): (form: URLSearchParams, meta: HubRequestMeta) => Promise<HubAnswer> {
  const now = d.now ?? Date.now;
  const subscribeLimit = createRateLimiter(d.settings.subscribeRatePerMin);
  const publishLimit = createRateLimiter(d.settings.publishRatePerMin);
  const verifier = publishVerifier(d.settings.publishSecret);
  let lastCheck = Number.NEGATIVE_INFINITY;
  let nextAnonymous: Promise<{ changed: string[] }> | undefined;

  const operatorCheck = () => {
    lastCheck = now();
    return check.afterPing();
  };
  /** Every anonymous ping waiting shares the next check, at most one a second. */
  const anonymousCheck = () => {
    if (nextAnonymous) return nextAnonymous;
    const wait = Math.max(0, lastCheck + ANONYMOUS_CHECK_INTERVAL_MS - now());
    const run = new Promise((resolve) => setTimeout(resolve, wait)).then(() => {
      nextAnonymous = undefined;
      lastCheck = now();
      return check.afterPing();
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
    const parsed = parseHubForm(form, topics, d.settings);
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
