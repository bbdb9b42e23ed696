// A worker loop over rows in SQLite: runs as many jobs as its lane (lanes.ts) gives slots,
// claims more as jobs finish or when woken, and sleeps until the next row falls due. Which jobs
// are in flight is kept in memory only: after a crash every row is simply due again.
import { createCandidates } from '../../../hub/candidates.ts';
import type { Lane } from '../../../hub/lanes.ts';

export interface PumpOptions<J> {
  lane: Lane<J>;
  key: (job: J) => string;
  /** The due rows not in flight, in due order; the lane picks among them. */
  claim: (busy: ReadonlySet<string>) => J[];
  run: (job: J) => Promise<void>;
  /** When the next row not yet due falls due (epoch ms), if any. */
  nextDueAt?: () => number | undefined;
  log: (msg: string) => void;
  /** Sees every error of claim and run first (the engine picks out a failing database file). */
  failed?: (error: unknown) => void;
}

export interface Pump {
  start(): void;
  wake(): void;
  stop(): Promise<void>;
}

/** Longest sleep between checks, in case a row's time was changed behind the pump's back. */
const MAX_SLEEP_MS = 30_000;

export function createPump<J>(o: PumpOptions<J>): Pump {
  const busy = new Set<string>();
  const running = new Set<Promise<void>>();
  let started = false;
  let stopped = false;
  let scheduled = false;
  let timer: NodeJS.Timeout | undefined;
  const candidates = createCandidates(o.claim);

  function launch(job: J) {
    const k = o.key(job);
    busy.add(k);
    const done: Promise<void> = o
      .run(job)
      .catch((error: unknown) => {
        o.failed?.(error);
        o.log(`hub worker error: ${error instanceof Error ? error.stack : String(error)}`);
      })
      .finally(() => {
        o.lane.release(job);
        busy.delete(k);
        running.delete(done);
        schedule();
      });
    running.add(done);
  }

  function fill() {
    scheduled = false;
    if (!started || stopped) return;
    clearTimeout(timer);
    const free = o.lane.free();
    if (free <= 0) return;
    let jobs: J[];
    try {
      jobs = candidates.pick(o.lane, busy);
    } catch (error) {
      o.failed?.(error);
      o.log(`hub worker cannot read its queue: ${String(error)}`);
      jobs = [];
    }
    for (const job of jobs) launch(job);
    if (jobs.length < free) {
      const at = o.nextDueAt?.();
      const delay = at === undefined ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(1, at - Date.now()));
      timer = setTimeout(wake, delay);
      timer.unref();
    }
  }

  function schedule() {
    if (scheduled || !started || stopped) return;
    scheduled = true;
    setImmediate(fill);
  }

  /** New rows may be due: read them at the next fill. */
  function wake() {
    candidates.invalidate();
    schedule();
  }

  return {
    start() {
      started = true;
      wake();
    },
    wake,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await Promise.allSettled([...running]);
    },
  };
}
