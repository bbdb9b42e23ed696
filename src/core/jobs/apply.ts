// Job evidence written into the reviews: the owner's decisions first, then automatic matches.
// Evidence of another kind (the platform's, or the owner's own `verified: true`) is never touched;
// a rejected review is never matched again. Works on the records as read, so keys it does not
// own pass through unchanged.
import type { Credited, Evidence } from '../schemas/evidence.ts';
import { type MatchContext, type MatchOutcome, matchReview } from './match.ts';
import type { Decision, FormKind, JobRecord, MatchRecord } from './records.ts';

/** What a review's text mentions, from the entity linker (so a job's technician can be taken back off). */
export type Mentions = (review: Record<string, unknown>) => { technicians: string[]; services: string[] };

export interface Undecided {
  review_id: string;
  author: string;
  date: string;
  candidates: JobRecord[];
  why: Extract<MatchOutcome, { kind: 'undecided' }>['why'];
}

export interface ApplyReport {
  matched: MatchRecord[];
  confirmed: string[];
  rejected: string[];
  undecided: Undecided[];
  /** Reviews that gained, changed or lost job evidence in this run */
  changed: { review_id: string; before?: string; after?: string }[];
  /** Why reviews were not matched, by reason */
  unmatched: Partial<Record<Exclude<MatchOutcome, { kind: 'matched' | 'undecided' }>['reason'] | 'platform-or-owner', number>>;
}

type Raw = Record<string, unknown>;

type JobEvidence = Extract<Evidence, { kind: 'job' }>;

const union = (a: readonly string[], b: readonly string[]) => [...a, ...b.filter((x) => !a.includes(x))];

/** Evidence that matching owns: job evidence, or none (`verified: true` without evidence is the owner's). */
function ownedByMatching(r: Raw): boolean {
  const ev = r.evidence as { kind?: string } | undefined;
  if (ev) return ev.kind === 'job';
  return r.verified !== true;
}

/** The record with `evidence` after `verified` and `credited` after `services`, as the schema orders them. */
function withEvidence(r: Raw, evidence: JobEvidence | undefined, credited: Credited | undefined, tech: string[], serv: string[]): Raw {
  const out: Raw = {};
  for (const [k, v] of Object.entries(r)) {
    if (k === 'evidence' || k === 'credited') continue;
    if (k === 'technicians') out[k] = tech;
    else if (k === 'services') out[k] = serv;
    else if (k === 'verified') out[k] = evidence !== undefined;
    else out[k] = v;
    if (k === 'verified' && evidence) out.evidence = evidence;
    if (k === 'services' && credited) out.credited = credited;
  }
  return out;
}

export interface ApplyInput {
  reviews: readonly unknown[];
  decisions: readonly Decision[];
  /** The jobs the site holds, by id (a confirmed job credits its technicians and service) */
  jobsById: ReadonlyMap<string, JobRecord>;
  /** Absent: no key, so no automatic matching (decisions still apply) */
  match?: MatchContext;
  mentions: Mentions;
}

export function applyJobEvidence(input: ApplyInput): { reviews: unknown[]; report: ApplyReport } {
  const decided = new Map(input.decisions.map((d) => [d.review_id, d]));
  const report: ApplyReport = { matched: [], confirmed: [], rejected: [], undecided: [], changed: [], unmatched: {} };
  const count = (reason: keyof ApplyReport['unmatched']) => {
    report.unmatched[reason] = (report.unmatched[reason] ?? 0) + 1;
  };
  const reviews = input.reviews.map((value) => {
    const r = value as Raw;
    if (!ownedByMatching(r)) {
      count('platform-or-owner');
      return value;
    }
    const id = String(r.id);
    const before = r.evidence as JobEvidence | undefined;
    const decision = decided.get(id);
    let target: { job_id: string; job_date: string; by: 'match' | 'owner'; job?: JobRecord; form?: FormKind; jobsInWindow?: number } | undefined;
    if (decision?.decision === 'rejected') report.rejected.push(id);
    else if (decision?.decision === 'confirmed') {
      report.confirmed.push(id);
      const job = input.jobsById.get(decision.job_id);
      target = { job_id: decision.job_id, job_date: decision.job_date, by: 'owner', ...(job ? { job } : {}) };
    } else if (input.match) {
      const author = (r.author as { name?: string } | undefined)?.name ?? '';
      // What the review names: its own list; once a job credited some, the text read again, except
      // for the job it was matched to, whose credit cannot be told apart from the text (a match stands).
      const own = (r.technicians as string[] | undefined) ?? [];
      const named = (job: JobRecord) => (!r.credited || before?.job_id === job.id ? own : input.mentions(r).technicians);
      const outcome = matchReview(author, String(r.date), input.match, named);
      if (outcome.kind === 'matched') {
        const { job, form, jobsInWindow } = outcome;
        target = { job_id: job.id, job_date: job.date, by: 'match', job, form, jobsInWindow };
        report.matched.push({ review_id: id, job_id: job.id, form, jobs_in_window: jobsInWindow });
      } else if (outcome.kind === 'undecided')
        report.undecided.push({ review_id: id, author, date: String(r.date), candidates: outcome.candidates, why: outcome.why });
      else count(outcome.reason);
    } else if (before) {
      // Without the key the matches already made stand: nothing new is known against them.
      return value;
    }

    // The review's own mentions: what it lists, less what the previous job credited and the text does not say.
    const oldCredit = (r.credited as { technicians: string[]; services: string[] } | undefined) ?? { technicians: [], services: [] };
    const said = oldCredit.technicians.length || oldCredit.services.length ? input.mentions(r) : { technicians: [], services: [] };
    const ownTech = ((r.technicians as string[] | undefined) ?? []).filter((t) => !oldCredit.technicians.includes(t) || said.technicians.includes(t));
    const ownServ = ((r.services as string[] | undefined) ?? []).filter((s) => !oldCredit.services.includes(s) || said.services.includes(s));
    let credited = target?.job ? { technicians: target.job.technicians, services: target.job.services } : undefined;
    // A confirmed job no longer in jobs.json keeps what it credited before.
    if (target && !target.job && before?.job_id === target.job_id && r.credited) credited = oldCredit;
    const evidence: JobEvidence | undefined = target ? { kind: 'job', job_id: target.job_id, job_date: target.job_date, by: target.by } : undefined;
    const next = withEvidence(r, evidence, credited, union(ownTech, credited?.technicians ?? []), union(ownServ, credited?.services ?? []));
    if (JSON.stringify(next) === JSON.stringify(r)) return value;
    if (before?.job_id !== evidence?.job_id || before?.by !== evidence?.by)
      report.changed.push({ review_id: id, ...(before ? { before: before.job_id } : {}), ...(evidence ? { after: evidence.job_id } : {}) });
    return next;
  });
  return { reviews, report };
}
