import type { Manifest } from '../../../src/core/http/manifest.ts';
import type { WorkerEnv } from './bindings.ts';
import { type AssetSite, assetSite } from './build-files.ts';

/** The build, bundled into the script by src/build/deploy/worker.ts. */
declare const __WORKER_BUILD__: { manifest: Manifest };

let files: AssetSite | undefined;

/**
 * The build's files in this isolate: one AssetSite for the entry and the Durable Objects
 * that run here, so a file is loaded and parsed, and an index built, once per isolate.
 */
export function isolateFiles(env: WorkerEnv): AssetSite {
  const { manifest } = __WORKER_BUILD__;
  files ??= assetSite(manifest, env.ASSETS, new URL(manifest.site_url).origin);
  return files;
}
