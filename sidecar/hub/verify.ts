// Verification of intent (WebSub §5.3) and the hub.mode=denied notice (§5.2), both GETs to
// the callback with parameters appended to its own query string.
import { type Outbound, TimedOut } from './ports.ts';
import type { Denial, PendingVerification } from './store.ts';

/** §5.3: "The hub MUST preserve the query string ... appending new parameters to the end". */
export function withHubParams(callback: string, params: Record<string, string>): string {
  const query = new URLSearchParams(params).toString();
  const separator = callback.endsWith('?') ? '' : callback.includes('?') ? '&' : '?';
  return `${callback}${separator}${query}`;
}

/** A fresh challenge for every GET: 256 random bits, so never reused. */
export function newChallenge(): string {
  const bits = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bits))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && a.every((x, i) => x === b[i]);
}

/** Whether the callback confirmed this (un)subscription; any doubt counts as "no". */
export async function verifyIntent(
  outbound: Outbound,
  v: PendingVerification,
  timeouts: { timeoutMs: number; connectTimeoutMs: number },
): Promise<{ ok: boolean; why: string; timedOut?: boolean }> {
  const challenge = newChallenge();
  const url = withHubParams(v.callback, {
    'hub.mode': v.mode,
    'hub.topic': v.topic,
    'hub.challenge': challenge,
    ...(v.mode === 'subscribe' ? { 'hub.lease_seconds': String(v.leaseSeconds) } : {}),
  });
  try {
    const res = await outbound.send('GET', url, timeouts);
    if (res.status < 200 || res.status > 299) return { ok: false, why: `status ${res.status}` };
    if (res.truncated || !sameBytes(res.body, new TextEncoder().encode(challenge))) return { ok: false, why: 'body is not the challenge' };
    return { ok: true, why: `status ${res.status}` };
  } catch (error) {
    return { ok: false, why: error instanceof Error ? error.message : String(error), timedOut: error instanceof TimedOut };
  }
}

/** One try (work.ts tries again): any answer counts as arrived; `failed` says why none came. */
export async function sendDenial(
  outbound: Outbound,
  d: Denial,
  timeouts: { timeoutMs: number; connectTimeoutMs: number },
): Promise<{ timedOut: boolean; failed?: string }> {
  const url = withHubParams(d.callback, { 'hub.mode': 'denied', 'hub.topic': d.topic, 'hub.reason': d.reason });
  return outbound.send('GET', url, timeouts).then(
    () => ({ timedOut: false }),
    (error: unknown) => ({ timedOut: error instanceof TimedOut, failed: error instanceof Error ? error.message : String(error) }),
  );
}
