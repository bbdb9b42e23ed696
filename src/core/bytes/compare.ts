/** True when both hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  for (let i = 0; i < a.byteLength; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Where `needle` last occurs in `haystack`, or -1. */
export function lastIndexOfBytes(haystack: Uint8Array, needle: Uint8Array): number {
  const first = needle[0];
  outer: for (let at = haystack.byteLength - needle.byteLength; at >= 0; at--) {
    if (haystack[at] !== first) continue;
    for (let j = 1; j < needle.byteLength; j++) if (haystack[at + j] !== needle[j]) continue outer;
    return at;
  }
  return -1;
}

/** The parts one after the other in one new array. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  let size = 0;
  for (const part of parts) size += part.byteLength;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}
