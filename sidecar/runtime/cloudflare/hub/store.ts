// The hub's SqlStore in a Durable Object: ctx.storage.sql, synchronous like better-sqlite3.
// https://developers.cloudflare.com/durable-objects/api/sql-storage/
import type { SqlStore, SqlValue } from '../../../hub/ports.ts';
import type { DurableObjectStorage } from '../types.ts';

/** A BLOB is bound as an ArrayBuffer. */
const bind = (params: SqlValue[]) => params.map((p) => (p instanceof Uint8Array ? p.slice().buffer : p));

export function durableSql(storage: DurableObjectStorage): SqlStore {
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
