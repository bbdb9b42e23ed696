import type { SiteSnapshot } from './snapshot.ts';

/** The build being served: the newest in OUT_DIR on Node (runtime/node/live-site.ts), the deployed one in a Worker (runtime/cloudflare/live-site.ts). */
export interface LiveSite {
  /** The newest completed build. */
  current(): SiteSnapshot;
  /** Loads the build OUT_DIR points to now, if it is new; true when it swapped. */
  refresh(): boolean;
  onSwap(listener: (snapshot: SiteSnapshot) => void): void;
  close(): void;
}
