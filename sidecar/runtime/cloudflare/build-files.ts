import type { BuildFiles, Manifest } from '../../../src/core/http/manifest.ts';
import { type PackedHeader, packedFiles, unpackSearchIndex } from '../../../src/core/search/packed.ts';
import type { LiveSite } from '../../site/live-site.ts';
import { type Prepared, snapshotOf } from '../../site/snapshot.ts';
import { packedFilePath } from './bindings.ts';
import type { AssetFetcher } from './types.ts';

/**
 * The Worker's build: the manifest bundled into the script, the files in its static assets.
 * The routes read files synchronously, and the asset binding is asynchronous, so the entry
 * awaits `load` for the files a request may read before the app runs; they stay in memory for
 * the isolate's life (a deploy is one build). Reading a file that was not loaded is a bug in
 * the entry's list, and fails loudly rather than answering without it.
 */
export interface AssetSite {
  /** The build's manifest, expanded from the one bundled into the script. */
  manifest: Manifest;
  site: LiveSite;
  load(paths: readonly string[]): Promise<void>;
  /** Loads the packed search index (views of its files, nothing parsed) once. */
  loadSearch(): Promise<void>;
  /** Milliseconds the last unpack of the index took (code only, after its files arrived), then 0. */
  takeUnpackMs(): number;
}

export function assetSite(manifest: Manifest, search: PackedHeader, assets: AssetFetcher, origin: string): AssetSite {
  const loaded = new Map<string, Uint8Array>();
  const files: BuildFiles = {
    buildDir: `assets:${manifest.build_id}`,
    manifest,
    read(_entry, path) {
      const bytes = loaded.get(path);
      if (!bytes) throw new Error(`${path} was read before the Worker loaded it from its assets`);
      return bytes;
    },
  };
  const prepared: Prepared = { searchNames: search.names };
  const snapshot = snapshotOf(files, prepared);
  const site: LiveSite = { current: () => snapshot, refresh: () => false, onSwap: () => {}, close: () => {} };
  const fetchBytes = async (path: string) => {
    const res = await assets.fetch(new Request(new URL(path, origin)));
    if (res.status !== 200) throw new Error(`the assets answered ${res.status} for ${path}`);
    return res.arrayBuffer();
  };
  const loadOne = async (path: string) => {
    if (loaded.has(path) || !manifest.resources[path]) return;
    loaded.set(path, new Uint8Array(await fetchBytes(path)));
  };
  let searchLoading: Promise<void> | undefined;
  let unpackMs = 0;
  const loadSearch = async () => {
    const names = packedFiles(search);
    const bytes = await Promise.all(names.map((name) => fetchBytes(packedFilePath(name))));
    const started = performance.now();
    prepared.searchIndex = unpackSearchIndex(search, Object.fromEntries(names.map((name, i) => [name, bytes[i] as ArrayBuffer])));
    unpackMs = performance.now() - started;
  };
  return {
    manifest,
    site,
    load: async (paths) => void (await Promise.all(paths.map(loadOne))),
    loadSearch: () => {
      // a failed load is tried again by the next request
      searchLoading ??= loadSearch().catch((err) => {
        searchLoading = undefined;
        throw err;
      });
      return searchLoading;
    },
    takeUnpackMs: () => {
      const ms = unpackMs;
      unpackMs = 0;
      return ms;
    },
  };
}
