// FTC 16 CFR 465.7: no review may be left out for its rating. Whatever the reviews, their
// evidence and the policy, changing only the ratings never changes which reviews are published.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseContent } from '../../src/core/content/dataset.ts';
import { PUBLISH_POLICIES } from '../../src/core/content/published.ts';
import { SMALL_CONTENT } from '../helpers/paths.ts';

const business = readFileSync(join(SMALL_CONTENT, 'business.json'), 'utf8');

const arbEvidence = fc.constantFrom(
  undefined,
  { kind: 'owner' },
  { kind: 'platform', platform: 'trustpilot' },
  { kind: 'job', job_id: 'J-7', job_date: '2024-01-02', by: 'match' },
  { kind: 'job', job_id: 'J-8', job_date: '2024-01-03', by: 'owner' },
);
const arbReview = fc.record({
  date: fc.constantFrom('2023-05-01', '2024-01-10', '2024-02-29', '2025-07-04'),
  text: fc.constantFrom('', 'Fine.', 'Terrible, never again.', 'Great work by Ann Lee.'),
  evidence: arbEvidence,
  // the legacy form: a hand-set verified: true without evidence
  legacy: fc.boolean(),
  rating: fc.integer({ min: 1, max: 5 }),
});

type Generated = typeof arbReview extends fc.Arbitrary<infer T> ? T : never;

function reviewsJson(reviews: Generated[], ratings: number[]): string {
  return JSON.stringify(
    reviews.map((r, i) => ({
      id: `r${i}`,
      date: r.date,
      rating: ratings[i],
      text: r.text,
      author: { name: `Reviewer ${i}` },
      verified: r.evidence !== undefined || r.legacy,
      ...(r.evidence ? { evidence: r.evidence } : {}),
      source: 'google',
      technicians: [],
      services: [],
    })),
  );
}

describe('the published set', () => {
  it('never depends on the ratings, under either policy', () => {
    fc.assert(
      fc.property(
        fc.array(arbReview, { maxLength: 40 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 40, maxLength: 40 }),
        fc.constantFrom(...PUBLISH_POLICIES),
        (reviews, otherRatings, policy) => {
          const parse = (ratings: number[]) => parseContent({ business, reviews: reviewsJson(reviews, ratings) }, undefined, undefined, policy);
          const given = parse(reviews.map((r) => r.rating));
          const rerated = parse(otherRatings);
          expect(rerated.reviews.map((r) => r.id)).toEqual(given.reviews.map((r) => r.id));
          expect(rerated.left_out).toEqual(given.left_out);
          // and the policy leaves out exactly the reviews without evidence, or none
          const withEvidence = reviews.filter((r) => r.evidence !== undefined || r.legacy).length;
          expect(given.reviews).toHaveLength(policy === 'all' ? reviews.length : withEvidence);
        },
      ),
      { numRuns: 300 },
    );
  });
});
