// How many subscriptions the hub last saw, kept beside the database in a file of its own, so a
// database deleted, emptied or replaced by an empty one is noticed instead of silently
// starting over: the database cannot testify to its own absence.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

export interface Marker {
  subscriptions: number;
  /** ISO instant of the count. */
  at: string;
}

export const markerPath = (dbPath: string) => `${dbPath}.subscriptions.json`;

export function readMarker(dbPath: string): Marker | undefined {
  try {
    const m = JSON.parse(readFileSync(markerPath(dbPath), 'utf8')) as Partial<Marker>;
    if (typeof m.subscriptions === 'number' && Number.isSafeInteger(m.subscriptions) && typeof m.at === 'string') {
      return { subscriptions: m.subscriptions, at: m.at };
    }
  } catch {}
  return undefined;
}

/** Written whole or not at all (a temporary file renamed over the old one). */
export function writeMarker(dbPath: string, subscriptions: number, now: Date): void {
  const path = markerPath(dbPath);
  writeFileSync(`${path}.tmp`, `${JSON.stringify({ subscriptions, at: now.toISOString() })}\n`);
  renameSync(`${path}.tmp`, path);
}

/** Where the subscriptions were kept, and how to get them back, as a warning names them. */
export interface LossContext {
  /** e.g. `HUB_DB (/path)`. */
  store: string;
  /** The last sentence: what to do. */
  advice: string;
}

/** The warning to log when the database holds none of the subscriptions the marker counted. */
export function lossWarning(
  dbPath: string,
  existed: boolean,
  count: number,
  marker: Marker | undefined,
  context: LossContext = {
    store: `HUB_DB (${dbPath})`,
    advice: 'Stop the sidecar, restore the file from a backup (README, "Backing up the hub") and start it again.',
  },
): string | undefined {
  if (marker === undefined || marker.subscriptions === 0 || count > 0) return undefined;
  const what = existed ? 'holds no subscriptions' : 'did not exist and was created empty';
  return (
    `hub: WARNING: ${context.store} ${what}, but it held ${marker.subscriptions} subscription(s) at ${marker.at}. ` +
    `It was deleted, emptied or replaced: subscribers get no notifications until they subscribe again. ${context.advice}`
  );
}
