// src/core/bytes against Node's own Buffer and node:crypto, which it replaces in the shared code:
// the same lengths, encodings and digests, so ETags and ids stay what they were.
import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeSha256 } from '../../sidecar/runtime/node/sha256.ts';
import { base64url, fromBase64 } from '../../src/core/bytes/base64.ts';
import { concatBytes, lastIndexOfBytes, sameBytes } from '../../src/core/bytes/compare.ts';
import { sha256Base64url } from '../../src/core/bytes/sha256.ts';
import { utf8Bytes, utf8Length, utf8Text, writeUtf8 } from '../../src/core/bytes/utf8.ts';

const nodeDigest = (parts: (string | Uint8Array)[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest('base64url');
};
// strings with every width of UTF-8 and lone surrogates, which both write as U+FFFD
const texts = fc.string({ unit: fc.oneof(fc.constantFrom('a', 'é', '€', '😀', '\uD800', '\uDC00', '"'), fc.string({ unit: 'binary' })) });

describe('src/core/bytes', () => {
  it('measures and writes UTF-8 as Buffer does', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(utf8Length(text)).toBe(Buffer.byteLength(text));
        expect(Buffer.from(utf8Bytes(text)).equals(Buffer.from(text))).toBe(true);
        const into = new Uint8Array(utf8Length(text) + 3);
        expect(writeUtf8(into, text, 3)).toBe(Buffer.byteLength(text));
        expect(utf8Text(into.subarray(3))).toBe(Buffer.from(text).toString('utf8'));
      }),
      { numRuns: 500 },
    );
  });

  it('hashes strings, bytes and parts to the digest node:crypto gives', () => {
    fc.assert(
      fc.property(texts, fc.uint8Array({ maxLength: 300 }), (text, bytes) => {
        expect(sha256Base64url(text)).toBe(nodeDigest([text]));
        expect(sha256Base64url(bytes)).toBe(nodeDigest([bytes]));
        expect(sha256Base64url([utf8Bytes(text), bytes])).toBe(nodeDigest([text, bytes]));
        // Node's adapter, which the sidecar passes for the ETags of computed responses
        for (const data of [text, bytes, [bytes, utf8Bytes(text)]]) expect(nodeSha256(data)).toBe(sha256Base64url(data));
      }),
      { numRuns: 300 },
    );
    const large = randomBytes(3 * 1024 * 1024 + 7);
    expect(sha256Base64url(large)).toBe(nodeDigest([large]));
  });

  it('writes and reads base64 as Buffer does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (bytes) => {
        expect(base64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
        expect(sameBytes(fromBase64(Buffer.from(bytes).toString('base64')), bytes)).toBe(true);
      }),
    );
  });

  it('compares, finds and joins bytes as Buffer does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 60, max: 3 }), fc.uint8Array({ minLength: 1, maxLength: 3, max: 3 }), (haystack, needle) => {
        expect(lastIndexOfBytes(haystack, needle)).toBe(Buffer.from(haystack).lastIndexOf(Buffer.from(needle)));
        expect(sameBytes(haystack, needle)).toBe(Buffer.from(haystack).equals(Buffer.from(needle)));
        expect(Buffer.from(concatBytes([haystack, needle, haystack])).equals(Buffer.concat([haystack, needle, haystack]))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
