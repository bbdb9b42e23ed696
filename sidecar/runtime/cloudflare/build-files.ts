import type { BuildFiles, Manifest } from '../../../src/core/http/manifest.ts';

/**
 * The Worker's build: the manifest bundled into the script, the files in its static assets.
 * The routes read files synchronously and the asset binding is asynchronous, so a file is read
 * from `loaded`, which the live site fills before the app runs (`live-site.ts`). Reading a file
 * that was not loaded is a bug in the entry's list, and fails loudly rather than answering
 * without it.
 */
export function assetFiles(manifest: Manifest, loaded: ReadonlyMap<string, Uint8Array>): BuildFiles {
  return {
    buildDir: `assets:${manifest.build_id}`,
    manifest,
    read(_entry, path) {
      const bytes = loaded.get(path);
      if (!bytes) throw new Error(`${path} was read before the Worker loaded it from its assets`);
      return bytes;
    },
  };
}
