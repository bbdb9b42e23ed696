/** A small least-recently-used cache, so per-request work on hostile input stays bounded. */
export class Lru<K, V> {
  readonly #max: number;
  readonly #map = new Map<K, V>();
  constructor(max: number) {
    this.#max = max;
  }
  get(key: K, compute: (key: K) => V): V {
    const hit = this.#map.get(key);
    if (hit !== undefined || this.#map.has(key)) {
      this.#map.delete(key);
      this.#map.set(key, hit as V);
      return hit as V;
    }
    const value = compute(key);
    this.#map.set(key, value);
    if (this.#map.size > this.#max) this.#map.delete(this.#map.keys().next().value as K);
    return value;
  }
}
