// Fair turns for outbound work (no callback host may starve the others). Runtime-free:
// the Node engine and the Durable Object both pick their jobs through a lane.
//
// A lane has `concurrency` slots. One callback host holds at most `perHost` of them, and more
// than one only while more than a quarter of the slots, plus one for every other host holding
// more than one, are free: so hosts that hang cannot fill the lane with their second slots and then
// the first slots of a few more (with two per host, a host not yet served finds a slot while
// fewer hosts than three quarters of the slots are busy). Hosts take turns, the one served
// longest ago first; and hosts whose last request timed out (slow hosts) share a quarter of the
// slots, with a shorter timeout, until one of them answers in time.

export interface HostHealth {
  isSlow(host: string): boolean;
  /** A request to `host` got no answer (or no connection) in time. */
  timedOut(host: string): void;
  /** A request to `host` was answered in time, whatever its status. */
  answered(host: string): void;
}

/** Slow marks kept at most; the oldest go first (a forgotten host costs one more timeout). */
const MAX_HOSTS = 10_000;

export function createHostHealth(): HostHealth {
  const slow = new Set<string>();
  return {
    isSlow: (host) => slow.has(host),
    timedOut(host) {
      slow.delete(host);
      slow.add(host);
      if (slow.size > MAX_HOSTS) slow.delete(slow.values().next().value as string);
    },
    answered(host) {
      slow.delete(host);
    },
  };
}

/** The host part of a callback URL (the key of every per-host rule). */
export function hostOf(callback: string): string {
  return new URL(callback).hostname;
}

export interface LanePolicy {
  concurrency: number;
  perHost: number;
}

export interface Lane<J> {
  /** Takes up to the free slots (and at most `max`) from `candidates` (in due order), host by host in turn. */
  pick(candidates: readonly J[], max?: number): J[];
  /** Gives back the slot a picked job held. */
  release(job: J): void;
  /** Slots free now. */
  free(): number;
}

export function createLane<J>(policy: LanePolicy, health: HostHealth, host: (job: J) => string): Lane<J> {
  const slowSlots = Math.max(1, Math.floor(policy.concurrency / 4));
  const reserve = Math.floor(policy.concurrency / 4);
  const busy = new Map<string, number>();
  /** Hosts holding more than one slot. */
  let doubled = 0;
  /** Whether each picked job counted against the slow hosts' share. */
  const slowJobs = new WeakSet<object>();
  const lastTurn = new Map<string, number>();
  let total = 0;
  let slowTotal = 0;
  let turn = 0;

  return {
    free: () => policy.concurrency - total,
    pick(candidates, max = Number.POSITIVE_INFINITY) {
      const byHost = new Map<string, J[]>();
      for (const job of candidates) {
        const h = host(job);
        const list = byHost.get(h);
        if (list) list.push(job);
        else byHost.set(h, [job]);
      }
      const order = [...byHost.keys()].sort((a, b) => (lastTurn.get(a) ?? 0) - (lastTurn.get(b) ?? 0));
      const picked: J[] = [];
      let progress = true;
      while (progress && total < policy.concurrency && picked.length < max) {
        progress = false;
        for (const h of order) {
          if (total >= policy.concurrency || picked.length >= max) break;
          const queue = byHost.get(h) as J[];
          const held = busy.get(h) ?? 0;
          if (queue.length === 0 || held >= policy.perHost) continue;
          if (held > 0 && policy.concurrency - total <= reserve + doubled - (held > 1 ? 1 : 0)) continue;
          const slow = health.isSlow(h);
          if (slow && slowTotal >= slowSlots) continue;
          const job = queue.shift() as J;
          busy.set(h, held + 1);
          if (held === 1) doubled += 1;
          total += 1;
          if (slow) {
            slowTotal += 1;
            slowJobs.add(job as object);
          }
          lastTurn.set(h, ++turn);
          picked.push(job);
          progress = true;
        }
      }
      if (lastTurn.size > MAX_HOSTS) {
        for (const h of lastTurn.keys()) {
          if (lastTurn.size <= MAX_HOSTS) break;
          if (!busy.has(h)) lastTurn.delete(h);
        }
      }
      return picked;
    },
    release(job) {
      const h = host(job);
      const n = (busy.get(h) ?? 1) - 1;
      if (n === 1) doubled -= 1;
      if (n <= 0) busy.delete(h);
      else busy.set(h, n);
      total -= 1;
      if (slowJobs.has(job as object)) {
        slowJobs.delete(job as object);
        slowTotal -= 1;
      }
    },
  };
}
