// The hub's outbound HTTP in a Worker: fetch, with the rules of the Outbound port. fetch resolves
// the host itself, so only what the URL shows can be checked (address literals, reserved names:
// hostRefusal); the hub's README says what that leaves open.
import { hostRefusal } from '../../../hub/address.ts';
import { type Outbound, type OutboundResponse, RefusedCallback, TimedOut } from '../../../hub/ports.ts';

/**
 * Outbound connections open at once in one invocation (Cloudflare's limits page, "Simultaneous
 * open connections": 6); more fetches would wait for one of them, so the hub's lanes are sized
 * to it and the slow hosts' share is one connection per lane.
 */
export const CONNECTIONS_PER_INVOCATION = 6;

export interface FetchOutboundOptions {
  allowPrivate: boolean;
  maxResponseBytes: number;
  userAgent: string;
}

async function readCapped(res: Response, cap: number): Promise<OutboundResponse> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated = false;
  const reader = res.body?.getReader();
  while (reader) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > cap) {
      chunks.push(value.subarray(0, cap - size));
      size = cap;
      truncated = true;
      await reader.cancel();
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const body = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return { status: res.status, body, truncated };
}

export function fetchOutbound(options: FetchOutboundOptions): Outbound {
  let closed = false;
  return {
    async send(method, rawUrl, { timeoutMs, headers = {}, body }) {
      if (closed) throw new Error('the hub is closing');
      const url = new URL(rawUrl);
      if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') {
        throw new RefusedCallback('only https: URLs without credentials are contacted');
      }
      const refusal = options.allowPrivate ? undefined : hostRefusal(url.hostname);
      if (refusal !== undefined) throw new RefusedCallback(refusal);
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const res = await fetch(url, {
          method,
          headers: { 'user-agent': options.userAgent, ...headers },
          ...(body ? { body: body as Uint8Array<ArrayBuffer> } : {}),
          redirect: 'manual',
          signal,
        });
        return await readCapped(res, options.maxResponseBytes);
      } catch (error) {
        if (signal.aborted) throw new TimedOut('no answer within the time limit');
        throw error;
      }
    },
    close() {
      closed = true;
    },
  };
}
