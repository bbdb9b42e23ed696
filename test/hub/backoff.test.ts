import { describe, expect, it } from 'vitest';
import { backoff, formatWait } from '../../sidecar/hub/backoff.ts';

describe('the hub backoff', () => {
  it('doubles from the first wait up to the longest, and starts over after a healthy run or a success', () => {
    const wait = backoff({ firstMs: 1000, maxMs: 300_000, healthyMs: 60_000 });
    const crashes = Array.from({ length: 11 }, () => wait.next(500));
    expect(crashes).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000]);
    expect(wait.next(59_999)).toBe(300_000);
    // ran for a minute: healthy, so the next restart is quick again, and the doubling starts over
    expect([wait.next(60_000), wait.next(10), wait.next(10)]).toEqual([1000, 2000, 4000]);
    wait.reset();
    expect(wait.next()).toBe(1000);
  });

  it('says a wait in the unit that reads best', () => {
    expect([250, 1000, 4000, 64_000, 300_000].map(formatWait)).toEqual(['250 ms', '1 s', '4 s', '1 min 4 s', '5 min']);
  });
});
