import { createHash } from 'node:crypto';

/** A strong entity tag (RFC 9110 §8.8.3): the quoted hash of the exact bytes. */
export function strongEtag(body: string | Uint8Array): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
