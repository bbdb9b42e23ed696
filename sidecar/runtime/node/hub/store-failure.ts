// What is wrong with the hub's SQLite file, in words an operator can act on. Only failures of
// the file itself count (https://www.sqlite.org/rescode.html); a programming error is not one.
import { statSync } from 'node:fs';

export interface StoreFailure {
  /** Short, safe to show to the public (no path). */
  reason: string;
  /** For the log: what to do about it. */
  advice: string;
}

const RESTORE = 'Restore it from a backup (README, "Backing up the hub"), or move it aside to start with no subscriptions';

/** The hub's database failed its integrity check (PRAGMA quick_check). */
export class StoreCorrupt extends Error {
  readonly code = 'SQLITE_CORRUPT';
}

function codeOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // An error cloned across a worker boundary may keep only its message.
  const message = (error as { message?: unknown }).message;
  if (typeof message !== 'string') return '';
  if (/malformed|corrupt/i.test(message)) return 'SQLITE_CORRUPT';
  if (/not a database/i.test(message)) return 'SQLITE_NOTADB';
  if (/unable to open/i.test(message)) return 'SQLITE_CANTOPEN';
  if (/database or disk is full/i.test(message)) return 'SQLITE_FULL';
  if (/readonly/i.test(message)) return 'SQLITE_READONLY';
  if (/disk I\/O error/i.test(message)) return 'SQLITE_IOERR';
  return '';
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The failure, when `error` says the file at `path` is unusable; undefined for any other error. */
export function storeFailure(error: unknown, path: string): StoreFailure | undefined {
  const code = codeOf(error);
  const at = `HUB_DB (${path})`;
  if (code === 'SQLITE_NOTADB') return { reason: 'its database file is not an SQLite database', advice: `${at} is not an SQLite database. ${RESTORE}.` };
  if (code.startsWith('SQLITE_CORRUPT')) return { reason: 'its database file is damaged', advice: `${at} is damaged (SQLite reports corruption). ${RESTORE}.` };
  if (code.startsWith('SQLITE_CANTOPEN')) {
    if (isDirectory(path))
      return { reason: 'its database file cannot be opened', advice: `${at} is a directory, not a file. Point HUB_DB at a file, or move the directory aside.` };
    return {
      reason: 'its database file cannot be opened',
      advice: `${at} cannot be opened: check that its folder exists and is writable by this process.`,
    };
  }
  if (code === 'SQLITE_FULL') return { reason: 'its disk is full', advice: `The disk holding ${at} is full. Free space; the hub checks again on its own.` };
  if (code.startsWith('SQLITE_READONLY'))
    return {
      reason: 'its database file is read-only',
      advice: `${at} (or its -wal/-shm files or folder) is read-only for this process. Make it writable; the hub checks again on its own.`,
    };
  if (code.startsWith('SQLITE_IOERR'))
    return { reason: 'its database file cannot be read or written', advice: `${at} gives I/O errors (${code}): check the disk.` };
  return undefined;
}
