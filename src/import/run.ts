// `npm run import`: read an export, merge it into the content folder, report. All or
// nothing: any problem throws before anything is written.
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_FILE_NAMES, ContentError, type ContentProblem, IMPORTS_FILE_NAME } from '../core/content/dataset.ts';
import { readRows } from '../core/import/columns.ts';
import { parseCsv } from '../core/import/csv.ts';
import { CSV_RULES, TRUSTPILOT_RULES, TRUSTPILOT_SOURCE } from '../core/import/csv-sources.ts';
import { type GoogleFile, readGoogle } from '../core/import/google.ts';
import { sourcePrefix } from '../core/import/ids.ts';
import type { Incoming, Skipped } from '../core/import/incoming.ts';
import { type Existing, type ImportReport, mergeImport } from '../core/import/merge.ts';
import { type Business, BusinessSchema } from '../core/schemas/business.ts';
import { type Imports, ImportsSchema } from '../core/schemas/imports.ts';
import { withLegacyEvidence } from '../core/schemas/evidence.ts';
import { type Review, type ReviewDateRange, reviewDateRange, reviewSchemaWithin } from '../core/schemas/review.ts';
import { isTimeZone } from '../core/schemas/time-zone.ts';
import { writeFileAtomic } from './atomic.ts';
import { findGoogleFiles } from './google-files.ts';
import { mixUp, sniff } from './sniff.ts';

export const IMPORT_SOURCES = ['google', 'csv', 'trustpilot'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

export interface ImportOptions {
  source: ImportSource;
  paths: string[];
  content: string;
  tz?: string;
  location?: string;
  /** Platform name for a CSV without a source column */
  sourceName?: string;
  /** Unset: new reviews count as verified, existing ones keep their value */
  verified?: 'all' | 'none';
  prune: boolean;
  dryRun: boolean;
}

export interface ImportOutcome {
  report: ImportReport;
  reviewsFile: string;
  wrote: boolean;
}

function readJson(file: string, problems: ContentProblem[]): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    problems.push({ file, message: code ? `cannot be read (${code})` : `is not valid JSON (${(err as Error).message})` });
    return undefined;
  }
}

export function loadBusiness(file: string): Business {
  const problems: ContentProblem[] = [];
  if (!existsSync(file))
    throw new ContentError([{ file, message: 'is missing: write business.json (name, services, technicians, service areas) before importing reviews' }]);
  const raw = readJson(file, problems);
  if (problems.length) throw new ContentError(problems);
  const parsed = BusinessSchema.safeParse(raw);
  if (!parsed.success) throw new ContentError(parsed.error.issues.map((i) => ({ file, field: i.path.join('.'), message: i.message })));
  return parsed.data;
}

/** reviews.json, every review checked against the business's date range, as the build checks it. */
export function loadReviews(file: string, dates: ReviewDateRange): Existing {
  const schema = reviewSchemaWithin(dates);
  if (!existsSync(file)) return { raw: [], parsed: [] };
  const problems: ContentProblem[] = [];
  const raw = readJson(file, problems);
  if (problems.length) throw new ContentError(problems);
  if (!Array.isArray(raw)) throw new ContentError([{ file, message: 'must be a JSON array of reviews' }]);
  const parsed: Review[] = [];
  raw.forEach((r, i) => {
    const result = schema.safeParse(withLegacyEvidence(r));
    if (result.success) parsed.push(result.data);
    else for (const issue of result.error.issues) problems.push({ file, record: `review at index ${i}`, field: issue.path.join('.'), message: issue.message });
  });
  if (problems.length) throw new ContentError(problems);
  return { raw, parsed };
}

/** The export's reviews, and the problems of single records (reported with the merge's, all at once). */
function readSource(
  options: ImportOptions,
  timeZone: string | undefined,
): { reviews: Incoming[]; skipped: Skipped[]; notes: string[]; problems: ContentProblem[] } {
  if (options.source === 'google') {
    if (!timeZone) {
      throw new ContentError([
        {
          file: '--tz',
          message:
            'Google gives the time of each review: name the business\'s time zone with --tz <IANA zone> (e.g. America/Denver) or "time_zone" in business.json',
        },
      ]);
    }
    const files: GoogleFile[] = [];
    const notes: string[] = [];
    for (const p of options.paths) {
      const wrong = isFile(p) ? mixUp('google', sniff(p)) : undefined;
      if (wrong) throw new ContentError([{ file: p, message: wrong }]);
      const found = findGoogleFiles(p);
      files.push(...found.files);
      notes.push(...found.notes);
    }
    if (files.length === 0)
      throw new ContentError([
        { file: options.paths.join(', '), message: 'holds no Google review files (Takeout account-*/location-*/reviews*.json, or reviews.list pages)' },
      ]);
    const result = readGoogle(files, { timeZone, ...(options.location ? { location: options.location } : {}) });
    const problems = [...result.problems.list];
    // A partial export would make every review on the missing pages look deleted.
    if (options.prune && result.incomplete)
      problems.push({ file: '--prune', message: `refused: the export looks incomplete (${result.notes.filter((n) => /missing/.test(n)).join(' ')})` });
    return { reviews: result.reviews, skipped: result.skipped, notes: [...notes, ...result.notes], problems };
  }
  const rules = options.source === 'csv' ? CSV_RULES : TRUSTPILOT_RULES;
  const sourceName = options.source === 'trustpilot' ? TRUSTPILOT_SOURCE : options.sourceName;
  const reviews: Incoming[] = [];
  const problems: ContentProblem[] = [];
  for (const file of options.paths) {
    let text: string;
    try {
      const wrong = mixUp(options.source, sniff(file));
      if (wrong) {
        problems.push({ file, message: wrong });
        continue;
      }
      text = readFileSync(file, 'utf8');
    } catch (err) {
      problems.push({ file, message: `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` });
      continue;
    }
    const table = parseCsv(text, file);
    const rows = readRows(table, rules, { file, ...(sourceName ? { source: sourceName } : {}), ...(timeZone ? { timeZone } : {}) });
    problems.push(...rows.problems.list);
    reviews.push(...rows.reviews);
  }
  return { reviews, skipped: [], notes: [], problems };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** imports.json as read (empty when there is none), checked against its schema. */
export function readImports(before: string | undefined, file: string): Imports {
  if (before === undefined) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(before);
  } catch (err) {
    throw new ContentError([{ file, message: `is not valid JSON (${(err as Error).message})` }]);
  }
  const parsed = ImportsSchema.safeParse(raw);
  if (!parsed.success) throw new ContentError(parsed.error.issues.map((i) => ({ file, field: i.path.join('.'), message: i.message })));
  return parsed.data;
}

/** What one import of a complete export records per source: everything it held, taken or left out. */
export function importRecords(report: ImportReport, skipped: readonly Skipped[]): Imports {
  const records: Imports = {};
  for (const [source, imported] of Object.entries(report.bySource)) {
    const left: Record<string, number> = {};
    for (const s of skipped) left[s.reason] = (left[s.reason] ?? 0) + 1;
    const leftOut = Object.values(left).reduce((a, b) => a + b, 0);
    records[sourcePrefix(source)] = { in_export: imported + leftOut, imported, left_out: left };
  }
  return records;
}

/** imports.json text: the records given replace those of their sources; other sources' records kept. */
export function importsJson(imports: Imports, records: Imports): string {
  const all = { ...imports, ...records };
  const sorted = Object.fromEntries(
    Object.keys(all)
      .sort()
      .map((k) => [k, all[k]]),
  );
  return `${JSON.stringify(sorted, null, 2)}\n`;
}

/** imports.json with this import's record per source; other sources' records kept. */
function importsText(before: string | undefined, file: string, report: ImportReport, skipped: readonly Skipped[]): string {
  return importsJson(readImports(before, file), importRecords(report, skipped));
}

/**
 * Writes reviews.json (when `reviewsAfter` is given) and imports.json (when it differs), each
 * atomically; if the second write fails the first is undone, so the folder is all old or all new.
 */
export function writeImportFiles(
  reviewsFile: string,
  reviewsAfter: string | undefined,
  importsFile: string,
  importsBefore: string | undefined,
  importsAfter: string,
): boolean {
  const reviewsBefore = reviewsAfter !== undefined && existsSync(reviewsFile) ? readFileSync(reviewsFile, 'utf8') : undefined;
  if (reviewsAfter !== undefined) writeFileAtomic(reviewsFile, reviewsAfter);
  if (importsAfter !== importsBefore) {
    try {
      writeFileAtomic(importsFile, importsAfter);
    } catch (err) {
      // All or nothing: put reviews.json back as it was.
      if (reviewsAfter !== undefined) {
        if (reviewsBefore === undefined) rmSync(reviewsFile, { force: true });
        else writeFileAtomic(reviewsFile, reviewsBefore);
      }
      throw err;
    }
  }
  return reviewsAfter !== undefined || importsAfter !== importsBefore;
}

export function runImport(options: ImportOptions): ImportOutcome {
  const business = loadBusiness(join(options.content, CONTENT_FILE_NAMES.business));
  const reviewsFile = join(options.content, CONTENT_FILE_NAMES.reviews);
  if (options.tz !== undefined && !isTimeZone(options.tz))
    throw new ContentError([{ file: '--tz', message: `"${options.tz}" is not an IANA time zone (e.g. America/Denver, Europe/Berlin)` }]);
  const timeZone = options.tz ?? business.time_zone;
  const dates = reviewDateRange({ founded: business.founded, time_zone: timeZone }, Date.now());
  const existing = loadReviews(reviewsFile, dates);
  const { reviews, skipped, notes, problems } = readSource(options, timeZone);
  let merged: ReturnType<typeof mergeImport>;
  try {
    merged = mergeImport(business, existing, reviews, skipped, notes, {
      ...(options.verified ? { verified: options.verified } : {}),
      prune: options.prune,
      dates,
    });
  } catch (err) {
    throw err instanceof ContentError ? new ContentError([...problems, ...err.problems]) : err;
  }
  if (problems.length) throw new ContentError(problems);
  const importsFile = join(options.content, IMPORTS_FILE_NAME);
  const importsBefore = existsSync(importsFile) ? readFileSync(importsFile, 'utf8') : undefined;
  const importsAfter = importsText(importsBefore, importsFile, merged.report, skipped);
  if (options.dryRun) return { report: merged.report, reviewsFile, wrote: false };

  writeImportFiles(reviewsFile, merged.changed ? `${JSON.stringify(merged.reviews, null, 2)}\n` : undefined, importsFile, importsBefore, importsAfter);
  return { report: merged.report, reviewsFile, wrote: merged.changed || importsAfter !== importsBefore };
}
