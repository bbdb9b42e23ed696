// An online copy of the hub's database with SQLite's backup API (https://www.sqlite.org/backup.html):
// consistent even while the sidecar writes to it, unlike copying the file and its -wal.
import { existsSync, renameSync, rmSync } from 'node:fs';
import Database from 'better-sqlite3';

export interface BackupResult {
  subscriptions: number;
  pages: number;
}

/** Copies `dbPath` to `destination` (which must not exist yet), then checks the copy. */
export async function backupHub(dbPath: string, destination: string): Promise<BackupResult> {
  if (existsSync(destination)) throw new Error(`${destination} exists already; choose a new name for the backup`);
  const source = new Database(dbPath, { readonly: true, fileMustExist: true });
  const partial = `${destination}.partial`;
  rmSync(partial, { force: true });
  try {
    const { totalPages } = await source.backup(partial);
    const copy = new Database(partial, { readonly: true, fileMustExist: true });
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy fails SQLite's quick_check (${String(check).split('\n')[0]}): is ${dbPath} damaged?`);
      const subscriptions = copy.prepare('SELECT count(*) FROM subscriptions').pluck().get() as number;
      copy.close();
      renameSync(partial, destination);
      return { subscriptions, pages: totalPages };
    } finally {
      if (copy.open) copy.close();
    }
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
}
