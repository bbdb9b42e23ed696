// What the hub's Durable Object says when its SQLite storage is damaged, as the Node hub says it
// for its file (runtime/node/hub/store-failure.ts): a 503 with Retry-After and a reason for the
// public, one log line with what to do for the operator. workerd turns SQLite's errors into
// "internal error; reference = …", so an error is judged by the storage's own integrity check.
import type { HubAnswer } from '../../../hub/routes.ts';
import type { DurableObjectStorage } from '../types.ts';

/** How long a client is asked to wait: a restore is an operator's job, not a matter of seconds. */
export const STORAGE_RETRY_AFTER_S = 300;

const ADVICE =
  'On Cloudflare, restore the hub\'s Durable Object to a point in time before the damage (docs/security.md, "Recovering the hub\'s storage"); ' +
  'under preview:worker, stop it and move WORKER_STATE_DIR aside to start with no subscriptions.';

/** What the integrity check finds wrong with the object's database, or undefined when it finds nothing. */
export function storageDamage(storage: DurableObjectStorage): string | undefined {
  try {
    const rows = storage.sql.exec('PRAGMA quick_check').toArray();
    const found = rows.map((row) => String(Object.values(row)[0])).join('; ');
    return found === 'ok' ? undefined : found;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The one log line: what happened and what to do. */
export function damageLogLine(found: string, error: unknown): string {
  const cause = error instanceof Error ? error.message : String(error);
  return (
    `hub: unavailable (503) because its Durable Object's storage is damaged (${found}; the ` +
    `failed call said: ${cause}). ${ADVICE} Static files, search and MCP are not affected.`
  );
}

export const DAMAGED_ANSWER: HubAnswer = {
  status: 503,
  text: 'The WebSub hub is unavailable: its storage is damaged. The operator has been told; feeds and the rest of the service work as usual. Try again later.',
  headers: { 'retry-after': String(STORAGE_RETRY_AFTER_S) },
};

/** When the object cannot even be reached (it failed to start): the Worker's own answer, and its line. */
export const UNREACHABLE_ANSWER: HubAnswer = {
  status: 503,
  text:
    'The WebSub hub is unavailable: its Durable Object failed. The operator has been ' +
    'told; feeds and the rest of the service work as usual. Try again later.',
  headers: { 'retry-after': String(STORAGE_RETRY_AFTER_S) },
};

export function unreachableLogLine(error: unknown): string {
  const cause = error instanceof Error ? error.message : String(error);
  return (
    `hub: unavailable (503) because its Durable Object failed (${cause}); workerd's log ` +
    'above says why. If it says SQLITE_CORRUPT or SQLITE_NOTADB, or this repeats, its ' +
    `storage is damaged: ${ADVICE} Static files, search and MCP are not affected.`
  );
}

/**
 * The line the object logs when its subscription count changed: preview:worker keeps the count
 * beside WORKER_STATE_DIR (scripts/preview-worker.ts), as the Node hub keeps one beside HUB_DB.
 */
export const SUBSCRIPTION_COUNT_LINE = 'hub: subscriptions: ';

/**
 * The object's storage as the hub sees it: once a failed call is found to come from damage, the
 * hub is out of service for this instance's life; and the subscription count it logged last.
 */
export function storageHealth(storage: DurableObjectStorage) {
  let damage: string | undefined;
  let loggedCount: number | undefined;
  return {
    out: () => damage !== undefined,
    /** Whether `error` came from damaged storage; the first time, says so in the log. */
    damaged(error: unknown): boolean {
      if (damage !== undefined) return true;
      const found = storageDamage(storage);
      if (found === undefined) return false;
      damage = found;
      console.error(damageLogLine(found, error));
      return true;
    },
    /** Runs `f`; undefined once the storage is found damaged (now or before). */
    guard<T>(f: () => T): T | undefined {
      if (damage !== undefined) return undefined;
      try {
        return f();
      } catch (error) {
        if (this.damaged(error)) return undefined;
        throw error;
      }
    },
    /** Logs the subscription count when it changed (SUBSCRIPTION_COUNT_LINE). */
    count(n: number): void {
      if (n === loggedCount) return;
      loggedCount = n;
      console.info(`${SUBSCRIPTION_COUNT_LINE}${n}`);
    },
  };
}
