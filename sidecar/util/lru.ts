/**
 * A small least-recently-used cache, bounded by entries and by bytes, so that per-request
 * work on hostile input stays bounded and memory too: a cache of a few huge values (a since
 * body of 7 MB) holds as little as one of many small ones. A value larger than the byte
 * bound is returned but not kept.
 */
export interface LruOptions<V> {
  maxEntries?: number;
  maxBytes?: number;
  /** The bytes one value holds; required with maxBytes. */
  sizeOf?: (value: V) => number;
}

export class Lru<K, V> {
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #sizeOf: (value: V) => number;
  readonly #map = new Map<K, { value: V; size: number }>();
  #bytes = 0;

  constructor({ maxEntries = Number.POSITIVE_INFINITY, maxBytes = Number.POSITIVE_INFINITY, sizeOf = () => 0 }: LruOptions<V>) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
    this.#sizeOf = sizeOf;
  }

  get size(): number {
    return this.#map.size;
  }

  /** The bytes held, by sizeOf. */
  get bytes(): number {
    return this.#bytes;
  }

  get(key: K, compute: (key: K) => V): V {
    const hit = this.#map.get(key);
    if (hit !== undefined) {
      this.#map.delete(key);
      this.#map.set(key, hit);
      return hit.value;
    }
    const value = compute(key);
    const size = this.#sizeOf(value);
    if (size > this.#maxBytes || this.#maxEntries < 1) return value;
    this.#map.set(key, { value, size });
    this.#bytes += size;
    while (this.#map.size > this.#maxEntries || this.#bytes > this.#maxBytes) {
      const [oldest, entry] = this.#map.entries().next().value as [K, { size: number }];
      this.#map.delete(oldest);
      this.#bytes -= entry.size;
    }
    return value;
  }
}
