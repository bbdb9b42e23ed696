import { describe, expect, it } from 'vitest';
import { aspectClaims, MIN_CLAIM_MENTIONS, wilsonInterval } from '../../src/core/insights/claims.ts';
import type { AspectId } from '../../src/core/schemas/aspects.ts';

const tally = (aspect: AspectId, positive: number, negative: number, neutral = 0) => ({ aspect, positive, negative, mentions: positive + negative + neutral });

describe('wilsonInterval', () => {
  it('matches the published 90 % Wilson interval', () => {
    // 8 of 10 at z = 1.645: centre 0.7361, half-width 0.1953
    const [lo, hi] = wilsonInterval(8, 10);
    expect(lo).toBeCloseTo(0.5408, 3);
    expect(hi).toBeCloseTo(0.9314, 3);
    expect(wilsonInterval(0, 0)).toEqual([0, 1]);
    const [lo0, hi0] = wilsonInterval(0, 20);
    expect(lo0).toBe(0);
    expect(hi0).toBeGreaterThan(0.1);
  });
});

describe('aspectClaims', () => {
  it('claims nothing for one aspect, or an aspect both strongest and weakest (the +1.00 over 5 reviews case)', () => {
    expect(aspectClaims([tally('workmanship', 5, 0)], 1)).toEqual({ strongest: [], weakest: [] });
    expect(aspectClaims([tally('workmanship', 5, 0), tally('pricing', 5, 0)], 1)).toEqual({ strongest: [], weakest: [] });
  });

  it('claims nothing below the mention threshold', () => {
    const t = [tally('workmanship', 19, 0), tally('follow_up', 0, 19)];
    expect(aspectClaims(t, MIN_CLAIM_MENTIONS.business)).toEqual({ strongest: [], weakest: [] });
    expect(aspectClaims(t, MIN_CLAIM_MENTIONS.entity).strongest.map((c) => c.aspect)).toEqual(['workmanship']);
  });

  it('claims nothing when the intervals overlap (Follow-up +0.06 over 16 reviews against +0.5)', () => {
    const t = [tally('workmanship', 15, 5), tally('follow_up', 9, 8, 3)];
    expect(aspectClaims(t, 10)).toEqual({ strongest: [], weakest: [] });
  });

  it('claims both when the difference is beyond the uncertainty, with net scores', () => {
    const t = [tally('workmanship', 95, 5), tally('pricing', 30, 60, 10), tally('cleanliness', 40, 2)];
    const c = aspectClaims(t, 20);
    expect(c.strongest).toEqual([{ aspect: 'cleanliness', mentions: 42, score: 0.905 }]);
    expect(c.weakest).toEqual([{ aspect: 'pricing', mentions: 100, score: -0.3 }]);
  });

  it('lists never share an aspect and stop at the first claim the data does not support', () => {
    const t = [tally('workmanship', 95, 5), tally('pricing', 30, 70), tally('cleanliness', 60, 40), tally('honesty', 5, 25)];
    const c = aspectClaims(t, 20, 3);
    expect(c.strongest.map((x) => x.aspect)).toEqual(['workmanship', 'cleanliness']);
    expect(c.weakest.map((x) => x.aspect)).toEqual(['honesty', 'pricing']);
    // a close runner-up the data cannot tell from the bottom is not claimed, nor anything after it
    const close = [tally('workmanship', 95, 5), tally('cleanliness', 12, 8), tally('punctuality', 11, 9), tally('pricing', 10, 10)];
    expect(aspectClaims(close, 20, 3).strongest.map((x) => x.aspect)).toEqual(['workmanship']);
  });
});
