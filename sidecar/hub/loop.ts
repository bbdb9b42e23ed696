// The hub's job loop, in every runtime: which kinds of job there are (verifications, denials,
// deliveries, and the purge of ended leases), how each is claimed from SQLite and picked through
// its lane, how many may run, and when the next one falls due. The runtime only drives it: Node's
// clock (runtime/node/hub/clock.ts) with timers in its worker thread, the Durable Object with its
// alarm. In-flight jobs are kept in memory only: after a crash every row is simply due again.
import { createCandidates } from './candidates.ts';
import type { Lane } from './lanes.ts';
import type { HubStore } from './store.ts';
import { createWork, type WorkDeps } from './work.ts';

export interface LoopDeps extends Omit<WorkDeps, 'denialQueued' | 'store'> {
  store: HubStore;
  /** Jobs in flight at once over all lanes (a Durable Object's open connections); no bound otherwise. */
  maxInFlight?: number;
  /** A job finished or new rows were announced: the driver should launch again (a driver that uses `drain` needs none). */
  changed?: () => void;
  /** Sees every error of a job first (Node's engine picks out a failing database file). */
  failed?: (error: unknown) => void;
}

interface Kind {
  /** Launches up to `max` due jobs of this kind; returns how many. */
  launch(max: number): number;
  /** When this kind needs the loop again (epoch ms), if no finished job of its own will call it first. */
  nextAt(now: number): number | undefined;
  /** Whether a job of this kind not in flight is due. */
  dueNow(now: number): boolean;
  invalidate(): void;
}

export function createHubLoop(d: LoopDeps) {
  const { store, log } = d;
  const now = d.now ?? Date.now;
  const maxInFlight = d.maxInFlight ?? Number.POSITIVE_INFINITY;
  const running = new Set<Promise<void>>();
  /** While `drain` waits: a job finished or rows were queued. */
  let drained: (() => void) | undefined;
  const changed = () => {
    drained?.();
    d.changed?.();
  };
  /** When the first lease ends (read again whenever a subscription changes). */
  let purgeAt = Number.NEGATIVE_INFINITY;
  const subscriptionsChanged = () => {
    purgeAt = Number.NEGATIVE_INFINITY;
    d.subscriptionsChanged?.();
  };
  const work = createWork({ ...d, subscriptionsChanged, denialQueued: () => wake() });

  function kind<J>(
    lane: Lane<J>,
    key: (job: J) => string,
    claim: (busy: ReadonlySet<string>, now: number) => J[],
    next: (after: number) => number | undefined,
    run: (job: J) => Promise<void>,
  ): Kind {
    const busy = new Set<string>();
    const candidates = createCandidates(claim, now);
    return {
      launch(max) {
        const jobs = candidates.pick(lane, busy, max);
        for (const job of jobs) {
          const k = key(job);
          busy.add(k);
          const done: Promise<void> = run(job)
            .catch((error: unknown) => {
              d.failed?.(error);
              log(`hub worker error: ${error instanceof Error ? error.stack : String(error)}`);
            })
            .finally(() => {
              lane.release(job);
              busy.delete(k);
              running.delete(done);
              changed();
            });
          running.add(done);
        }
        return jobs.length;
      },
      nextAt(at) {
        // Rows waiting for a slot are picked when a job of this lane finishes.
        if (candidates.waiting()) return undefined;
        const readAt = candidates.readAt();
        if (readAt === Number.NEGATIVE_INFINITY) return at;
        // Counted from when the rows were read, not from now: a row that fell due in between is due now.
        return next(readAt);
      },
      dueNow: (at) => claim(busy, at).length > 0,
      invalidate: candidates.invalidate,
    };
  }

  const pair = (j: { callback: string; topic: string }) => store.key(j.callback, j.topic);
  const kinds: Kind[] = [
    kind(
      work.lanes.verifications,
      pair,
      (busy) => store.dueVerifications(busy),
      () => undefined,
      work.verification,
    ),
    kind(
      work.lanes.denials,
      (x) => String(x.id),
      (busy, at) => store.dueDenials(at, busy),
      store.nextDenialAt,
      work.denial,
    ),
    kind(work.lanes.deliveries, pair, (busy, at) => store.dueDeliveries(at, busy), store.nextDeliveryAt, work.delivery),
  ];

  /** Removes the subscriptions whose lease ended, when one has. */
  function purge(at: number): void {
    if (at < purgeAt) return;
    const purged = store.purgeExpired(at);
    purgeAt = store.nextExpiryAt() ?? Number.POSITIVE_INFINITY;
    if (purged > 0) {
      log(`hub: ${purged} subscription(s) expired`);
      d.subscriptionsChanged?.();
    }
  }

  function wake(): void {
    for (const k of kinds) k.invalidate();
    changed();
  }

  return {
    /** Starts the due jobs the lanes have room for, at most `budget`; returns how many. */
    launch(budget = Number.POSITIVE_INFINITY): number {
      purge(now());
      let launched = 0;
      for (const k of kinds) {
        const room = Math.min(budget - launched, maxInFlight - running.size);
        if (room <= 0) break;
        launched += k.launch(room);
      }
      return launched;
    },
    /**
     * Launches due jobs until `budget` of them have started (a Durable Object's subrequests per
     * alarm) and none is in flight: a job that finishes frees its connection for the next at once.
     * When the budget is spent while jobs are still due, `spent` is called once, as soon as that
     * is known (the caller schedules its next run for now, so it is due when these jobs end).
     * Returns how many jobs were started.
     */
    async drain(budget: number, spent: () => Promise<void>): Promise<number> {
      let left = budget;
      let next: Promise<void> | undefined;
      try {
        for (;;) {
          const change = new Promise<void>((resolve) => (drained = resolve));
          if (left > 0) left -= this.launch(left);
          if (left === 0 && next === undefined && this.dueNow()) next = spent();
          if (running.size === 0) break;
          await change;
        }
      } finally {
        drained = undefined;
      }
      await next;
      return budget - left;
    },
    /**
     * When the loop must launch again (epoch ms; now or earlier when it should at once), unless a
     * finished job or a wake comes first; undefined when nothing is queued.
     */
    nextDueAt(): number | undefined {
      const at = now();
      const times = [...kinds.map((k) => k.nextAt(at)), purgeAt === Number.NEGATIVE_INFINITY ? at : purgeAt];
      const due = times.filter((t): t is number => t !== undefined && Number.isFinite(t));
      return due.length === 0 ? undefined : Math.min(...due);
    },
    /** Whether a job not in flight is due now (a Durable Object whose budget is spent sets its next alarm for now). */
    dueNow(): boolean {
      const at = now();
      return kinds.some((k) => k.dueNow(at));
    },
    /** New rows were queued: read them at the next launch. */
    wake,
    inFlight: () => running.size,
    /** Waits for the jobs in flight (their outcomes are recorded unless `closing` says otherwise). */
    async stop(): Promise<void> {
      await Promise.allSettled([...running]);
    },
  };
}

export type HubLoop = ReturnType<typeof createHubLoop>;
