// Content distribution (WebSub §7): one POST of the topic's full current content.
import { type Outbound, TimedOut } from './ports.ts';

export interface TopicBody {
  topic: string;
  etag: string;
  contentType: string;
  body: Uint8Array;
  /** `<hub>; rel="hub", <topic>; rel="self"`, the same header a GET of the topic carries. */
  link: string;
}

export type DeliveryOutcome = { kind: 'ok' } | { kind: 'gone' } | { kind: 'failed'; reason: string; timedOut?: boolean };

/** §7.1: X-Hub-Signature is method=signature, an HMAC of the body keyed with hub.secret. */
export async function signature(secret: string, body: Uint8Array): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, body as Uint8Array<ArrayBuffer>));
  return `sha256=${Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

export async function deliver(
  outbound: Outbound,
  callback: string,
  secret: string | null,
  content: TopicBody,
  timeouts: { timeoutMs: number; connectTimeoutMs: number },
): Promise<DeliveryOutcome> {
  const headers: Record<string, string> = { 'content-type': content.contentType, link: content.link };
  if (secret !== null) headers['x-hub-signature'] = await signature(secret, content.body);
  try {
    const res = await outbound.send('POST', callback, { ...timeouts, headers, body: content.body });
    if (res.status >= 200 && res.status <= 299) return { kind: 'ok' };
    // §7: a 410 says the subscription was deleted; the hub MAY end it.
    if (res.status === 410) return { kind: 'gone' };
    return { kind: 'failed', reason: `delivery answered with status ${res.status}` };
  } catch (error) {
    return { kind: 'failed', reason: `delivery failed: ${error instanceof Error ? error.message : String(error)}`, timedOut: error instanceof TimedOut };
  }
}
