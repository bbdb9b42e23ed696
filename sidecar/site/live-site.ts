import { realpathSync } from 'node:fs';
import { loadSnapshot, type SiteSnapshot } from './snapshot.ts';

export interface LiveSite {
  /** The newest completed build. */
  current(): SiteSnapshot;
  /** Loads the build OUT_DIR points to now, if it is new; true when it swapped. */
  refresh(): boolean;
  onSwap(listener: (snapshot: SiteSnapshot) => void): void;
  close(): void;
}

/**
 * Follows OUT_DIR (a link the build swaps atomically) and swaps snapshots without a
 * restart. A build that fails to load is reported and the previous one stays served.
 */
export function liveSite(outDir: string, pollMs: number, log: (msg: string) => void = console.error): LiveSite {
  let snapshot = loadSnapshot(realpathSync(outDir));
  const listeners: ((s: SiteSnapshot) => void)[] = [];

  const refresh = () => {
    let dir: string;
    try {
      dir = realpathSync(outDir);
    } catch {
      return false;
    }
    if (dir === snapshot.buildDir) return false;
    try {
      const next = loadSnapshot(dir);
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
