// The lanes' fair turns (sidecar/hub/lanes.ts): hosts that hang keep their slots, so the order in
// which they came must not decide whether a host not yet served finds one. The sequence below is
// the one the starvation test met on Node: the engine started with 6 hosts' requests queued
// (each took two slots of 16), then 4 more hosts came one by one; with a quarter kept free for
// new hosts and nothing more, those 4 took the quarter and the honest host found the lane full.
import { describe, expect, it } from 'vitest';
import { createHostHealth, createLane } from '../../sidecar/hub/lanes.ts';

interface Job {
  host: string;
}

const jobs = (host: string, n: number): Job[] => Array.from({ length: n }, () => ({ host }));

describe('a lane', () => {
  it('keeps a slot for a host not yet served after 10 hanging hosts came in any order (16 slots, 2 per host)', () => {
    const lane = createLane<Job>({ concurrency: 16, perHost: 2 }, createHostHealth(), (j) => j.host);
    lane.pick(['a', 'b', 'c', 'd', 'e', 'f'].flatMap((h) => jobs(h, 10)));
    for (const h of ['g', 'h', 'i', 'j']) lane.pick(jobs(h, 10));
    expect(lane.pick(jobs('honest', 1))).toHaveLength(1);
  });

  it('still gives a single host three quarters of the slots, and both of a lane of two', () => {
    const lane = createLane<Job>({ concurrency: 32, perHost: 32 }, createHostHealth(), (j) => j.host);
    expect(lane.pick(jobs('only', 100))).toHaveLength(24);
    expect(lane.pick(jobs('newcomer', 1))).toHaveLength(1);
    const two = createLane<Job>({ concurrency: 2, perHost: 2 }, createHostHealth(), (j) => j.host);
    expect(two.pick(jobs('only', 1))).toHaveLength(1);
    expect(two.pick(jobs('only', 5))).toHaveLength(1);
  });
});
