// Matching one review to a job: the reviewer's name form looked up among the customers' keyed
// name forms, then the window after each job's day. Precision first: two fitting customers, a
// name that cannot identify anyone alone, or a form many customers share with the job too long
// before the review for how reviews follow jobs, give no match.
import type { KeyedHash } from '../bytes/hmac.ts';
import { dayNumber } from './days.ts';
import { type NameKind, parseName, reviewerForm } from './names.ts';
import type { FormKind, JobRecord } from './records.ts';

interface Fit {
  job: JobRecord;
  day: number;
  kind: FormKind;
}

interface FormEntry {
  /** The jobs whose customer shows this form, by day */
  fits: Fit[];
  /** How many customers of the records share the form, over all their jobs */
  customers: number;
}

export interface JobIndex {
  /** Keyed hash of a name form → the jobs whose customer it fits, with how */
  byForm: Map<string, FormEntry>;
  byId: Map<string, JobRecord>;
  /** Days from the first job of the records to the last, at least MIN_SPAN_DAYS */
  spanDays: number;
}

/**
 * A form many customers share is common among people who are not customers too, so one of them
 * with a job shortly before the review says less. The odds that the match is a namesake's: the
 * customers sharing the form, spread over the records' days, put jobs on any one day at a rate that
 * a namesake's review meets by chance; a customer's own review comes at a delay after the job that
 * falls off fast (REVIEW_DELAY). The ratio of the first to the second must stay under this bound;
 * otherwise the review waits for the owner. "Maria G." is shared far more than "Maria Garcia", and
 * wrong matches gather there, hence the smaller bound. Chosen on made-up businesses of seeds 1 and 2
 * (bench/verify/), for precision first: `npm run bench:verify`.
 */
export const MAX_CHANCE_NAMESAKES: Record<FormKind, number> = { full: 0.8, nickname: 0.8, 'first-initial': 0.2, 'last-initial': 0.03 };

/**
 * How long after a job its customer's review comes: most within days (an exponential fall with
 * this mean), a few any time in the window (`lateShare`, spread evenly over it), so a late review is
 * not ruled out, only asked more of.
 */
export const REVIEW_DELAY = { meanDays: 4, lateShare: 0.05 };

/** The share of a customer's reviews that come `days` after the job, per day of delay. */
export function reviewDelayDensity(days: number, windowDays: number): number {
  const { meanDays, lateShare } = REVIEW_DELAY;
  return ((1 - lateShare) * Math.exp(-days / meanDays)) / meanDays + lateShare / Math.max(1, windowDays);
}

/** Records shorter than a year are taken as a year's, so a first import of last month's jobs is not read as a crowd of namesakes. */
const MIN_SPAN_DAYS = 365;

export function indexJobs(jobs: readonly JobRecord[]): JobIndex {
  const byForm: JobIndex['byForm'] = new Map();
  const byId = new Map<string, JobRecord>();
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const job of jobs) {
    byId.set(job.id, job);
    const day = dayNumber(job.date);
    if (day < first) first = day;
    if (day > last) last = day;
    for (const hash in job.names) {
      const fit = { job, day, kind: job.names[hash] as FormKind };
      const entry = byForm.get(hash);
      if (entry) entry.fits.push(fit);
      else byForm.set(hash, { fits: [fit], customers: 1 });
    }
  }
  for (const entry of byForm.values()) {
    const { fits } = entry;
    if (fits.length < 2) continue;
    fits.sort((a, b) => a.day - b.day);
    entry.customers = new Set(fits.map((f) => f.job.customer)).size;
  }
  return { byForm, byId, spanDays: Math.max(MIN_SPAN_DAYS, last - first + 1) };
}

export type MatchOutcome =
  | { kind: 'matched'; job: JobRecord; form: FormKind; jobsInWindow: number }
  /** More than one customer fits, or the name is common among the customers: the owner decides */
  | { kind: 'undecided'; candidates: JobRecord[]; why: 'several-customers' | 'common-name' }
  | { kind: 'none'; reason: Exclude<NameKind, 'person'> | 'no-job' };

export interface MatchContext {
  index: JobIndex;
  hash: KeyedHash;
  windowDays: number;
}

/** The keyed hash a name form is stored under (the prefix keeps these apart from other hashes of the key). */
export const formHash = (hash: KeyedHash, form: string): string => hash(`name\u0000${form}`);

/** The first index of `fits` (sorted by day) on or after `day`. */
function firstFrom(fits: readonly Fit[], day: number): number {
  let lo = 0;
  let hi = fits.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((fits[mid] as Fit).day < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const newestFirst = (a: JobRecord, b: JobRecord) => (a.date > b.date ? -1 : a.date < b.date ? 1 : a.id < b.id ? -1 : 1);

/**
 * `named(job)`: the technicians the review names. A common name form whose one customer's job was
 * done by a technician the review names is that customer's: the name and the technician agree,
 * which a namesake's review would not.
 */
export function matchReview(authorName: string, reviewDate: string, ctx: MatchContext, named: (job: JobRecord) => readonly string[] = () => []): MatchOutcome {
  const name = parseName(authorName);
  const form = reviewerForm(name);
  if (form === undefined) return { kind: 'none', reason: name.kind as Exclude<NameKind, 'person'> };
  const entry = ctx.index.byForm.get(formHash(ctx.hash, form));
  if (!entry) return { kind: 'none', reason: 'no-job' };
  const reviewDay = dayNumber(reviewDate);
  // Per customer: their jobs on or before the review's day and at most windowDays before it.
  const byCustomer = new Map<string, Fit[]>();
  for (let i = firstFrom(entry.fits, reviewDay - ctx.windowDays); i < entry.fits.length; i++) {
    const fit = entry.fits[i] as Fit;
    if (fit.day > reviewDay) break;
    const list = byCustomer.get(fit.job.customer) ?? [];
    if (list.length === 0) byCustomer.set(fit.job.customer, list);
    list.push(fit);
  }
  if (byCustomer.size === 0) return { kind: 'none', reason: 'no-job' };
  const all = () =>
    [...byCustomer.values()]
      .flat()
      .map((f) => f.job)
      .sort(newestFirst);
  if (byCustomer.size > 1) return { kind: 'undecided', candidates: all(), why: 'several-customers' };
  const [list] = [...byCustomer.values()] as [Fit[]];
  // The latest job before the review; on one day, the highest id, so the choice never depends on file order.
  let best = list[0] as Fit;
  for (const f of list) if (f.day > best.day || (f.day === best.day && f.job.id > best.job.id)) best = f;
  // namesakes' jobs per day, against the customer's own reviews per day at this delay
  const byChance = entry.customers / ctx.index.spanDays / reviewDelayDensity(reviewDay - best.day, ctx.windowDays) > MAX_CHANCE_NAMESAKES[best.kind];
  if (byChance && !best.job.technicians.some((t) => named(best.job).includes(t))) return { kind: 'undecided', candidates: all(), why: 'common-name' };
  return { kind: 'matched', job: best.job, form: best.kind, jobsInWindow: new Set(list.map((f) => f.job.id)).size };
}
