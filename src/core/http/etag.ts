import { sha256Base64url } from '../bytes/sha256.ts';

/** A strong entity tag (RFC 9110 §8.8.3): the quoted hash of the exact bytes. */
export function strongEtag(body: string | Uint8Array | readonly Uint8Array[]): string {
  return `"${sha256Base64url(body).slice(0, 27)}"`;
}
