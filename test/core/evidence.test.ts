import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError, type ContentFiles, parseContent } from '../../src/core/content/dataset.ts';
import { ReviewSchema } from '../../src/core/schemas/review.ts';
import { SMALL_CONTENT } from '../helpers/paths.ts';

const files: ContentFiles = {
  business: readFileSync(join(SMALL_CONTENT, 'business.json'), 'utf8'),
  reviews: readFileSync(join(SMALL_CONTENT, 'reviews.json'), 'utf8'),
};

function withReviews(patches: Record<string, Record<string, unknown>>): ContentFiles {
  const list = (JSON.parse(files.reviews) as Record<string, unknown>[]).map((r) => ({ ...r, ...patches[r.id as string] }));
  return { ...files, reviews: JSON.stringify(list) };
}

function problems(content: ContentFiles): string {
  try {
    parseContent(content);
  } catch (err) {
    expect(err).toBeInstanceOf(ContentError);
    return (err as Error).message;
  }
  throw new Error('content was accepted');
}

const job = { kind: 'job', job_id: 'J-1042', job_date: '2024-03-01', by: 'match' };

describe('evidence on a review', () => {
  it('reads a hand-set verified: true written before evidence existed as the owner’s word', () => {
    const data = parseContent(files);
    const a1 = data.reviews.find((r) => r.id === 'a1');
    expect(a1?.verified).toBe(true);
    expect(a1?.evidence).toEqual({ kind: 'owner' });
  });

  it('keeps each kind of evidence as written, and a credited job within the union', () => {
    const data = parseContent(
      withReviews({
        a1: { evidence: job, technicians: ['José Martínez', 'Ann Lee'], credited: { technicians: ['Ann Lee'], services: ['drain-cleaning'] } },
        a2: { evidence: { kind: 'platform', platform: 'trustpilot' } },
      }),
    );
    const byId = new Map(data.reviews.map((r) => [r.id, r]));
    expect(byId.get('a1')?.evidence).toEqual(job);
    expect(byId.get('a1')?.credited).toEqual({ technicians: ['Ann Lee'], services: ['drain-cleaning'] });
    expect(byId.get('a2')?.evidence).toEqual({ kind: 'platform', platform: 'trustpilot' });
  });

  it('refuses evidence on an unverified review, naming the record and the field', () => {
    expect(problems(withReviews({ a5: { evidence: job } }))).toContain(
      'reviews.json: review "a5" (index 4): field "evidence": is present but "verified" is false',
    );
  });

  it('refuses a credited technician missing from technicians, credit without a job, and a malformed job', () => {
    const a1 = { evidence: job, credited: { technicians: ['Ann Lee'], services: [] } };
    expect(problems(withReviews({ a1 }))).toContain('review "a1" (index 0): field "credited.technicians[0]": "Ann Lee" is not in "technicians"');
    const a2 = { credited: { technicians: ['Ann Lee'], services: [] } };
    expect(problems(withReviews({ a2 }))).toContain('review "a2" (index 1): field "credited": is present without a matched job');
    const a3 = { evidence: { ...job, job_date: '2024-02-30' } };
    expect(problems(withReviews({ a3 }))).toContain('review "a3" (index 2): field "evidence.job_date": is not a real calendar date');
  });

  it('publishes no verified review without evidence, and drops what a record holds beyond the schema', () => {
    const review = { id: 'x', date: '2024-01-01', rating: 3, text: '', author: { name: 'A' }, source: 'csv', technicians: [], services: [] };
    expect(ReviewSchema.safeParse({ ...review, verified: true }).error?.issues[0]?.path).toEqual(['evidence']);
    const parsed = ReviewSchema.parse({ ...review, verified: true, evidence: { kind: 'owner', customer: 'Jane Roe' }, email: 'j@example.com' });
    expect(parsed).not.toHaveProperty('email');
    expect(parsed.evidence).toEqual({ kind: 'owner' });
  });
});
