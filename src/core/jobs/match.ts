// Matching one review to a job: the reviewer's name form looked up among the customers' keyed
// name forms, then the window after each job's day. Precision first: two fitting customers,
// or a name that cannot identify anyone alone, give no match.
import type { KeyedHash } from '../bytes/hmac.ts';
import { dayNumber } from './days.ts';
import { type NameKind, parseName, reviewerForm } from './names.ts';
import type { FormKind, JobRecord } from './records.ts';

export interface JobIndex {
  /** Keyed hash of a name form → the jobs whose customer it fits, with how */
  byForm: Map<string, { job: JobRecord; day: number; kind: FormKind }[]>;
  byId: Map<string, JobRecord>;
}

export function indexJobs(jobs: readonly JobRecord[]): JobIndex {
  const byForm: JobIndex['byForm'] = new Map();
  const byId = new Map<string, JobRecord>();
  for (const job of jobs) {
    byId.set(job.id, job);
    const day = dayNumber(job.date);
    for (const [hash, kind] of Object.entries(job.names)) {
      const list = byForm.get(hash) ?? [];
      if (list.length === 0) byForm.set(hash, list);
      list.push({ job, day, kind });
    }
  }
  return { byForm, byId };
}

export type MatchOutcome =
  | { kind: 'matched'; job: JobRecord; form: FormKind; jobsInWindow: number }
  /** More than one customer fits: the owner decides */
  | { kind: 'undecided'; candidates: JobRecord[] }
  | { kind: 'none'; reason: Exclude<NameKind, 'person'> | 'no-job' };

export interface MatchContext {
  index: JobIndex;
  hash: KeyedHash;
  windowDays: number;
}

/** The keyed hash a name form is stored under (the prefix keeps these apart from other hashes of the key). */
export const formHash = (hash: KeyedHash, form: string): string => hash(`name\u0000${form}`);

export function matchReview(authorName: string, reviewDate: string, ctx: MatchContext): MatchOutcome {
  const name = parseName(authorName);
  const form = reviewerForm(name);
  if (form === undefined) return { kind: 'none', reason: name.kind as Exclude<NameKind, 'person'> };
  const fits = ctx.index.byForm.get(formHash(ctx.hash, form));
  if (!fits) return { kind: 'none', reason: 'no-job' };
  const reviewDay = dayNumber(reviewDate);
  // Per customer: their jobs on or before the review's day and at most windowDays before it.
  const byCustomer = new Map<string, { job: JobRecord; day: number; kind: FormKind }[]>();
  for (const fit of fits) {
    const since = reviewDay - fit.day;
    if (since < 0 || since > ctx.windowDays) continue;
    const list = byCustomer.get(fit.job.customer) ?? [];
    if (list.length === 0) byCustomer.set(fit.job.customer, list);
    list.push(fit);
  }
  if (byCustomer.size === 0) return { kind: 'none', reason: 'no-job' };
  if (byCustomer.size > 1) {
    const candidates = [...byCustomer.values()].flat().map((f) => f.job);
    return { kind: 'undecided', candidates: candidates.sort((a, b) => (a.date > b.date ? -1 : a.date < b.date ? 1 : a.id < b.id ? -1 : 1)) };
  }
  const [fitsOfOne] = byCustomer.values() as MapIterator<{ job: JobRecord; day: number; kind: FormKind }[]>;
  const list = fitsOfOne as { job: JobRecord; day: number; kind: FormKind }[];
  // The latest job before the review; on one day, the highest id, so the choice never depends on file order.
  let best = list[0] as (typeof list)[number];
  for (const f of list) if (f.day > best.day || (f.day === best.day && f.job.id > best.job.id)) best = f;
  return { kind: 'matched', job: best.job, form: best.kind, jobsInWindow: new Set(list.map((f) => f.job.id)).size };
}
