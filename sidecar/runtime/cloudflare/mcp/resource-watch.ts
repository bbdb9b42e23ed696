import { fingerprint, notifyListeners, type ResourceListener, type ResourceWatch, watchable } from '../../../mcp/watch.ts';
import type { SiteSnapshot } from '../../../site/snapshot.ts';

/** What a watcher last saw of each resource it watches: URI → fingerprint ('' when the build had none). */
export type Seen = Record<string, string>;

/**
 * The resource watch of one Durable Object (a 2025 session or a listen stream). No build is
 * swapped under a Worker: a new build is a new deploy, which restarts the object. So the
 * object remembers what each watched resource was (watch.ts, fingerprint(), kept in its
 * storage) and tells the resources that differ in the build it runs now.
 */
export class ObjectWatch implements ResourceWatch {
  readonly #listeners = new Set<ResourceListener>();
  readonly #current: () => SiteSnapshot;
  readonly #seen: Map<string, string>;

  constructor(current: () => SiteSnapshot, seen: Seen) {
    this.#current = current;
    this.#seen = new Map(Object.entries(seen));
  }

  watchable(uri: string): boolean {
    return watchable(this.#current(), uri);
  }

  add(listener: ResourceListener): () => void {
    this.#listeners.add(listener);
    return () => void this.#listeners.delete(listener);
  }

  get size(): number {
    return this.#listeners.size;
  }

  get seen(): Seen {
    return Object.fromEntries(this.#seen);
  }

  /** Remembers the resources listened to now and forgets the others; true when that changed what is kept. */
  sync(): boolean {
    const snapshot = this.#current();
    const wanted = new Set<string>();
    for (const listener of this.#listeners) for (const uri of listener.uris) if (watchable(snapshot, uri)) wanted.add(uri);
    let changed = false;
    for (const uri of wanted) {
      if (this.#seen.has(uri)) continue;
      this.#seen.set(uri, fingerprint(snapshot, uri) ?? '');
      changed = true;
    }
    for (const uri of this.#seen.keys()) {
      if (wanted.has(uri)) continue;
      this.#seen.delete(uri);
      changed = true;
    }
    return changed;
  }

  /** Tells the listeners which of their resources differ from what was seen; true when some did. */
  tellChanged(log: (msg: string) => void): boolean {
    const snapshot = this.#current();
    const changed = new Set<string>();
    for (const [uri, before] of this.#seen) {
      const now = fingerprint(snapshot, uri) ?? '';
      if (now === before) continue;
      changed.add(uri);
      this.#seen.set(uri, now);
    }
    notifyListeners(this.#listeners, changed, log);
    return changed.size > 0;
  }
}
