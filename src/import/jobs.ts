// `reviews import jobs FILE...`: job files into content/jobs.json (keyed hashes, never a plain
// name), then every review matched again, so the reviews waiting for their job find it. All or
// nothing: a bad row fails the run naming file, row and field, and no file changes.
import { readFileSync } from 'node:fs';
import { ContentError, type ContentProblem } from '../core/content/dataset.ts';
import { parseCsv } from '../core/import/csv.ts';
import type { ApplyReport } from '../core/jobs/apply.ts';
import { jobsJson, mergeJobs } from '../core/jobs/jobs-file.ts';
import { detectLayout, JOB_LAYOUTS, type JobLayout, LAYOUTS } from '../core/jobs/layouts.ts';
import { readJobs } from '../core/jobs/read.ts';
import type { JobRecord } from '../core/jobs/records.ts';
import { isTimeZone } from '../core/schemas/time-zone.ts';
import type { JobsSettings } from '../settings/jobs.ts';
import { keyedHash, MISSING_KEY, matchContent, readEvidenceContent, reviewsJson, verificationJson, writeAllOrNothing } from './evidence.ts';
import { mixUp, sniff } from './sniff.ts';

export interface JobsImportOptions {
  paths: string[];
  content: string;
  /** Unset: told by each file's header row */
  layout?: JobLayout;
  tz?: string;
  dryRun: boolean;
  settings: JobsSettings;
}

export interface JobsImportOutcome {
  files: { file: string; layout: JobLayout; jobs: number }[];
  added: number;
  updated: number;
  unchanged: number;
  total: number;
  notes: string[];
  match: ApplyReport;
  wrote: string[];
}

export function runJobsImport(o: JobsImportOptions): JobsImportOutcome {
  const hash = keyedHash(o.settings);
  if (!hash) throw new ContentError([{ file: 'JOBS_MATCH_KEY', message: MISSING_KEY }]);
  if (o.tz !== undefined && !isTimeZone(o.tz))
    throw new ContentError([{ file: '--tz', message: `"${o.tz}" is not an IANA time zone (e.g. America/Denver, Europe/Berlin)` }]);
  const c = readEvidenceContent(o.content, hash);
  const timeZone = o.tz ?? c.business.time_zone;
  const problems: ContentProblem[] = [];
  const incoming: JobRecord[] = [];
  const files: JobsImportOutcome['files'] = [];
  const notes: string[] = [];
  const seen = new Map<string, string>();
  for (const file of o.paths) {
    let text: string;
    try {
      const wrong = mixUp('csv', sniff(file));
      if (wrong) {
        problems.push({ file, message: 'is not a CSV file: job exports are CSV files (Jobber, Housecall Pro and ServiceTitan export them as CSV)' });
        continue;
      }
      text = readFileSync(file, 'utf8');
    } catch (err) {
      problems.push({ file, message: `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` });
      continue;
    }
    let table: ReturnType<typeof parseCsv>;
    try {
      table = parseCsv(text, file);
    } catch (err) {
      if (err instanceof ContentError) {
        problems.push(...err.problems);
        continue;
      }
      throw err;
    }
    const layout = o.layout ?? detectLayout(table.header);
    if (!layout) {
      problems.push({
        file,
        record: 'row 1',
        message: `is in no job layout we read: the generic CSV has job_id, date, customer, technicians, service; ${JOB_LAYOUTS.filter((l) => l !== 'csv')
          .map((l) => `the ${LAYOUTS[l].label} has ${LAYOUTS[l].signature.map((h) => `"${h}"`).join(', ')}`)
          .join('; ')} (or name it: --layout ${JOB_LAYOUTS.join('|')})`,
      });
      continue;
    }
    const read = readJobs(table, { file, layout, business: c.business, hash, ...(timeZone ? { timeZone } : {}) });
    problems.push(...read.problems.list);
    notes.push(...read.notes.map((n) => `${file}: ${n}`));
    for (const job of read.jobs) {
      const other = seen.get(job.id);
      if (other !== undefined && other !== file)
        problems.push({ file, message: `job "${job.id}" is also in ${other}: import one export per run, or each job once` });
      seen.set(job.id, file);
      incoming.push(job);
    }
    files.push({ file, layout, jobs: read.jobs.length });
  }
  if (problems.length) throw new ContentError(problems);

  const merged = mergeJobs(c.jobs, incoming, hash);
  const matched = matchContent({
    business: c.business,
    reviews: c.existing.raw,
    jobs: merged.file,
    decisions: c.verification.decisions,
    hash,
    windowDays: o.settings.windowDays,
  });
  const jobsAfter = jobsJson(merged.file);
  const reviewsAfter =
    matched.report.changed.length || JSON.stringify(matched.reviews) !== JSON.stringify(c.existing.raw) ? reviewsJson(matched.reviews) : undefined;
  const verificationAfter = verificationJson({ decisions: c.verification.decisions, matches: matched.matches });
  const outcome = {
    files,
    added: merged.added,
    updated: merged.updated,
    unchanged: merged.unchanged,
    total: merged.file.jobs.length,
    notes,
    match: matched.report,
    wrote: [] as string[],
  };
  if (o.dryRun) return outcome;
  outcome.wrote = writeAllOrNothing([
    { path: c.paths.jobs, before: c.jobsText, after: jobsAfter },
    { path: c.paths.reviews, before: c.reviewsText, after: reviewsAfter },
    { path: c.paths.verification, before: c.verificationText, after: verificationAfter },
  ]);
  return outcome;
}
