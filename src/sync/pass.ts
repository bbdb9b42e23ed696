// One sync pass: read every configured source, merge what came in through the import's merge
// (same ids, same report, same imports.json), write the content all or nothing, then build,
// deploy and ping the hub when the content differs from what was last released.

import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONTENT_FILE_NAMES, ContentError, IMPORTS_FILE_NAME, problemsMessage } from '../core/content/dataset.ts';
import { type GoogleFile, googleReader } from '../core/import/google.ts';
import { sourcePrefix } from '../core/import/ids.ts';
import type { Incoming, Skipped } from '../core/import/incoming.ts';
import { type ImportReport, mergeImport } from '../core/import/merge.ts';
import { googleNewest, laterMark, type SourceMark, trustpilotNewest } from '../core/import/newest.ts';
import { formatReport } from '../core/import/report.ts';
import { trustpilotReader } from '../core/import/trustpilot-api.ts';
import type { Imports } from '../core/schemas/imports.ts';
import { type Review, reviewDateRange } from '../core/schemas/review.ts';
import type { SyncSourceStatus, SyncStatus } from '../core/schemas/sync-status.ts';
import { writeFileAtomic } from '../import/atomic.ts';
import { syncEvidence } from '../import/evidence.ts';
import { importRecords, importsJson, loadBusiness, loadReviews, readImports, writeImportFiles } from '../import/run.ts';
import { readJobsSettings } from '../settings/jobs.ts';
import type { Settings } from '../settings/index.ts';
import type { SyncSettings } from '../settings/sync.ts';
import { budget } from './budget.ts';
import { redact, SyncError } from './errors.ts';
import { fetchGoogle, GOOGLE } from './google.ts';
import type { HttpOptions } from './http.ts';
import { childEnv, deployDir, runStep } from './release.ts';
import { contentHash, crashRepair, readStatus, sourceDigest, tryLock, writeStatus } from './status.ts';
import { fetchTrustpilot, TRUSTPILOT } from './trustpilot.ts';

export interface PassOptions {
  settings: Settings;
  sync: SyncSettings;
  env: NodeJS.ProcessEnv;
  /** Read every Google page whatever the schedule */
  full: boolean;
  /** Merge into the content folder only; the next pass builds, deploys and publishes */
  contentOnly: boolean;
  /** The project folder, and the publish entry file run as a child */
  root: string;
  node: string;
  publishScript: string;
  /**
   * The build, in this process: the sync is itself a child of the sidecar, so the sidecar never
   * blocks, and a kill -9 of the pass takes its build down with it (no orphan swapping in later).
   */
  build: () => Promise<{ ok: boolean; output: string }>;
  /** Progress lines; errors lines */
  say: (line: string) => void;
  warn: (line: string) => void;
}

export type PassOutcome = 'ok' | 'failed' | 'skipped';

interface Fetched {
  source: string;
  reviews: Incoming[];
  skipped: Skipped[];
  notes: string[];
  /** Every review the source holds came in (a complete sweep) */
  complete: boolean;
  sweep: 'full' | 'incremental';
  pages: number;
  newest?: number;
  /** The newest review the source showed (id and last change) */
  mark?: SourceMark;
}

const iso = (ms: number) => new Date(ms).toISOString();

function dataError(source: string, problems: ContentError['problems']): SyncError {
  return new SyncError(source, 'data', problemsMessage(`nothing merged from ${source}`, problems, 20));
}

async function readSource(
  source: string,
  o: PassOptions,
  http: HttpOptions,
  secrets: string[],
  previous: SyncSourceStatus | undefined,
  timeZone: string,
  existing: readonly Review[],
): Promise<Fetched> {
  const limit = budget(source, o.sync.maxPages, o.sync.maxMb);
  if (source === GOOGLE) {
    const g = o.sync.google;
    if (!g) throw new Error('unreachable: google not configured');
    const lastFull = previous?.last_full_sweep_at ? Date.parse(previous.last_full_sweep_at) : undefined;
    const cursor = previous?.cursor ? Date.parse(previous.cursor) : undefined;
    // The cursor holds only for the content it was taken with: an emptied or restored folder, or
    // another CONTENT_DIR, would miss every review older than the first page.
    const borneOut = previous?.content === sourceDigest(existing, GOOGLE);
    if (cursor !== undefined && !borneOut)
      o.say(`${GOOGLE}: the content folder does not hold what the last pass merged (emptied, restored or another CONTENT_DIR): reading every page.`);
    const sweepDue = lastFull === undefined || cursor === undefined || !borneOut || Date.now() - lastFull >= o.sync.fullSweepS * 1000;
    const full = o.full || sweepDue;
    const reader = googleReader({ timeZone });
    let mark: SourceMark | undefined;
    const onPage = (page: GoogleFile) => {
      mark = laterMark(mark, googleNewest(page.value));
      reader.add(page);
    };
    const got = await fetchGoogle(g, http, secrets, limit, onPage, full ? undefined : cursor);
    const read = reader.result();
    if (read.problems.list.length) throw dataError(GOOGLE, read.problems.list);
    // A sweep that read every page but finds fewer reviews than Google counts is not complete.
    const complete = full && got.complete && !read.incomplete;
    if (full && got.complete && read.incomplete) read.notes.push('nothing counts as gone after this sweep: it looks incomplete.');
    // An incremental pass stops early on purpose: the import's notes on missing pages do not apply.
    const notes = full ? read.notes : read.notes.filter((n) => !/nextPageToken|totalReviewCount/.test(n));
    return {
      source,
      reviews: read.reviews,
      skipped: read.skipped,
      notes,
      complete,
      sweep: full ? 'full' : 'incremental',
      pages: got.pages,
      ...(got.newest !== undefined ? { newest: got.newest } : {}),
      ...(mark ? { mark } : {}),
    };
  }
  const t = o.sync.trustpilot;
  if (!t) throw new Error('unreachable: trustpilot not configured');
  const reader = trustpilotReader(timeZone);
  let mark: SourceMark | undefined;
  const got = await fetchTrustpilot(t, http, limit, (page) => {
    mark = laterMark(mark, trustpilotNewest(page.value));
    return { fresh: reader.add(page), problems: reader.problems.list.length };
  });
  if (reader.problems.list.length) throw dataError(TRUSTPILOT, reader.problems.list);
  return { source, reviews: reader.reviews, skipped: [], notes: [], complete: true, sweep: 'full', pages: got.pages, ...(mark ? { mark } : {}) };
}

/** imports.json record of one source: exact after a complete sweep; carried forward with the additions after an incremental one. */
function recordFor(f: Fetched, report: ImportReport, imports: Imports): Imports {
  const key = sourcePrefix(f.source);
  const prev = imports[key] ?? { in_export: 0, imported: 0, left_out: {} };
  // The source's newest review as this pass read it: what the Worker's watch compares with.
  const newest = f.mark ?? prev.newest;
  const withNewest = (records: Imports): Imports =>
    newest ? Object.fromEntries(Object.entries(records).map(([k, r]) => [k, k === key ? { ...r, newest } : r])) : records;
  if (f.sweep === 'full') return withNewest(importRecords(report, f.skipped));
  const added = report.added.length;
  return withNewest({ [key]: { in_export: prev.in_export + added, imported: prev.imported + added, left_out: prev.left_out } });
}

export async function runPass(o: PassOptions): Promise<PassOutcome> {
  const { sync } = o;
  const lock = tryLock(sync.dir);
  if (!lock) {
    o.say('Another sync pass is running (SYNC_DIR lock held); this one is skipped.');
    return 'skipped';
  }
  try {
    return await lockedPass(o);
  } finally {
    lock.release();
  }
}

async function lockedPass(o: PassOptions): Promise<PassOutcome> {
  const { sync } = o;
  const startedAt = new Date().toISOString();
  const started = performance.now();
  const previous = readStatus(sync.dir, o.warn);
  const status: SyncStatus = {
    pass: { started_at: startedAt, pid: process.pid, outcome: 'running' },
    sources: { ...(previous?.sources ?? {}) },
    release: { ...(previous?.release ?? {}) },
  };
  // We hold the lock, so a pass that status.json still calls running ended without finishing.
  if (previous?.pass.outcome === 'running') {
    const repair = crashRepair(previous);
    status.pass.repaired = repair.message;
    Object.assign(status.sources, repair.sources);
    o.warn(repair.message);
  }
  writeStatus(sync.dir, status, sync.secrets);
  const finish = (outcome: 'ok' | 'failed', error?: string): PassOutcome => {
    status.pass.outcome = outcome;
    status.pass.finished_at = new Date().toISOString();
    if (error) status.pass.error = error;
    writeStatus(sync.dir, status, sync.secrets);
    return outcome;
  };
  try {
    return await passSteps(o, status, startedAt, started, finish);
  } catch (err) {
    const message = `the pass stopped on an unexpected error, nothing more done: ${(err as Error).message}`;
    o.warn(message);
    return finish('failed', message);
  } finally {
    // whatever ended the pass, status.json never stays at running
    if (status.pass.outcome === 'running') finish('failed', 'the pass ended without an outcome');
  }
}

async function passSteps(
  o: PassOptions,
  status: SyncStatus,
  startedAt: string,
  started: number,
  finish: (outcome: 'ok' | 'failed', error?: string) => PassOutcome,
): Promise<PassOutcome> {
  const { sync, settings } = o;
  const sources = [...(sync.google ? [GOOGLE] : []), ...(sync.trustpilot ? [TRUSTPILOT] : [])];
  if (sources.length === 0) {
    const message = 'No source is configured: set GOOGLE_LOCATION (with the Google OAuth settings) or TRUSTPILOT_BUSINESS_UNIT_ID (with TRUSTPILOT_API_KEY).';
    o.warn(message);
    return finish('failed', message);
  }

  const content = settings.contentDir;
  const reviewsFile = join(content, CONTENT_FILE_NAMES.reviews);
  const importsFile = join(content, IMPORTS_FILE_NAME);
  let business: ReturnType<typeof loadBusiness>;
  let existing: ReturnType<typeof loadReviews>;
  let importsBefore: string | undefined;
  let imports: Imports;
  try {
    business = loadBusiness(join(content, CONTENT_FILE_NAMES.business));
    existing = loadReviews(reviewsFile, reviewDateRange(business, Date.now()));
    importsBefore = existsSync(importsFile) ? readFileSync(importsFile, 'utf8') : undefined;
    imports = readImports(importsBefore, importsFile);
    if (!business.time_zone)
      throw new ContentError([
        {
          file: join(content, CONTENT_FILE_NAMES.business),
          field: 'time_zone',
          message: 'is needed to turn Google and Trustpilot times into review dates (an IANA zone, e.g. America/Denver)',
        },
      ]);
  } catch (err) {
    const message = `the content folder cannot be synced into, nothing changed: ${(err as Error).message}`;
    o.warn(message);
    return finish('failed', message);
  }
  const timeZone = business.time_zone as string;

  const http: HttpOptions = { timeoutS: sync.timeoutS, retries: sync.retries, maxRetryAfterS: sync.maxRetryAfterS, log: o.warn };
  const secrets = sync.secrets;
  const failures: string[] = [];
  const fail = (source: string, err: unknown) => {
    const e = err instanceof SyncError ? err : new SyncError(source, 'transient', (err as Error).message);
    const at = new Date().toISOString();
    const error = redact(e.message, secrets);
    status.sources[source] = { ...status.sources[source], last_attempt_at: at, last_outcome: 'failed', error, error_kind: e.kind };
    failures.push(`${source}: ${e.message}`);
    o.warn(`${source}: failed (${e.kind}), nothing from it merged: ${e.message}`);
  };

  // Fetch every source; one that fails changes nothing, the others still come in.
  const fetched: Fetched[] = [];
  for (const source of sources) {
    o.say(`${source}: reading…`);
    status.pass.reading = source;
    writeStatus(sync.dir, status, secrets);
    try {
      fetched.push(await readSource(source, o, http, secrets, status.sources[source], timeZone, existing.parsed));
    } catch (err) {
      fail(source, err);
    }
  }
  delete status.pass.reading;

  // Merge one source after the other, so a bad record of one never blocks another.
  let current = existing;
  let changed = false;
  const records: Imports = {};
  const merged: { f: Fetched; report: ImportReport }[] = [];
  for (const f of fetched) {
    try {
      const m = mergeImport(business, current, f.reviews, f.skipped, f.notes, {
        prune: sync.deletions === 'prune' && f.complete,
        ...(f.complete ? {} : { partial: [f.source] }),
      });
      current = { raw: m.reviews, parsed: m.parsed };
      changed ||= m.changed;
      Object.assign(records, recordFor(f, m.report, imports));
      merged.push({ f, report: m.report });
    } catch (err) {
      fail(f.source, err instanceof ContentError ? dataError(f.source, err.problems) : err);
    }
  }
  // New and edited reviews matched to the jobs the site holds; the owner's decisions stand (docs/verification.md).
  const evidence = merged.length ? syncEvidence(content, business, current.raw, readJobsSettings(o.env), o.warn) : undefined;
  if (evidence && JSON.stringify(evidence.reviews) !== JSON.stringify(current.raw)) {
    current = { raw: evidence.reviews, parsed: evidence.parsed };
    changed = true;
  }
  const importsAfter = merged.length ? importsJson(imports, records) : (importsBefore ?? '');
  const wrote =
    merged.length > 0 &&
    writeImportFiles(reviewsFile, changed ? `${JSON.stringify(current.raw, null, 2)}\n` : undefined, importsFile, importsBefore, importsAfter);
  if (wrote && evidence && evidence.verification.after !== evidence.verification.before)
    writeFileAtomic(evidence.verification.path, evidence.verification.after);
  const at = new Date().toISOString();
  for (const { f, report } of merged) {
    o.say(`${f.source}: ${f.sweep} sweep, ${f.pages} page${f.pages === 1 ? '' : 's'}${f.complete ? '' : ' (not every page: nothing counts as gone)'}`);
    o.say(formatReport(report, { dryRun: false, file: reviewsFile }));
    const before = status.sources[f.source];
    const cursor = f.newest !== undefined ? Math.max(f.newest, before?.cursor ? Date.parse(before.cursor) : 0) : undefined;
    status.sources[f.source] = {
      last_attempt_at: at,
      last_outcome: 'ok',
      last_success_at: at,
      sweep: f.sweep,
      pages: f.pages,
      added: report.added.length,
      updated: report.updated.length,
      gone: report.gone.length,
      pruned: report.pruned,
      ...(f.complete ? { last_full_sweep_at: startedAt } : before?.last_full_sweep_at ? { last_full_sweep_at: before.last_full_sweep_at } : {}),
      ...(cursor !== undefined ? { cursor: iso(cursor), content: sourceDigest(current.parsed, f.source) } : {}),
    };
  }
  status.pass.content_changed = wrote;
  o.say(wrote ? `Content changed: ${resolve(reviewsFile)} written.` : 'Nothing changed in the content.');
  o.say(`Sources read and merged in ${((performance.now() - started) / 1000).toFixed(2)} s.`);

  const release = await releaseContent(o, status);
  if (release) {
    o.warn(release);
    failures.push(release);
  }
  return finish(failures.length ? 'failed' : 'ok', failures.length ? failures.join('\n') : undefined);
}

/** Builds, deploys and pings for content not yet released; each step once per content hash. Returns an error, if any. */
async function releaseContent(o: PassOptions, status: SyncStatus): Promise<string | undefined> {
  const hash = contentHash(o.settings.contentDir);
  status.release.content = hash;
  if (o.contentOnly) {
    if (status.release.published !== hash) o.say('Content only (--content-only): the next pass builds, deploys and publishes.');
    return undefined;
  }
  const env = childEnv(o.env);
  const step = async (name: 'built' | 'deployed' | 'published', what: string, run: () => Promise<{ ok: boolean; output: string }>) => {
    if (status.release[name] === hash) return undefined;
    o.say(`${what}…`);
    const started = performance.now();
    const result = await run();
    const output = result.output.trim();
    if (!result.ok) {
      status.pass[name] = false;
      writeStatus(o.sync.dir, status, o.sync.secrets);
      return `${what} failed${output ? `:\n${output}` : ''}`;
    }
    if (output) o.say(output);
    o.say(`${what}: done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    status.release[name] = hash;
    status.pass[name] = true;
    writeStatus(o.sync.dir, status, o.sync.secrets);
    return undefined;
  };
  const built = await step('built', 'Build', o.build);
  if (built) return `${built}\nThe previous build is still served; the next pass builds again.`;
  if (o.sync.deployCommand) {
    const deployed = await step('deployed', 'Deploy (DEPLOY_COMMAND)', () =>
      runStep('/bin/sh', ['-c', o.sync.deployCommand], childEnv(o.env, { DEPLOY_DIR: deployDir(o.settings.outDir) }), o.root),
    );
    if (deployed) return `${deployed}\nNo publish ping sent; the next pass deploys again.`;
  } else status.release.deployed = hash;
  const published = await step('published', 'Publish ping', () => runStep(o.node, [o.publishScript], env, o.root));
  if (published) return `${published}\nThe next pass pings again.`;
  return undefined;
}
