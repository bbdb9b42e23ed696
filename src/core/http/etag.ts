import { type Sha256, sha256Base64url } from '../bytes/sha256.ts';

/** A strong entity tag (RFC 9110 §8.8.3): the quoted hash of the exact bytes, by any runtime's SHA-256. */
export function strongEtag(body: string | Uint8Array | readonly Uint8Array[], sha256: Sha256 = sha256Base64url): string {
  return `"${sha256(body).slice(0, 27)}"`;
}
