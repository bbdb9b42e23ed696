import type { LiveSite } from '../../site/live-site.ts';
import { type SiteSnapshot, snapshotOf } from '../../site/snapshot.ts';
import { currentBuildDir, folderFiles } from './build-files.ts';

/**
 * Node's live site: follows OUT_DIR (a link the build swaps atomically) and swaps snapshots
 * without a restart. A build that fails to load is reported and the previous one stays served.
 */
export function liveSite(outDir: string, pollMs: number, log: (msg: string) => void = console.error): LiveSite {
  let snapshot = snapshotOf(folderFiles(currentBuildDir(outDir)));
  const listeners: ((s: SiteSnapshot) => void)[] = [];

  const refresh = () => {
    let dir: string;
    try {
      dir = currentBuildDir(outDir);
    } catch {
      return false;
    }
    if (dir === snapshot.buildDir) return false;
    try {
      const next = snapshotOf(folderFiles(dir));
      void next.data; // validate before anyone sees it
      snapshot = next;
    } catch (err) {
      log(`Keeping build ${snapshot.manifest.build_id}: cannot load ${dir}: ${(err as Error).message}`);
      return false;
    }
    for (const listener of listeners) listener(snapshot);
    return true;
  };

  const timer = pollMs > 0 ? setInterval(refresh, pollMs) : undefined;
  timer?.unref();
  return {
    current: () => snapshot,
    refresh,
    onSwap: (listener) => void listeners.push(listener),
    close: () => clearInterval(timer),
  };
}
