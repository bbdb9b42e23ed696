import type { Manifest } from '../../../src/core/http/manifest.ts';
import { type PackedHeader, packedFiles, unpackSearchIndex } from '../../../src/core/search/packed.ts';
import type { LiveSite } from '../../site/live-site.ts';
import { type Prepared, snapshotOf } from '../../site/snapshot.ts';
import { expandManifest, packedFilePath, type WorkerBuild } from './bindings.ts';
import { assetFiles } from './build-files.ts';
import type { AssetFetcher } from './types.ts';

/**
 * The Worker's live site: the deployed build, which never changes under an isolate (a deploy is
 * one build). The entry awaits `load` for the files a request may read before the app runs;
 * they stay in memory for the isolate's life.
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
  const files = assetFiles(manifest, loaded);
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

let files: AssetSite | undefined;

/**
 * The build's files in this isolate: one AssetSite for the entry and for the Durable Objects
 * that run here, so that a file is loaded and parsed, and an index unpacked, once per isolate.
 */
export function isolateFiles(build: WorkerBuild, assets: AssetFetcher): AssetSite {
  if (files) return files;
  const manifest = expandManifest(build.manifest);
  // the asset binding answers by path; the origin only makes the URL absolute
  files = assetSite(manifest, build.search, assets, manifest.site_url);
  return files;
}
