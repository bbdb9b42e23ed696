// The due rows a lane picks from (sidecar/hub/candidates.ts): read once per window, not after
// every finished job; read again when used up, stale, or invalidated by new rows.
import { describe, expect, it } from 'vitest';
import { CANDIDATES_MS, createCandidates } from '../../sidecar/hub/candidates.ts';
import { createHostHealth, createLane } from '../../sidecar/hub/lanes.ts';

interface Job {
  callback: string;
}

function setup(rows: Job[]) {
  let now = 0;
  let reads = 0;
  const lane = createLane<Job>({ concurrency: 4, perHost: 2 }, createHostHealth(), (j) => new URL(j.callback).hostname);
  const candidates = createCandidates<Job>(
    (busy) => {
      reads += 1;
      return rows.filter((r) => !busy.has(r.callback));
    },
    () => now,
  );
  return { lane, candidates, reads: () => reads, tick: (ms: number) => (now += ms) };
}

const jobs = (n: number) => Array.from({ length: n }, (_, i) => ({ callback: `https://h${i}.example/cb` }));

describe('candidates', () => {
  it('reads the rows once while they last within the window, picking through the lane', () => {
    const rows = jobs(10);
    const { lane, candidates, reads } = setup(rows);
    const busy = new Set<string>();
    const first = candidates.pick(lane, busy);
    expect(first).toHaveLength(4);
    for (const j of first) {
      busy.add(j.callback);
      lane.release(j);
    }
    const second = candidates.pick(lane, busy, 3);
    expect(second).toHaveLength(3);
    expect(second.some((j) => first.includes(j))).toBe(false);
    expect(reads()).toBe(1);
  });

  it('reads again when the rows are used up, stale or invalidated', () => {
    const { lane, candidates, reads, tick } = setup(jobs(2));
    const busy = new Set<string>();
    for (const j of candidates.pick(lane, busy)) lane.release(j);
    candidates.pick(lane, busy);
    expect(reads()).toBe(2);
    tick(CANDIDATES_MS + 1);
    for (const j of candidates.pick(lane, busy)) lane.release(j);
    expect(reads()).toBe(3);
    candidates.invalidate();
    candidates.pick(lane, busy);
    expect(reads()).toBe(4);
  });
});
