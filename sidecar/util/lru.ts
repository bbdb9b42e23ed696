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
  /**
   * False: once full, keep what is held and answer a miss without keeping it. For a fixed set
   * of keys (a build's files) under a load wider than the cache, eviction replaces one old
   * buffer by another on every miss, and each replaced one waits for a full garbage collection
   * (V8 starts one only after about 64 MB more external memory); a miss that is not kept dies
   * young instead. Keys a client chooses (search queries) need eviction, or the first ones
   * would hold the cache for good.
   */
  evict?: boolean;
  /**
   * True: a key is kept only when it misses a second time while its first miss is still
   * remembered (a doorkeeper of the last few thousand keys, as hashes). Under a stream of
   * one-off keys (varied or hostile queries) the cache then keeps its repeated entries, and a
   * one-off answer dies young instead of evicting an old one that only a full garbage
   * collection would free.
   */
  repeatedOnly?: boolean;
}

/** Keys the doorkeeper remembers before it starts over. */
const DOORKEEPER_KEYS = 4096;

/** FNV-1a over UTF-16 code units: a small number to remember a key by (collisions only admit early). */
function keyTag(key: unknown): unknown {
  if (typeof key !== 'string') return key;
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class Lru<K, V> {
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  readonly #sizeOf: (value: V) => number;
  readonly #evict: boolean;
  readonly #doorkeeper: Set<unknown> | undefined;
  readonly #map = new Map<K, { value: V; size: number }>();
  #bytes = 0;

  constructor({
    maxEntries = Number.POSITIVE_INFINITY,
    maxBytes = Number.POSITIVE_INFINITY,
    sizeOf = () => 0,
    evict = true,
    repeatedOnly = false,
  }: LruOptions<V>) {
    this.#maxEntries = maxEntries;
    this.#maxBytes = maxBytes;
    this.#sizeOf = sizeOf;
    this.#evict = evict;
    this.#doorkeeper = repeatedOnly ? new Set() : undefined;
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
      // Recency matters only to eviction; a cache that never evicts skips the reordering on every hit.
      if (this.#evict) {
        this.#map.delete(key);
        this.#map.set(key, hit);
      }
      return hit.value;
    }
    const value = compute(key);
    const size = this.#sizeOf(value);
    if (size > this.#maxBytes || this.#maxEntries < 1) return value;
    if (this.#doorkeeper) {
      const tag = keyTag(key);
      if (!this.#doorkeeper.delete(tag)) {
        if (this.#doorkeeper.size >= DOORKEEPER_KEYS) this.#doorkeeper.clear();
        this.#doorkeeper.add(tag);
        return value;
      }
    }
    if (!this.#evict && (this.#map.size + 1 > this.#maxEntries || this.#bytes + size > this.#maxBytes)) return value;
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
