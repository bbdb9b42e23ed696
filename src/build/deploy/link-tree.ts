import { linkSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Manifest } from '../../core/http/manifest.ts';

/** Hard-links every built file into a host's folder: the deploy folders cost no file data. */
export function linkTree(siteDir: string, manifest: Manifest, into: string): void {
  for (const { file } of Object.values(manifest.resources)) {
    const target = join(into, file);
    mkdirSync(dirname(target), { recursive: true });
    linkSync(join(siteDir, file), target);
  }
}
