// The sample business's job records, so `npm start` shows matching at work: a job for most
// reviewers (the customer's full name behind "Maria G."), some long before the review, and many
// customers who never wrote one. Kept as a site keeps them (keyed hashes, never a name), and the
// reviews matched to them as `reviews import jobs` would: evidence, not a blanket verified flag.
import { createHmac } from 'node:crypto';
import { applyJobEvidence } from '../../src/core/jobs/apply.ts';
import { keyCheck } from '../../src/core/jobs/jobs-file.ts';
import { formHash, indexJobs } from '../../src/core/jobs/match.ts';
import { customerForms, parseName } from '../../src/core/jobs/names.ts';
import type { JobRecord, JobsFile, VerificationFile } from '../../src/core/jobs/records.ts';
import type { Review } from '../../src/core/schemas/review.ts';

/** The made-up sample's key, public on purpose (docs/verification.md): never a real site's. */
export const SAMPLE_JOBS_MATCH_KEY = 'sample-business-jobs-key-not-a-secret';
export const SAMPLE_MATCH_WINDOW_DAYS = 45;

const SURNAMES: Record<string, string[]> = {
  A: ['Alvarez', 'Anderson', 'Abbott'],
  B: ['Brown', 'Baker', 'Bishop'],
  C: ['Chen', 'Castillo', 'Carter'],
  D: ['Davis', 'Diaz', 'Dunn'],
  E: ['Evans', 'Ellis'],
  F: ['Flores', 'Fischer', 'Ford'],
  G: ['Garcia', 'Gomez', 'Grant'],
  H: ['Hughes', 'Hernandez', 'Hale'],
  I: ['Ibarra', 'Ingram'],
  J: ['Johnson', 'Jimenez'],
  K: ['Kim', 'Kowalczyk', 'Kent'],
  L: ['Lopez', 'Lambert', 'Lund'],
  M: ['Miller', 'Morales', 'Mendoza'],
  N: ['Nguyen', 'Novak', 'Nash'],
  O: ['Ortiz', 'Olsen'],
  P: ['Patel', 'Price', 'Park'],
  R: ['Rivera', 'Reed', 'Romero'],
  S: ['Smith', 'Sanchez', 'Silva'],
  T: ['Thompson', 'Torres', 'Tran'],
  V: ['Vargas', 'Vega'],
  W: ['Walker', 'Wong', 'Weber'],
  Y: ['Young', 'Yamamoto'],
  Z: ['Zimmerman', 'Zapata'],
};
const ALL_SURNAMES = Object.values(SURNAMES).flat();
const FIRST = ['Olivia', 'Liam', 'Ava', 'Noah', 'Sophia', 'Ethan', 'Mia', 'Lucas', 'Harper', 'Mateo', 'Ella', 'Aiden', 'Chloe', 'Wyatt', 'Nora'];

const DAY = 86_400_000;
const shift = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

export interface SampleJobs {
  reviews: Review[];
  jobs: JobsFile;
  verification: VerificationFile;
}

/**
 * `hadJob[i]`: whether the reviewer of `reviews[i]` was a customer. A customer's job is a few days
 * before the review (sometimes months: past the window); every other customer never reviewed.
 */
export function sampleJobs(o: { random: () => number; reviews: Review[]; hadJob: boolean[]; technicians: string[]; services: string[] }): SampleJobs {
  const next = o.random;
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  // Node's HMAC, the bytes of src/core/bytes/hmac.ts's: the 20,000-review sample hashes some 200,000 name forms
  // (and remembered: made-up customers share few names)
  const memo = new Map<string, string>();
  const hash = (message: string) => {
    const known = memo.get(message);
    if (known !== undefined) return known;
    const h = createHmac('sha256', SAMPLE_JOBS_MATCH_KEY).update(message, 'utf8').digest('base64url');
    memo.set(message, h);
    return h;
  };
  const plain: { id: string; date: string; customer: string; who: string; technicians: string[]; service: string }[] = [];
  let n = 0;
  const add = (date: string, customer: string, who: string, technicians: string[], service: string) => {
    n += 1;
    plain.push({ id: `J-${String(10000 + n)}`, date, customer, who, technicians, service });
  };
  o.reviews.forEach((r, i) => {
    const words = r.author.name.replace(/\./g, '').split(/\s+/);
    const first = words[0] ?? '';
    if (!o.hadJob[i] || !/^\p{Lu}\p{Ll}+$/u.test(first)) return;
    const initial = words[1]?.charAt(0) ?? '';
    const last = pick(SURNAMES[initial] ?? ALL_SURNAMES);
    const lag = next() < 0.93 ? int(9) : 50 + int(120);
    add(shift(r.date, -lag), `${first} ${last}`, `r${i}`, r.technicians.length ? r.technicians : [pick(o.technicians)], r.services[0] ?? pick(o.services));
  });
  // Customers who never wrote a review, some sharing a reviewer's first name and initial.
  const dates = o.reviews.map((r) => r.date);
  for (let k = 0; k < Math.round(o.reviews.length * 1.5); k++) {
    add(shift(pick(dates), -int(30)), `${pick(FIRST)} ${pick(ALL_SURNAMES)}`, `c${k}`, [pick(o.technicians)], pick(o.services));
  }
  const records: JobRecord[] = plain
    .map((j) => ({
      id: j.id,
      date: j.date,
      technicians: j.technicians,
      services: [j.service],
      customer: hash(`customer\u0000id:${j.who}`),
      names: Object.fromEntries(customerForms(parseName(j.customer)).map((f) => [formHash(hash, f.form), f.kind])),
      source: 'csv' as const,
    }))
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : 1));
  const index = indexJobs(records);
  const out = applyJobEvidence({
    reviews: o.reviews,
    decisions: [],
    jobsById: index.byId,
    match: { index, hash, windowDays: SAMPLE_MATCH_WINDOW_DAYS },
    mentions: () => ({ technicians: [], services: [] }),
  });
  return {
    reviews: out.reviews as Review[],
    jobs: { key_check: keyCheck(hash), jobs: records },
    verification: { decisions: [], matches: out.report.matched.sort((a, b) => (a.review_id < b.review_id ? -1 : 1)) },
  };
}
