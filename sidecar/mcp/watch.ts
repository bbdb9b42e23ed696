import type { LiveSite } from '../site/live-site.ts';
import type { SiteSnapshot } from '../site/snapshot.ts';
import { reviewsById } from './build-data.ts';
import { DATASETS, reviewIdOf } from './resources.ts';

/** Resources one session or one listen stream may subscribe to. */
export const MAX_SUBSCRIPTIONS = 100;

/** Someone listening for changes to some resources (a 2026-07-28 stream or a 2025 session). */
export interface ResourceListener {
  /** The resource URIs it asked about. */
  readonly uris: ReadonlySet<string>;
  updated(uri: string): void;
}

export interface ResourceWatch {
  /** Whether changes to this URI can be reported: a dataset of the current build, or a review URI. */
  watchable(uri: string): boolean;
  add(listener: ResourceListener): () => void;
  readonly size: number;
}

/**
 * What changed between two builds, for the URIs someone listens to. The datasets compare by
 * the ETag the build computed for each file (the comparison the WebSub hub makes for its
 * topics, sidecar/hub/topics.ts); one review compares by its JSON.
 */
function changedUris(prev: SiteSnapshot, next: SiteSnapshot, uris: Iterable<string>): string[] {
  const changed: string[] = [];
  for (const uri of uris) {
    const dataset = DATASETS.find((d) => d.url(next) === uri);
    if (dataset) {
      if (prev.manifest.resources[dataset.path]?.etag !== next.manifest.resources[dataset.path]?.etag) changed.push(uri);
      continue;
    }
    const id = reviewIdOf(uri);
    if (id === undefined) continue;
    const before = reviewsById(prev).get(id);
    const after = reviewsById(next).get(id);
    if (JSON.stringify(before) !== JSON.stringify(after)) changed.push(uri);
  }
  return changed;
}

/** Tells listeners about the resources a newly swapped-in build changed. */
export function watchResources(site: LiveSite, log: (msg: string) => void = () => {}): ResourceWatch {
  const listeners = new Set<ResourceListener>();
  let previous = site.current();
  site.onSwap((next) => {
    const prev = previous;
    previous = next;
    if (listeners.size === 0) return;
    const wanted = new Set<string>();
    for (const listener of listeners) for (const uri of listener.uris) wanted.add(uri);
    const changed = new Set(changedUris(prev, next, wanted));
    if (changed.size) log(`mcp: notifying listeners of ${[...changed].join(', ')}`);
    for (const listener of listeners) {
      for (const uri of listener.uris) {
        if (!changed.has(uri)) continue;
        try {
          listener.updated(uri);
        } catch (err) {
          log(`mcp: a resource notification failed: ${(err as Error).message}`);
        }
      }
    }
  });
  return {
    watchable: (uri) => DATASETS.some((d) => d.url(site.current()) === uri) || reviewIdOf(uri) !== undefined,
    add(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
  };
}
