import { createHash } from 'node:crypto';

/** A strong entity tag (RFC 9110 §8.8.3): the quoted hash of the exact bytes. */
export function strongEtag(body: string | Uint8Array | readonly Uint8Array[]): string {
  const hash = createHash('sha256');
  if (Array.isArray(body)) for (const part of body as readonly Uint8Array[]) hash.update(part);
  else hash.update(body as string | Uint8Array);
  return `"${hash.digest('base64url').slice(0, 27)}"`;
}
