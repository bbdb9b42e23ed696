// The hub's SqlStore on Node: better-sqlite3 on the file HUB_DB (WAL), checked on open.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import type { SqlStore, SqlValue } from '../../../hub/ports.ts';
import { createHubStore } from '../../../hub/store.ts';
import { StoreCorrupt } from './store-failure.ts';

/** Opens the file, checking it first; a file that is not a usable database throws and stays closed. */
function openDatabase(path: string, check: boolean): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    // NORMAL in WAL mode survives a killed process; only an OS crash can lose the last commits.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    if (check) {
      const result = db.pragma('quick_check', { simple: true });
      if (result !== 'ok') throw new StoreCorrupt(`database disk image is malformed: ${String(result).split('\n').slice(0, 3).join(' ')}`);
    }
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** better-sqlite3 binds Buffers, not other Uint8Arrays. */
const bind = (params: SqlValue[]) =>
  params.map((p) => (p instanceof Uint8Array && !Buffer.isBuffer(p) ? Buffer.from(p.buffer, p.byteOffset, p.byteLength) : p));

export function nodeSql(db: Database.Database): SqlStore {
  const statements = new Map<string, Database.Statement>();
  const prepared = (sql: string) => {
    let s = statements.get(sql);
    if (s === undefined) {
      s = db.prepare(sql);
      statements.set(sql, s);
    }
    return s;
  };
  return {
    all: <T>(sql: string, ...params: SqlValue[]) => prepared(sql).all(...bind(params)) as T[],
    run: (sql, ...params) => prepared(sql).run(...bind(params)).changes,
    exec: (sql) => void db.exec(sql),
    // IMMEDIATE: a transaction that reads before it writes waits for the other connection's
    // write lock (busy_timeout) instead of failing with SQLITE_BUSY when it upgrades.
    transaction: (f) => db.transaction(f).immediate(),
  };
}

/** `check` runs SQLite's quick_check first (the main thread does, once per open). */
export function openStore(path: string, { check = false }: { check?: boolean } = {}): ReturnType<typeof createHubStore> & { close: () => void } {
  const db = openDatabase(path, check);
  try {
    return { ...createHubStore(nodeSql(db)), close: () => db.close() };
  } catch (error) {
    db.close();
    throw error;
  }
}

export type Store = ReturnType<typeof openStore>;
