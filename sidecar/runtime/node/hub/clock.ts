// Node's driver of the hub's job loop (sidecar/hub/loop.ts): launches as soon as a job finishes
// or new rows are announced, and otherwise sleeps on a timer until the loop's next due time.
import type { HubLoop } from '../../../hub/loop.ts';

/** Longest sleep between checks, in case a row's time was changed behind the clock's back. */
const MAX_SLEEP_MS = 30_000;

export interface TimerClock {
  start(): void;
  /** The loop has something new: launch at the next turn of the event loop. */
  schedule(): void;
  stop(): Promise<void>;
}

export function timerClock(loop: () => HubLoop, o: { log: (msg: string) => void; failed: (error: unknown) => void }): TimerClock {
  let started = false;
  let stopped = false;
  let scheduled = false;
  let timer: NodeJS.Timeout | undefined;

  function fill() {
    scheduled = false;
    if (!started || stopped) return;
    clearTimeout(timer);
    let at: number | undefined;
    try {
      loop().launch();
      at = loop().nextDueAt();
    } catch (error) {
      o.failed(error);
      o.log(`hub worker cannot read its queue: ${String(error)}`);
    }
    const delay = at === undefined ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(1, at - Date.now()));
    timer = setTimeout(schedule, delay);
    timer.unref();
  }

  function schedule() {
    if (scheduled || !started || stopped) return;
    scheduled = true;
    setImmediate(fill);
  }

  return {
    start() {
      started = true;
      schedule();
    },
    schedule,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await loop().stop();
    },
  };
}
