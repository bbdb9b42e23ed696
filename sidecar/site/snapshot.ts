import { utf8Text } from '../../src/core/bytes/utf8.ts';
import type { BuildFiles, Manifest } from '../../src/core/http/manifest.ts';
import { SURFACE } from '../../src/core/http/surface.ts';
import { type SiteUrls, siteUrls } from '../../src/core/http/urls.ts';
import type { ReviewsDocument } from '../../src/core/schemas/documents.ts';
import type { SearchIndex } from '../../src/core/search/index.ts';
import type { SearchNames } from '../../src/core/search/packed.ts';
import { ownBytes } from '../util/own-bytes.ts';

/**
 * One published build, immutable once loaded. A request takes the current snapshot once
 * and uses only it, so a build swapped in mid-request can never mix old and new data.
 */
/**
 * Something a build derives once, keyed by this object itself (never by a name two modules
 * could both use): create it once per module, or once per app for state that depends on settings.
 */
export interface PerBuild<T> {
  readonly name: string;
  readonly compute: (snapshot: SiteSnapshot) => T;
}

export function perBuild<T>(name: string, compute: (snapshot: SiteSnapshot) => T): PerBuild<T> {
  return { name, compute };
}

/** What a runtime may hand over ready-made rather than have derived from the data (the Worker's packed search index). */
export interface Prepared {
  searchIndex?: SearchIndex;
  searchNames?: SearchNames;
}

export interface SiteSnapshot {
  readonly buildDir: string;
  readonly manifest: Manifest;
  readonly urls: SiteUrls;
  /** The bytes of a built file, by URL path, kept for the next call while the budget lasts. */
  bytes(path: string): Uint8Array | undefined;
  /** The same bytes, read from disk when they are not kept, and then not kept (for a cache of its own). */
  readBytes(path: string): Uint8Array | undefined;
  /** True when bytes(path) is kept for the life of the build (so others may hold views of it for free). */
  keeps(path: string): boolean;
  /** The published reviews dataset, parsed and validated once. */
  readonly data: ReviewsDocument;
  /** Filled by the runtime before the routes read it; empty on Node. */
  readonly prepared: Prepared;
  /** State derived from this build (a search index, a cache), computed once on first use. */
  derive<T>(item: PerBuild<T>): T;
}

/**
 * Files other modules read again and again (the 404 page, insights.json); the static route
 * keeps its own byte-bounded cache. /reviews.json is always kept, whatever its size: the
 * dataset is parsed from it, and since bodies and search results are views of its bytes.
 */
const MAX_CACHED_BYTES = 16 * 1024 * 1024;

export function snapshotOf({ buildDir, manifest, read }: BuildFiles, prepared: Prepared = {}): SiteSnapshot {
  const cache = new Map<string, Uint8Array>();
  let cachedBytes = 0;
  const derived = new Map<PerBuild<unknown>, unknown>();
  let data: ReviewsDocument | undefined;

  const snapshot: SiteSnapshot = {
    buildDir,
    manifest,
    urls: siteUrls(manifest.site_url),
    prepared,
    readBytes(path) {
      const hit = cache.get(path);
      if (hit) return hit;
      const entry = manifest.resources[path];
      return entry ? read(entry, path) : undefined;
    },
    bytes(path) {
      const hit = cache.get(path);
      if (hit) return hit;
      const read = snapshot.readBytes(path);
      if (!read) return undefined;
      const keep = path === SURFACE.reviews.path || cachedBytes + read.length <= MAX_CACHED_BYTES;
      if (!keep) return read;
      // a small file is read into a shared pool slab, which the cache would keep whole
      const bytes = ownBytes(read);
      cache.set(path, bytes);
      if (path !== SURFACE.reviews.path) cachedBytes += bytes.length;
      return bytes;
    },
    keeps: (path) => cache.has(path),
    get data() {
      // The build validated every record before writing this file; here a shape check is
      // enough, and skipping a second zod pass saves ~25 MB and 0.3 s at 20,000 reviews.
      if (!data) {
        const parsed = JSON.parse(utf8Text(snapshot.bytes(SURFACE.reviews.path) as Uint8Array)) as ReviewsDocument;
        if (!Array.isArray(parsed?.reviews) || typeof parsed.business !== 'object') throw new Error('reviews.json has no reviews array');
        data = parsed;
      }
      return data;
    },
    derive<T>(item: PerBuild<T>): T {
      if (!derived.has(item)) derived.set(item, item.compute(snapshot));
      return derived.get(item) as T;
    },
  };
  return snapshot;
}
