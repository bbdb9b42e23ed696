import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { type BuildFiles, MANIFEST_FILE, parseManifest } from '../../../src/core/http/manifest.ts';

/** A build folder on disk: `manifest.json` beside `site/`. */
export function folderFiles(buildDir: string): BuildFiles {
  const manifestFile = join(buildDir, MANIFEST_FILE);
  if (!existsSync(manifestFile)) throw new Error(`No manifest in ${buildDir}: run the build first`);
  const manifest = parseManifest(readFileSync(manifestFile, 'utf8'), manifestFile);
  const siteDir = join(buildDir, 'site');
  return { buildDir, manifest, read: (entry) => readFileSync(join(siteDir, entry.file)) };
}

/** The build folder OUT_DIR (a link the build swaps atomically) points to now. */
export function currentBuildDir(outDir: string): string {
  return realpathSync(outDir);
}
