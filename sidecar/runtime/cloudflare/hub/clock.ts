// The Durable Object's driver of the hub's job loop (sidecar/hub/loop.ts): its one alarm, set for
// the loop's next due time; a ring launches the due jobs within the invocation's subrequests.
import type { HubLoop } from '../../../hub/loop.ts';
import type { DurableObjectStorage } from '../types.ts';

export interface AlarmClock {
  /** Sets the alarm for `at`, unless one is set earlier already and still to come. */
  setBy(at: number | undefined): Promise<void>;
  /** The loop has something new: ring now. */
  wake(): Promise<void>;
  /** The alarm rang: `first`, then the loop's due jobs; sets the next alarm and says what was done, for the log. */
  ring(first: () => Promise<unknown>): Promise<string>;
}

/**
 * `subrequests` is HUB_SUBREQUESTS_PER_ALARM, under Cloudflare's subrequests per invocation
 * (https://developers.cloudflare.com/workers/platform/limits/#subrequests); the rest goes to the next alarm.
 */
export function alarmClock(storage: DurableObjectStorage, loop: HubLoop, subrequests: number): AlarmClock {
  /** When the alarm set last is due (epoch ms), while this instance knows it. */
  let due: number | undefined;
  // workerd may not run an alarm that passed while it was down, hence `current < now`
  const setBy = async (at: number | undefined) => {
    if (at === undefined) return;
    const current = await storage.getAlarm();
    if (current === null || at < current || current < Date.now()) {
      await storage.setAlarm(at);
      due = at;
    }
  };
  return {
    setBy,
    wake() {
      loop.wake();
      return setBy(Date.now());
    },
    async ring(first) {
      const now = Date.now();
      const late = due === undefined ? '' : `, ${now - due} ms after it was due`;
      due = undefined;
      await first();
      const sent = await loop.drain(subrequests, () => setBy(Date.now()));
      await setBy(loop.dueNow() ? Date.now() : loop.nextDueAt());
      return `hub: alarm made ${sent} outbound request(s) in ${Date.now() - now} ms${late}`;
    },
  };
}
