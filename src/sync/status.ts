// SYNC_DIR/status.json (what each source's last pass did) and the lock that lets one pass run
// at a time across processes.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { CONTENT_FILE_NAMES, IMPORTS_FILE_NAME } from '../core/content/dataset.ts';
import type { Review } from '../core/schemas/review.ts';
import { type SyncSourceStatus, type SyncStatus, SyncStatusSchema } from '../core/schemas/sync-status.ts';
import { writeFileAtomic } from '../import/atomic.ts';
import { redact } from './errors.ts';

export const STATUS_FILE = 'status.json';
const LOCK_FILE = 'lock.sqlite';

export function readStatus(dir: string, warn: (m: string) => void): SyncStatus | undefined {
  const file = join(dir, STATUS_FILE);
  if (!existsSync(file)) return undefined;
  try {
    const parsed = SyncStatusSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data;
    warn(`${file} does not match its schema (${parsed.error.issues[0]?.message}); starting afresh with a full sweep`);
  } catch (err) {
    warn(`${file} cannot be read (${(err as Error).message}); starting afresh with a full sweep`);
  }
  return undefined;
}

/** Writes status.json with every secret scrubbed (errors quote what servers said, and a server may echo a secret). */
export function writeStatus(dir: string, status: SyncStatus, secrets: readonly string[]): void {
  // Each text is scrubbed as it is, before JSON escapes a quote or backslash a secret might hold.
  const scrubbed = JSON.parse(JSON.stringify(status, (_key, value) => (typeof value === 'string' ? redact(value, secrets) : value)));
  writeFileAtomic(join(dir, STATUS_FILE), `${JSON.stringify(SyncStatusSchema.parse(scrubbed), null, 2)}\n`);
}

/** SHA-256 over the content files a build reads: equal hashes mean an equal build. */
export function contentHash(contentDir: string): string {
  const hash = createHash('sha256');
  for (const name of [CONTENT_FILE_NAMES.business, CONTENT_FILE_NAMES.reviews, CONTENT_FILE_NAMES.editorial, IMPORTS_FILE_NAME]) {
    const file = join(contentDir, name);
    hash.update(`${name}\0`);
    hash.update(existsSync(file) ? readFileSync(file) : Buffer.from('\0missing\0'));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** SHA-256 of one source's reviews in the content, in id order: what an incremental cursor was taken against. */
export function sourceDigest(reviews: readonly Review[], source: string): string {
  const own = reviews.filter((r) => r.source === source).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const hash = createHash('sha256');
  for (const r of own) hash.update(`${JSON.stringify(r)}\n`);
  return hash.digest('hex');
}

/**
 * What the next pass records of a pass that status.json still calls running (it ended without
 * finishing: killed, or out of memory): the pass failed, and so did the source it was reading.
 */
export function crashRepair(previous: SyncStatus): { message: string; sources: Record<string, SyncSourceStatus> } {
  const { pid, started_at, reading } = previous.pass;
  const message =
    `the pass before this one (pid ${pid}, started ${started_at}) ended without ` +
    `finishing${reading ? ` while reading ${reading}` : ''}: it was killed or ran out of memory; nothing it had ` +
    'not yet written was kept';
  const sources: Record<string, SyncSourceStatus> = {};
  const was = reading ? previous.sources[reading] : undefined;
  if (reading)
    sources[reading] = {
      ...was,
      last_attempt_at: started_at,
      last_outcome: 'failed',
      error: `${message}. If it happens again, lower SYNC_MAX_PAGES or SYNC_MAX_MB.`,
      error_kind: 'transient',
    };
  return { message, sources };
}

/**
 * An exclusive SQLite lock: the operating system drops it when the process ends, however it
 * ends, so a crashed pass (kill -9) never leaves it held. Undefined when another pass has it.
 */
export function tryLock(dir: string): { release: () => void } | undefined {
  mkdirSync(dir, { recursive: true });
  const db = new Database(join(dir, LOCK_FILE), { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') return undefined;
    throw err;
  }
  return {
    release: () => {
      db.exec('COMMIT');
      db.close();
    },
  };
}

/** A pass that could not start (a settings error): status.json says so, the rest of it kept. */
export function recordFailedStart(dir: string, error: string, secrets: readonly string[]): void {
  const previous = readStatus(dir, () => undefined);
  const now = new Date().toISOString();
  mkdirSync(dir, { recursive: true });
  writeStatus(
    dir,
    {
      pass: { started_at: now, finished_at: now, pid: process.pid, outcome: 'failed', error },
      sources: previous?.sources ?? {},
      release: previous?.release ?? {},
    },
    secrets,
  );
}
