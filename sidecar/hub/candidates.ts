// The due rows a lane picks from, read from SQLite at most once per window rather than after
// every finished job: re-reading them on every completion made a fan-out to thousands of
// callbacks quadratic (and, in a Durable Object, spent the alarm's one thread on SQL while its
// few connections waited). New rows (a wake) are read at once. Both runtimes' loops use it.
import type { Lane } from './lanes.ts';

/** How long rows read serve as candidates before they are read again. */
export const CANDIDATES_MS = 1000;

export interface Candidates<J> {
  /** Picks up to `max` jobs through `lane` from the rows read (read again when used up or stale). */
  pick(lane: Lane<J>, busy: ReadonlySet<string>, max?: number): J[];
  /** Rows may have been added: read them at the next pick. */
  invalidate(): void;
  /** The time the rows held were read at: rows that fell due after it are not among them. */
  readAt(): number;
  /** Whether rows read are still waiting for a slot (a finished job in their lane picks again). */
  waiting(): boolean;
}

export function createCandidates<J>(claim: (busy: ReadonlySet<string>, now: number) => J[], now: () => number = Date.now): Candidates<J> {
  let rows: J[] = [];
  let readAt = Number.NEGATIVE_INFINITY;
  return {
    pick(lane, busy, max) {
      if (rows.length === 0 || now() - readAt > CANDIDATES_MS) {
        readAt = now();
        rows = claim(busy, readAt);
      }
      const jobs = lane.pick(rows, max);
      if (jobs.length > 0) {
        const taken = new Set(jobs);
        rows = rows.filter((j) => !taken.has(j));
      }
      return jobs;
    },
    invalidate() {
      readAt = Number.NEGATIVE_INFINITY;
    },
    readAt: () => readAt,
    waiting: () => rows.length > 0,
  };
}
