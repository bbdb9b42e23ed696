// The operator's signed publish ping: `npm run publish` signs its request with
// HUB_PUBLISH_SECRET, and the hub honours a valid signature outside the anonymous limit. The
// HMAC covers a timestamp, the path and the body; a timestamp outside the window, or a
// signature already used, is refused, so a captured ping cannot be replayed. WebCrypto only,
// so the Node sidecar and the Worker check it with the same code.

export const PUBLISH_SIGNATURE_HEADER = 'x-hub-publish-signature';

/** How far a ping's timestamp may be from the hub's clock, either way. */
export const SIGNATURE_WINDOW_S = 300;

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

const signed = (timestampS: number, path: string, body: string) => `${timestampS}\n${path}\n${body}`;

/** The header value for a ping to `path` with form `body`, sent at `nowMs`. */
export async function signPublish(secret: string, path: string, body: string, nowMs: number): Promise<string> {
  const t = Math.floor(nowMs / 1000);
  return `t=${t},sha256=${await hmacHex(secret, signed(t, path, body))}`;
}

function equalTimingSafe(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

export interface PublishVerifier {
  check(header: string, path: string, body: string, nowMs: number): Promise<SignatureCheck>;
}

/** Checks signed pings; remembers the signatures it accepted until they leave the window. */
export function publishVerifier(secret: string): PublishVerifier {
  const used = new Map<string, number>();
  return {
    async check(header, path, body, nowMs) {
      if (secret === '') return { ok: false, reason: 'this hub has no HUB_PUBLISH_SECRET, so it takes no signed pings' };
      const m = /^t=(\d{1,12}),sha256=([0-9a-f]{64})$/.exec(header.trim());
      if (m === null) return { ok: false, reason: `${PUBLISH_SIGNATURE_HEADER} must be t=<unix seconds>,sha256=<hex>` };
      const t = Number(m[1]);
      const mac = m[2] as string;
      if (Math.abs(nowMs / 1000 - t) > SIGNATURE_WINDOW_S) return { ok: false, reason: 'the signed ping is too old or from the future (check the clocks)' };
      if (!equalTimingSafe(mac, await hmacHex(secret, signed(t, path, body)))) return { ok: false, reason: 'the signature does not match' };
      for (const [k, expires] of used) if (expires <= nowMs) used.delete(k);
      if (used.has(mac)) return { ok: false, reason: 'this signed ping was used already' };
      used.set(mac, (t + SIGNATURE_WINDOW_S) * 1000 + 1000);
      return { ok: true };
    },
  };
}
