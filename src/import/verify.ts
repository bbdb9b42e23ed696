// `reviews verify`: the matches and the undecided reviews listed, and the owner's decisions
// recorded in content/verification.json and applied to reviews.json, all or nothing.
import { ContentError } from '../core/content/dataset.ts';
import type { ApplyReport, Undecided } from '../core/jobs/apply.ts';
import type { Decision, JobRecord } from '../core/jobs/records.ts';
import type { JobsSettings } from '../settings/jobs.ts';
import { keyedHash, matchContent, readEvidenceContent, reviewsJson, verificationJson, writeAllOrNothing } from './evidence.ts';

export interface MatchedReview {
  review_id: string;
  job_id: string;
  job_date: string;
  by: 'match' | 'owner';
  technicians: string[];
  services: string[];
  /** For the terminal only: the reviewer's display name */
  author: string;
  date: string;
}

export interface VerifyList {
  matched: MatchedReview[];
  undecided: Undecided[];
  /** False without JOBS_MATCH_KEY: the undecided ones cannot be looked for */
  keyed: boolean;
}

type Raw = { id: string; date: string; author?: { name?: string }; evidence?: { kind: string; job_id?: string; job_date?: string; by?: 'match' | 'owner' } };

export function listVerification(content: string, settings: JobsSettings): VerifyList {
  const hash = keyedHash(settings);
  const c = readEvidenceContent(content, hash);
  const { report } = matchContent({
    business: c.business,
    reviews: c.existing.raw,
    jobs: c.jobs,
    decisions: c.verification.decisions,
    hash,
    windowDays: settings.windowDays,
  });
  const jobs = new Map((c.jobs?.jobs ?? []).map((j) => [j.id, j]));
  const matched: MatchedReview[] = [];
  for (const value of c.existing.raw) {
    const r = value as Raw;
    if (r.evidence?.kind !== 'job' || !r.evidence.job_id) continue;
    const job = jobs.get(r.evidence.job_id);
    matched.push({
      review_id: r.id,
      job_id: r.evidence.job_id,
      job_date: r.evidence.job_date ?? job?.date ?? '',
      by: r.evidence.by ?? 'match',
      technicians: job?.technicians ?? [],
      services: job?.services ?? [],
      author: r.author?.name ?? '',
      date: r.date,
    });
  }
  return { matched, undecided: report.undecided, keyed: hash !== undefined };
}

export interface DecideOutcome {
  report: ApplyReport;
  wrote: string[];
}

/** Records the owner's decision on one review (replacing any earlier one) and applies every decision. */
export function decide(content: string, settings: JobsSettings, decision: { review_id: string; job_id?: string }, dryRun: boolean): DecideOutcome {
  const hash = keyedHash(settings);
  const c = readEvidenceContent(content, hash);
  const review = c.existing.raw.find((r) => (r as Raw).id === decision.review_id) as Raw | undefined;
  const reviewsFile = c.paths.reviews;
  if (!review) throw new ContentError([{ file: reviewsFile, record: decision.review_id, message: 'there is no review with this id' }]);
  if (review.evidence && review.evidence.kind !== 'job')
    throw new ContentError([
      {
        file: reviewsFile,
        record: decision.review_id,
        field: 'evidence',
        message: `is "${review.evidence.kind}" evidence, which job matching never changes: edit reviews.json to change it`,
      },
    ]);
  let recorded: Decision;
  if (decision.job_id !== undefined) {
    const job: JobRecord | undefined = c.jobs?.jobs.find((j) => j.id === decision.job_id);
    if (!job) throw new ContentError([{ file: c.paths.jobs, record: decision.job_id, message: 'there is no job with this id: import the job file first' }]);
    if (job.date > review.date)
      throw new ContentError([{ file: c.paths.jobs, record: decision.job_id, field: 'date', message: `is ${job.date}, after the review (${review.date})` }]);
    recorded = { review_id: decision.review_id, decision: 'confirmed', job_id: job.id, job_date: job.date };
  } else recorded = { review_id: decision.review_id, decision: 'rejected' };
  const decisions = [...c.verification.decisions.filter((d) => d.review_id !== decision.review_id), recorded];
  const matched = matchContent({ business: c.business, reviews: c.existing.raw, jobs: c.jobs, decisions, hash, windowDays: settings.windowDays });
  // Without the key the earlier automatic matches stand, and so does their record.
  const matches = hash ? matched.matches : c.verification.matches.filter((m) => !decisions.some((d) => d.review_id === m.review_id));
  const reviewsAfter = JSON.stringify(matched.reviews) === JSON.stringify(c.existing.raw) ? undefined : reviewsJson(matched.reviews);
  const verificationAfter = verificationJson({ decisions, matches });
  if (dryRun) return { report: matched.report, wrote: [] };
  const wrote = writeAllOrNothing([
    { path: c.paths.reviews, before: c.reviewsText, after: reviewsAfter },
    { path: c.paths.verification, before: c.verificationText, after: verificationAfter },
  ]);
  return { report: matched.report, wrote };
}
