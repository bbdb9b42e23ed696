import { expandManifest, type WorkerBuild } from './bindings.ts';
import { type AssetSite, assetSite } from './build-files.ts';
import type { AssetFetcher } from './types.ts';

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
