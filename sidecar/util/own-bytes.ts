/**
 * Bytes in memory of their own. Node answers a short file read or string encoding (up to
 * about 32 KB on Node 24) with a view of a shared 64 KB pool slab, so a cache that keeps a
 * 2 KB body that way keeps 64 KB alive; a cache copies such a view first.
 */
export function ownBytes<T extends Uint8Array>(bytes: T): T | Uint8Array<ArrayBuffer> {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = new Uint8Array(bytes.byteLength);
  own.set(bytes);
  return own;
}

/** The memory a buffer keeps alive: its whole backing store, not only its own bytes. */
export const heldBytes = (bytes: Uint8Array): number => bytes.buffer.byteLength;
