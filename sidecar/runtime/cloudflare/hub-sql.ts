// The hub's SqlStore in a Durable Object: ctx.storage.sql, synchronous like better-sqlite3.
// https://developers.cloudflare.com/durable-objects/api/sql-storage/
import type { SqlStore, SqlValue } from '../../hub/ports.ts';

/** The slice of a Durable Object's storage API the hub uses. */
export interface DurableStorage {
  sql: { exec(query: string, ...bindings: unknown[]): { toArray(): Record<string, unknown>[] } };
  transactionSync<T>(f: () => T): T;
  getAlarm(): Promise<number | null>;
  setAlarm(at: number): Promise<void>;
}

/** A BLOB is bound as an ArrayBuffer. */
const bind = (params: SqlValue[]) => params.map((p) => (p instanceof Uint8Array ? p.slice().buffer : p));

export function durableSql(storage: DurableStorage): SqlStore {
  return {
    all: <T>(query: string, ...params: SqlValue[]) => storage.sql.exec(query, ...bind(params)).toArray() as T[],
    run(query, ...params) {
      storage.sql.exec(query, ...bind(params));
      return Number(storage.sql.exec('SELECT changes() AS n').toArray()[0]?.n ?? 0);
    },
    exec: (query) => void storage.sql.exec(query),
    transaction: (f) => storage.transactionSync(f),
  };
}
