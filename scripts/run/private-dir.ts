// Temporary folders that hold secrets (wrangler's .dev.vars, deploy's secrets file): readable by
// this user only, removed when the process exits however it exits but SIGKILL, and, for that
// case, removed by the next run that makes one with the same prefix once their owner is gone.
import { closeSync, lstatSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alive } from '../../src/build/output-dir.ts';

const OWNER_FILE = 'owner.pid';
/** A folder with no owner file yet may be one being made this instant: only older ones are someone's leftovers. */
const UNOWNED_GRACE_MS = 60_000;

/** Removes this user's `reviews-<prefix>-*` folders whose owning process is gone; returns their paths. */
export function removeAbandoned(prefix: string): string[] {
  const removed: string[] = [];
  const uid = process.getuid?.();
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(`reviews-${prefix}-`)) continue;
    const dir = join(tmpdir(), name);
    try {
      const stat = lstatSync(dir);
      if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid)) continue;
      let owner: number | undefined;
      try {
        owner = Number(readFileSync(join(dir, OWNER_FILE), 'utf8'));
      } catch {}
      const abandoned = owner === undefined ? Date.now() - stat.mtimeMs > UNOWNED_GRACE_MS : !alive(owner);
      if (!abandoned) continue;
      rmSync(dir, { recursive: true, force: true });
      removed.push(dir);
    } catch {}
  }
  return removed;
}

/**
 * A new folder `reviews-<prefix>-*` in the system's temporary folder, mode 0700, marked with this
 * process's id and removed when it exits (process.exit, the end of the event loop, an uncaught
 * error). A signal ends a process without that unless it has a handler: callers that may get one
 * install theirs and exit through process.exit.
 */
export function privateTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `reviews-${prefix}-`));
  writePrivateFile(join(dir, OWNER_FILE), String(process.pid));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes a new file only this user can read (0600 from its creation on, never another's file). */
export function writePrivateFile(path: string, text: string): void {
  const fd = openSync(path, 'wx', 0o600);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}
