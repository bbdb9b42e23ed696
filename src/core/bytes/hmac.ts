// HMAC-SHA-256 (RFC 2104) in every runtime, synchronously: the keyed hashes that stand in for
// personal data are taken in the middle of synchronous matching, where crypto.subtle cannot be.
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base64url } from './base64.ts';
import { utf8Bytes } from './utf8.ts';

/** A keyed hash of a string, base64url; the key's padding is hashed once and cloned per message. */
export type KeyedHash = (message: string) => string;

export function hmacSha256Base64url(key: string): KeyedHash {
  const base = hmac.create(sha256, utf8Bytes(key));
  return (message) => base64url(base.clone().update(utf8Bytes(message)).digest());
}
