// Parsing and validation of the form a subscriber or publisher POSTs to the hub
// (WebSub §5.1 subscriber request; the publish ping is the conventional hub.mode=publish).
import { HUB_CALLBACK_MAX_LENGTH, HUB_MODES, HUB_SECRET_MAX_BYTES } from '../../src/core/schemas/hub.ts';
import type { Mode } from './admission.ts';

export interface LeasePolicy {
  leaseDefaultS: number;
  leaseMinS: number;
  leaseMaxS: number;
}

export type HubRequest =
  | { kind: 'subscription'; mode: Mode; callback: string; callbackHost: string; topic: string; leaseSeconds: number; secret: string | null }
  | { kind: 'publish'; topics: string[] };

export type Parsed = { ok: true; request: HubRequest } | { ok: false; reason: string };

const fail = (reason: string): Parsed => ({ ok: false, reason });

export function isFormEncoded(contentType: string | undefined): boolean {
  const media = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  return media === 'application/x-www-form-urlencoded';
}

export function parseHubForm(form: URLSearchParams, topics: readonly string[], lease: LeasePolicy): Parsed {
  if (form.getAll('hub.mode').length > 1) return fail('hub.mode given more than once');
  const mode = form.get('hub.mode');
  if (mode === null || mode === '') return fail('hub.mode is missing');
  if (mode === 'publish') return parsePublish(form, topics);
  for (const name of ['hub.callback', 'hub.topic', 'hub.lease_seconds', 'hub.secret']) {
    if (form.getAll(name).length > 1) return fail(`${name} given more than once`);
  }
  if (mode !== 'subscribe' && mode !== 'unsubscribe') return fail(`hub.mode must be one of ${HUB_MODES.join(', ')}`);

  const topic = form.get('hub.topic');
  if (topic === null || topic === '') return fail('hub.topic is missing');
  if (!topics.includes(topic)) return fail(`hub.topic is not a topic of this hub; topics are: ${topics.join(' ')}`);

  const raw = form.get('hub.callback');
  if (raw === null || raw === '') return fail('hub.callback is missing');
  if (raw.length > HUB_CALLBACK_MAX_LENGTH) return fail(`hub.callback is longer than ${HUB_CALLBACK_MAX_LENGTH} characters`);
  let callback: URL;
  try {
    callback = new URL(raw);
  } catch {
    return fail('hub.callback is not an absolute URL');
  }
  if (callback.protocol !== 'https:') return fail('hub.callback must be an https: URL');
  if (raw.includes('#')) return fail('hub.callback must not have a fragment');
  if (callback.username !== '' || callback.password !== '') return fail('hub.callback must not contain user info');

  let leaseSeconds = lease.leaseDefaultS;
  const rawLease = form.get('hub.lease_seconds');
  if (rawLease !== null) {
    if (!/^[1-9]\d{0,11}$/.test(rawLease)) return fail('hub.lease_seconds must be a positive integer');
    leaseSeconds = Math.min(lease.leaseMaxS, Math.max(lease.leaseMinS, Number(rawLease)));
  }

  const secret = form.get('hub.secret');
  if (secret !== null) {
    if (secret === '') return fail('hub.secret must not be empty');
    if (new TextEncoder().encode(secret).byteLength > HUB_SECRET_MAX_BYTES) return fail('hub.secret must be less than 200 bytes');
  }

  return {
    ok: true,
    request: { kind: 'subscription', mode, callback: callback.href, callbackHost: callback.hostname, topic, leaseSeconds, secret },
  };
}

function parsePublish(form: URLSearchParams, topics: readonly string[]): Parsed {
  const named = [...form.getAll('hub.url'), ...form.getAll('hub.topic')];
  if (named.length === 0) return fail('hub.url or hub.topic is missing');
  const unknown = named.find((t) => !topics.includes(t));
  if (unknown !== undefined) return fail(`${unknown} is not a topic of this hub; topics are: ${topics.join(' ')}`);
  return { ok: true, request: { kind: 'publish', topics: [...new Set(named)] } };
}
