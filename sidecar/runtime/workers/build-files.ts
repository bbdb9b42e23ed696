import type { BuildFiles, Manifest } from '../../../src/core/http/manifest.ts';
import type { AssetFetcher } from '../../../src/edge/serve-asset.ts';
import type { LiveSite } from '../../site/live-site.ts';
import { snapshotOf } from '../../site/snapshot.ts';

/**
 * The Worker's build: the manifest bundled into the script, the files in its static assets.
 * The routes read files synchronously, and the asset binding is asynchronous, so the entry
 * awaits `load` for the files a request may read before the app runs; they stay in memory for
 * the isolate's life (a deploy is one build). Reading a file that was not loaded is a bug in
 * the entry's list, and fails loudly rather than answering without it.
 */
export interface AssetSite {
  site: LiveSite;
  load(paths: readonly string[]): Promise<void>;
}

export function assetSite(manifest: Manifest, assets: AssetFetcher, origin: string): AssetSite {
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
  const snapshot = snapshotOf(files);
  const site: LiveSite = { current: () => snapshot, refresh: () => false, onSwap: () => {}, close: () => {} };
  const loadOne = async (path: string) => {
    if (loaded.has(path) || !manifest.resources[path]) return;
    const res = await assets.fetch(new Request(new URL(path, origin)));
    if (res.status !== 200) throw new Error(`the assets answered ${res.status} for ${path}`);
    loaded.set(path, new Uint8Array(await res.arrayBuffer()));
  };
  return { site, load: async (paths) => void (await Promise.all(paths.map(loadOne))) };
}
