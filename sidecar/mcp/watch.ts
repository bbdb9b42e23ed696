import type { LiveSite } from '../site/live-site.ts';
import type { SiteSnapshot } from '../site/snapshot.ts';
import { reviewById } from './build-data.ts';
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
 * What a resource is in one build, to compare with another: a dataset by the ETag the build
 * computed for its file (the comparison the WebSub hub makes for its topics,
 * sidecar/hub/topics.ts), one review by its JSON; undefined when the build has no such resource.
 */
export function fingerprint(snapshot: SiteSnapshot, uri: string): string | undefined {
  const dataset = DATASETS.find((d) => d.url(snapshot) === uri);
  if (dataset) return snapshot.manifest.resources[dataset.path]?.etag;
  const id = reviewIdOf(uri);
  const review = id === undefined ? undefined : reviewById(snapshot, id);
  return review && JSON.stringify(review);
}

/** Whether changes to this URI can be reported: a dataset of this build, or a review URI. */
export function watchable(snapshot: SiteSnapshot, uri: string): boolean {
  return DATASETS.some((d) => d.url(snapshot) === uri) || reviewIdOf(uri) !== undefined;
}

/** The URIs among `uris` whose resource differs between two builds. */
function changedUris(prev: SiteSnapshot, next: SiteSnapshot, uris: Iterable<string>): string[] {
  return [...uris].filter((uri) => watchable(next, uri) && fingerprint(prev, uri) !== fingerprint(next, uri));
}

/** Tells listeners about the resources a newly swapped-in build changed. */
/** Tells each listener of every URI it listens to that changed; one failing listener stops no other. */
export function notifyListeners(listeners: Iterable<ResourceListener>, changed: ReadonlySet<string>, log: (msg: string) => void): void {
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
}

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
    notifyListeners(listeners, changed, log);
  });
  return {
    watchable: (uri) => watchable(site.current(), uri),
    add(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    get size() {
      return listeners.size;
    },
  };
}
