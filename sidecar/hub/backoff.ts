/**
 * A wait that doubles from `firstMs` up to `maxMs` with each failure in a row, and starts over
 * after a success or a run of at least `healthyMs`.
 */
export interface Backoff {
  /** The wait before the next try, after a failure that followed `ranMs` of running. */
  next(ranMs?: number): number;
  /** A success: the next failure waits `firstMs` again. */
  reset(): void;
}

export function backoff({ firstMs, maxMs, healthyMs = Number.POSITIVE_INFINITY }: { firstMs: number; maxMs: number; healthyMs?: number }): Backoff {
  let wait = firstMs;
  return {
    next(ranMs = 0) {
      const delay = ranMs >= healthyMs ? firstMs : wait;
      wait = Math.min(maxMs, delay * 2);
      return delay;
    },
    reset() {
      wait = firstMs;
    },
  };
}

/** A wait as a log line says it: "1 s", "4 min 16 s", or "250 ms" when shorter than a second. */
export function formatWait(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
}
