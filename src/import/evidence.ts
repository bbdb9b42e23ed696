// The content folder's job evidence, read and written: jobs.json and verification.json beside
// reviews.json, the matching applied to reviews.json, and all of them written all or nothing.
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyedHash } from '../core/bytes/hmac.ts';
import { CONTENT_FILE_NAMES, ContentError } from '../core/content/dataset.ts';
import { allText } from '../core/content/review-text.ts';
import { createEntityLinker } from '../core/insights/entities.ts';
import { type ApplyReport, applyJobEvidence } from '../core/jobs/apply.ts';
import { keyCheck } from '../core/jobs/jobs-file.ts';
import { indexJobs } from '../core/jobs/match.ts';
import {
  type Decision,
  JOBS_FILE_NAME,
  type JobsFile,
  JobsFileSchema,
  type MatchRecord,
  VERIFICATION_FILE_NAME,
  type VerificationFile,
  VerificationFileSchema,
} from '../core/jobs/records.ts';
import type { Business } from '../core/schemas/business.ts';
import { withLegacyEvidence } from '../core/schemas/evidence.ts';
import { type Review, reviewDateRange, reviewSchemaWithin } from '../core/schemas/review.ts';
import type { JobsSettings } from '../settings/jobs.ts';
import { writeFileAtomic } from './atomic.ts';
import { loadBusiness, loadReviews } from './run.ts';

export const MISSING_KEY =
  'JOBS_MATCH_KEY is not set: set it in .env (locally) and in the GitHub Actions secrets, never in reviews.config.json (see docs/verification.md)';

export interface ContentPaths {
  business: string;
  reviews: string;
  jobs: string;
  verification: string;
}

export const contentPaths = (content: string): ContentPaths => ({
  business: join(content, CONTENT_FILE_NAMES.business),
  reviews: join(content, CONTENT_FILE_NAMES.reviews),
  jobs: join(content, JOBS_FILE_NAME),
  verification: join(content, VERIFICATION_FILE_NAME),
});

const readText = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

function parseWith<T>(
  text: string | undefined,
  file: string,
  schema: { safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } },
): T | undefined {
  if (text === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    throw new ContentError([{ file, message: `is not valid JSON (${(err as Error).message})` }]);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ContentError(parsed.error.issues.map((i) => ({ file, field: i.path.map(String).join('.'), message: i.message })));
  return parsed.data;
}

/** jobs.json as read, refused when it was made with another key (its hashes would never match). */
export function readJobsFile(file: string, text: string | undefined, hash: KeyedHash | undefined): JobsFile | undefined {
  const jobs = parseWith(text, file, JobsFileSchema);
  if (jobs && hash && jobs.key_check !== keyCheck(hash))
    throw new ContentError([
      {
        file,
        field: 'key_check',
        message: 'was made with another JOBS_MATCH_KEY: set the key it was made with, or delete jobs.json and import the job files again with this one',
      },
    ]);
  return jobs;
}

export const readVerification = (file: string, text: string | undefined): VerificationFile =>
  parseWith(text, file, VerificationFileSchema) ?? { decisions: [], matches: [] };

export const verificationJson = (v: VerificationFile) => {
  const decisions = [...v.decisions].sort((a, b) => (a.review_id < b.review_id ? -1 : 1));
  const matches = [...v.matches].sort((a, b) => (a.review_id < b.review_id ? -1 : 1));
  return `${JSON.stringify({ decisions, matches }, null, 2)}\n`;
};

/** Node's native HMAC: the same bytes as the portable one (src/core/bytes/hmac.ts), ten times faster on 50,000 jobs. */
export function keyedHash(settings: JobsSettings): KeyedHash | undefined {
  const key = settings.matchKey;
  return key ? (message) => createHmac('sha256', key).update(message, 'utf8').digest('base64url') : undefined;
}

export interface EvidenceRun {
  business: Business;
  reviewsBefore: string | undefined;
  reviewsAfter: unknown[];
  report: ApplyReport;
  verificationBefore: string | undefined;
  verificationAfter: string;
}

/**
 * Job evidence for every review of `reviews` (raw, as read or as a merge left them): the owner's
 * decisions, then automatic matches against `jobs` when there is a key. Nothing is written.
 */
export function matchContent(o: {
  business: Business;
  reviews: readonly unknown[];
  jobs: JobsFile | undefined;
  decisions: readonly Decision[];
  hash: KeyedHash | undefined;
  windowDays: number;
}): { reviews: unknown[]; report: ApplyReport; matches: MatchRecord[] } {
  const link = createEntityLinker(o.business);
  const mentions = (r: Record<string, unknown>) => {
    const linked = link(allText(r as { text: string; translation?: { language: string; text: string } }), {});
    return { technicians: linked.technicians, services: linked.services };
  };
  const index = indexJobs(o.jobs?.jobs ?? []);
  const match = o.hash && o.jobs ? { index, hash: o.hash, windowDays: o.windowDays } : undefined;
  const { reviews, report } = applyJobEvidence({ reviews: o.reviews, decisions: o.decisions, jobsById: index.byId, ...(match ? { match } : {}), mentions });
  return { reviews, report, matches: report.matched };
}

/** The content folder's reviews, jobs and decisions, read and checked. */
export function readEvidenceContent(content: string, hash: KeyedHash | undefined) {
  const paths = contentPaths(content);
  const business = loadBusiness(paths.business);
  const reviewsText = readText(paths.reviews);
  const existing = loadReviews(paths.reviews, reviewDateRange(business, Date.now()));
  const jobsText = readText(paths.jobs);
  const jobs = readJobsFile(paths.jobs, jobsText, hash);
  const verificationText = readText(paths.verification);
  const verification = readVerification(paths.verification, verificationText);
  return { paths, business, reviewsText, existing, jobsText, jobs, verificationText, verification };
}

/** Writes each file whose text changed, atomically; when one write fails, the ones before are put back. */
export function writeAllOrNothing(files: { path: string; before: string | undefined; after: string | undefined }[]): string[] {
  const done: (typeof files)[number][] = [];
  try {
    for (const f of files) {
      if (f.after === undefined || f.after === f.before) continue;
      writeFileAtomic(f.path, f.after);
      done.push(f);
    }
  } catch (err) {
    for (const f of done.reverse()) {
      if (f.before === undefined) rmSync(f.path, { force: true });
      else writeFileAtomic(f.path, f.before);
    }
    throw err;
  }
  return done.map((f) => f.path);
}

export const reviewsJson = (reviews: readonly unknown[]) => `${JSON.stringify(reviews, null, 2)}\n`;

/**
 * The sync's step: the reviews a merge left, matched to the jobs the site holds. No jobs.json: nothing
 * to do. Problems (no key, a damaged file) are warned about and leave the reviews as they were, so a
 * source's new reviews still come in.
 */
export function syncEvidence(
  content: string,
  business: Business,
  reviews: readonly unknown[],
  settings: JobsSettings,
  warn: (line: string) => void,
): { reviews: unknown[]; parsed: Review[]; verification: { path: string; before: string | undefined; after: string } } | undefined {
  const paths = contentPaths(content);
  const jobsText = readText(paths.jobs);
  const verificationText = readText(paths.verification);
  if (jobsText === undefined && verificationText === undefined) return undefined;
  const hash = keyedHash(settings);
  if (!hash && jobsText !== undefined) warn(`jobs: new reviews are not matched to jobs: ${MISSING_KEY}`);
  try {
    const jobs = readJobsFile(paths.jobs, jobsText, hash);
    const verification = readVerification(paths.verification, verificationText);
    const out = matchContent({ business, reviews, jobs, decisions: verification.decisions, hash, windowDays: settings.windowDays });
    const schema = reviewSchemaWithin(reviewDateRange(business, Date.now()));
    const parsed = out.reviews.map((r) => schema.parse(withLegacyEvidence(r)));
    const matches = hash ? out.matches : verification.matches;
    return {
      reviews: out.reviews,
      parsed,
      verification: { path: paths.verification, before: verificationText, after: verificationJson({ decisions: verification.decisions, matches }) },
    };
  } catch (err) {
    warn(`jobs: reviews not matched to jobs this pass: ${(err as Error).message}`);
    return undefined;
  }
}
