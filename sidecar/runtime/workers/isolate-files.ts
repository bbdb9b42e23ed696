import type { Manifest } from '../../../src/core/http/manifest.ts';
import type { AssetFetcher } from '../../../src/edge/serve-asset.ts';
import { type AssetSite, assetSite } from './build-files.ts';

let files: AssetSite | undefined;

/**
 * The build's files in this isolate: one AssetSite for the entry and for the Durable Objects
 * that run here, so that a file is loaded and parsed, and an index built, once per isolate.
 */
export function isolateFiles(manifest: Manifest, assets: AssetFetcher): AssetSite {
  files ??= assetSite(manifest, assets, new URL(manifest.site_url).origin);
  return files;
}
