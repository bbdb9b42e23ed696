import { describe, expect, it } from 'vitest';
import { hmacSha256Base64url } from '../../src/core/bytes/hmac.ts';
import { applyJobEvidence } from '../../src/core/jobs/apply.ts';
import { formHash, indexJobs, matchReview, REVIEW_DELAY, reviewDelayDensity } from '../../src/core/jobs/match.ts';
import { customerForms, parseName } from '../../src/core/jobs/names.ts';
import type { Decision, JobRecord } from '../../src/core/jobs/records.ts';

const hash = hmacSha256Base64url('unit-test-key-0123456789');

function job(id: string, date: string, customer: string, technicians: string[] = ['Ann Lee'], who = customer): JobRecord {
  return {
    id,
    date,
    technicians,
    services: ['drain-cleaning'],
    customer: hash(`customer\u0000name:${who}`),
    names: Object.fromEntries(customerForms(parseName(customer)).map((f) => [formHash(hash, f.form), f.kind])),
    source: 'csv',
  };
}

const ctx = (jobs: JobRecord[], windowDays = 45) => ({ index: indexJobs(jobs), hash, windowDays });

describe('matching a review to a job', () => {
  it('matches within the window after the job, never before it or after the window', () => {
    // five years of records, so one customer's name is rare enough to match even at the window's end
    const jobs = [job('J0', '2021-03-01', 'Zed Quillfeather'), job('J1', '2026-03-01', 'Maria Garcia')];
    expect(matchReview('Maria Garcia', '2026-03-01', ctx(jobs)).kind).toBe('matched');
    expect(matchReview('Maria Garcia', '2026-04-15', ctx(jobs)).kind).toBe('matched');
    expect(matchReview('Maria Garcia', '2026-04-16', ctx(jobs))).toEqual({ kind: 'none', reason: 'no-job' });
    expect(matchReview('Maria Garcia', '2026-02-28', ctx(jobs))).toEqual({ kind: 'none', reason: 'no-job' });
    expect(matchReview('Maria Garcia', '2026-04-16', ctx(jobs, 60)).kind).toBe('matched');
  });

  it('counts the window in calendar days across a change of clocks and a leap day', () => {
    const jobs = [job('J1', '2024-02-28', 'Maria Garcia')];
    expect(matchReview('Maria Garcia', '2024-03-14', ctx(jobs, 15)).kind).toBe('matched');
    expect(matchReview('Maria Garcia', '2024-03-15', ctx(jobs, 15)).kind).toBe('none');
  });

  it('takes the latest of one customer’s jobs before the review, and says how many there were', () => {
    const jobs = [job('J1', '2026-03-01', 'Li Wei'), job('J2', '2026-03-20', 'Li Wei'), job('J3', '2026-04-02', 'Li Wei')];
    const m = matchReview('Li Wei', '2026-03-25', ctx(jobs));
    expect(m).toMatchObject({ kind: 'matched', jobsInWindow: 2 });
    expect(m.kind === 'matched' && m.job.id).toBe('J2');
  });

  it('leaves a review two customers fit to the owner', () => {
    const jobs = [job('J1', '2026-03-01', 'Maria Garcia'), job('J2', '2026-03-05', 'Maria Gomez')];
    const m = matchReview('Maria G.', '2026-03-10', ctx(jobs));
    expect(m.kind).toBe('undecided');
    expect(m.kind === 'undecided' && m.candidates.map((c) => c.id)).toEqual(['J2', 'J1']);
    // namesakes: two customers with the same name are two customers
    const twins = [job('J1', '2026-03-01', 'John Smith', [], 'a'), job('J2', '2026-03-03', 'John Smith', [], 'b')];
    expect(matchReview('John Smith', '2026-03-10', ctx(twins)).kind).toBe('undecided');
  });

  it('never matches an anonymous reviewer, a first name alone, initials or a company', () => {
    const jobs = [job('J1', '2026-03-01', 'Robert Smith'), job('J2', '2026-03-01', 'Acme Plumbing LLC')];
    expect(matchReview('A Google User', '2026-03-02', ctx(jobs))).toEqual({ kind: 'none', reason: 'anonymous' });
    expect(matchReview('Robert', '2026-03-02', ctx(jobs))).toEqual({ kind: 'none', reason: 'first-name-only' });
    expect(matchReview('R. S.', '2026-03-02', ctx(jobs))).toEqual({ kind: 'none', reason: 'initials-only' });
    expect(matchReview('Acme Plumbing LLC', '2026-03-02', ctx(jobs))).toEqual({ kind: 'none', reason: 'company' });
  });

  it('matches nothing under another key', () => {
    const other = hmacSha256Base64url('another-key-0123456789');
    expect(matchReview('Maria Garcia', '2026-03-02', { ...ctx([job('J1', '2026-03-01', 'Maria Garcia')]), hash: other }).kind).toBe('none');
  });
});

const review = (id: string, author: string, date: string, extra: Record<string, unknown> = {}) => ({
  id,
  date,
  rating: 5,
  text: 'Fine.',
  author: { name: author },
  verified: false,
  source: 'google',
  technicians: [],
  services: [],
  ...extra,
});

function apply(reviews: unknown[], jobs: JobRecord[], decisions: Decision[] = [], mentions = { technicians: [] as string[], services: [] as string[] }) {
  const index = indexJobs(jobs);
  return applyJobEvidence({ reviews, decisions, jobsById: index.byId, match: { index, hash, windowDays: 45 }, mentions: () => mentions });
}

describe('job evidence written into the reviews', () => {
  const jobs = [job('J1', '2026-03-01', 'Robert Smith', ['Ann Lee']), job('J2', '2026-03-02', 'Maria Garcia', ['José Martínez'])];

  it('writes evidence, verified and the credited technicians and service, keeping the text’s own', () => {
    const { reviews, report } = apply([review('r1', 'Bob Smith', '2026-03-10', { technicians: ['José Martínez'] })], jobs);
    expect(reviews[0]).toMatchObject({
      verified: true,
      evidence: { kind: 'job', job_id: 'J1', job_date: '2026-03-01', by: 'match' },
      technicians: ['José Martínez', 'Ann Lee'],
      services: ['drain-cleaning'],
      credited: { technicians: ['Ann Lee'], services: ['drain-cleaning'] },
    });
    expect(Object.keys(reviews[0] as object)).toEqual([
      'id',
      'date',
      'rating',
      'text',
      'author',
      'verified',
      'evidence',
      'source',
      'technicians',
      'services',
      'credited',
    ]);
    expect(report.matched).toEqual([{ review_id: 'r1', job_id: 'J1', form: 'nickname', jobs_in_window: 1 }]);
  });

  it('is idempotent: a second run changes nothing', () => {
    const first = apply([review('r1', 'Bob Smith', '2026-03-10')], jobs);
    const second = apply(first.reviews, jobs);
    expect(second.reviews).toEqual(first.reviews);
    expect(second.report.changed).toEqual([]);
  });

  it('never touches platform or owner evidence', () => {
    const platform = review('r1', 'Bob Smith', '2026-03-10', { verified: true, evidence: { kind: 'platform', platform: 'trustpilot' } });
    const owner = review('r2', 'Maria Garcia', '2026-03-10', { verified: true });
    const { reviews } = apply([platform, owner], jobs);
    expect(reviews).toEqual([platform, owner]);
  });

  it('follows the owner: a rejected review loses its job and is never matched again; a confirmed one keeps its job', () => {
    const matched = apply([review('r1', 'Bob Smith', '2026-03-10', { technicians: ['Ann Lee'] })], jobs, [], { technicians: [], services: [] }).reviews;
    const rejected = apply(matched, jobs, [{ review_id: 'r1', decision: 'rejected' }]);
    expect(rejected.reviews[0]).toMatchObject({ verified: false, technicians: [], services: [] });
    expect(rejected.reviews[0]).not.toHaveProperty('evidence');
    expect(rejected.reviews[0]).not.toHaveProperty('credited');
    expect(apply(rejected.reviews, jobs, [{ review_id: 'r1', decision: 'rejected' }]).reviews).toEqual(rejected.reviews);

    const confirmed = apply([review('r9', 'Someone Else', '2026-03-20')], jobs, [
      { review_id: 'r9', decision: 'confirmed', job_id: 'J2', job_date: '2026-03-02' },
    ]);
    expect(confirmed.reviews[0]).toMatchObject({ verified: true, evidence: { kind: 'job', job_id: 'J2', by: 'owner' }, technicians: ['José Martínez'] });
  });

  it('keeps a technician the text names when the job that credited it goes', () => {
    const matched = apply([review('r1', 'Bob Smith', '2026-03-10')], jobs).reviews;
    const gone = apply(matched, [], [], { technicians: ['Ann Lee'], services: [] });
    expect(gone.reviews[0]).toMatchObject({ verified: false, technicians: ['Ann Lee'], services: [] });
  });
});

describe('a name many customers share', () => {
  it('waits for the owner instead of matching the one of them with a job in the window', () => {
    const jobs = Array.from({ length: 30 }, (_, i) =>
      job(`J${i}`, `2025-${String((i % 12) + 1).padStart(2, '0')}-10`, `Maria G${'abcdefghijklmnopqrstuvwxyz'[i % 26]}${i}son`, [], `c${i}`),
    );
    jobs.push(job('J-last', '2026-03-01', 'Maria Garcia', [], 'garcia'));
    const shared = matchReview('Maria G.', '2026-03-20', ctx(jobs));
    expect(shared).toMatchObject({ kind: 'undecided', why: 'common-name' });
    // her full name is hers alone: matched
    expect(matchReview('Maria Garcia', '2026-03-20', ctx(jobs))).toMatchObject({ kind: 'matched', form: 'full' });
  });
});

describe('how long after the job the review comes', () => {
  it('matches a shared name soon after the job, and leaves it to the owner weeks after', () => {
    // two customers show "Maria G." over a year: a review the day of a job is hers, ten days after may be a namesake's
    const jobs = [job('J0', '2025-01-10', 'Maria Gabson', [], 'gabson')];
    jobs.push(job('J-last', '2026-03-01', 'Maria Garcia', [], 'garcia'));
    expect(matchReview('Maria G.', '2026-03-01', ctx(jobs))).toMatchObject({ kind: 'matched', job: { id: 'J-last' }, form: 'last-initial' });
    expect(matchReview('Maria G.', '2026-03-11', ctx(jobs))).toMatchObject({ kind: 'undecided', why: 'common-name' });
    // the full name, hers alone, is matched at the same delay
    expect(matchReview('Maria Garcia', '2026-03-11', ctx(jobs))).toMatchObject({ kind: 'matched', form: 'full' });
  });

  it('weighs the delay by how reviews fall off after a job, with a few late ones', () => {
    expect(reviewDelayDensity(0, 45)).toBeGreaterThan(reviewDelayDensity(7, 45));
    expect(reviewDelayDensity(7, 45)).toBeGreaterThan(reviewDelayDensity(30, 45));
    // never zero in the window: the late share spread over it
    expect(reviewDelayDensity(45, 45)).toBeGreaterThanOrEqual(REVIEW_DELAY.lateShare / 45);
  });
});

describe('a common name and the technician the review names', () => {
  it('matches when the review names a technician of that job, and only then', () => {
    const jobs = Array.from({ length: 30 }, (_, i) =>
      job(`J${i}`, `2025-${String((i % 12) + 1).padStart(2, '0')}-10`, `Maria G${'abcdefghij'[i % 10]}${i}son`, [], `c${i}`),
    );
    jobs.push(job('J-last', '2026-03-01', 'Maria Garcia', ['José Martínez'], 'garcia'));
    expect(matchReview('Maria G.', '2026-03-20', ctx(jobs), () => ['Ann Lee'])).toMatchObject({ kind: 'undecided', why: 'common-name' });
    expect(matchReview('Maria G.', '2026-03-20', ctx(jobs), () => ['José Martínez'])).toMatchObject({ kind: 'matched', job: { id: 'J-last' } });
    // and stays matched when applied again: the technician the job credited is still the one the text names
    // the text says "Mike"-like names the linker cannot settle: nothing named when read again
    const said = { technicians: [] as string[], services: [] as string[] };
    const once = apply([review('r1', 'Maria G.', '2026-03-20', { technicians: ['José Martínez'] })], jobs, [], said);
    expect(once.reviews[0]).toMatchObject({ evidence: { job_id: 'J-last' } });
    expect(apply(once.reviews, jobs, [], said).reviews).toEqual(once.reviews);
  });
});

describe('the keyed hash', () => {
  it('is HMAC-SHA-256: the portable one gives the bytes of Node’s, which the import and the sync use', async () => {
    const { createHmac } = await import('node:crypto');
    for (const message of ['name\u0000maria garcia', 'customer\u0000email:ana@example.com', 'name\u0000李 w', '']) {
      expect(hash(message)).toBe(createHmac('sha256', 'unit-test-key-0123456789').update(message, 'utf8').digest('base64url'));
    }
  });
});
