// Everything the hub must not forget, in SQLite: the same tables on Node (HUB_DB) and in the
// Durable Object. Each state change is one transaction, so a kill -9 at any moment leaves either
// the old or the new state; work that was in flight is simply still queued and runs again after
// a restart (at least once).
import { type AdmissionCounts, type Fairness, fairVictim, type Mode } from './admission.ts';
import { hostOf } from './lanes.ts';
import type { SqlStore } from './ports.ts';

export interface VerificationRequest {
  callback: string;
  topic: string;
  mode: Mode;
  secret: string | null;
  leaseSeconds: number;
}

export interface PendingVerification extends VerificationRequest {
  /** Bumped when a newer request for the same pair replaces this one. */
  version: number;
}

export interface DueDelivery {
  callback: string;
  topic: string;
  /** The version of the topic this row was last queued for. */
  etag: string;
  secret: string | null;
}

export interface StoredTopic {
  topic: string;
  etag: string;
  contentType: string;
  body: Uint8Array;
}

export interface Denial {
  id: number;
  callback: string;
  topic: string;
  reason: string;
}

/** A verification's outcome: recorded; a subscribe the caps left out; or recorded in place of another subscription (sent a denial). */
export type VerificationOutcome = 'done' | 'full' | { displaced: { callback: string; topic: string } };

export interface SubscriptionCaps {
  maxSubscriptions: number;
  maxSubscriptionsPerHost: number;
}

/** The reason a displaced subscription's denial gives. */
export const DISPLACED = 'displaced: the hub is full, and a callback host with fewer subscriptions than its fair share took its place';

/** Consecutive failed deliveries after which a subscription is removed (the README's WebSub policy). */
export const MAX_FAILURES = 3;

/**
 * Due rows read per claim, among which the lanes pick host by host. The caps keep the queues
 * below it at their defaults; above it the oldest rows come first.
 */
const WINDOW = 5000;

/** A topic's body is kept in parts of at most this size (a Durable Object's SQLite takes values up to 2 MB). */
export const BODY_PART_BYTES = 1024 * 1024;

export const SCHEMA = `
CREATE TABLE IF NOT EXISTS subscriptions (
  callback TEXT NOT NULL,
  topic TEXT NOT NULL,
  secret TEXT,
  lease_seconds INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  verified_at INTEGER NOT NULL,
  acked_at INTEGER,
  PRIMARY KEY (callback, topic)
);
CREATE INDEX IF NOT EXISTS subscriptions_topic ON subscriptions (topic, expires_at);
CREATE TABLE IF NOT EXISTS verifications (
  callback TEXT NOT NULL,
  topic TEXT NOT NULL,
  mode TEXT NOT NULL CHECK (mode IN ('subscribe', 'unsubscribe')),
  secret TEXT,
  lease_seconds INTEGER NOT NULL,
  version INTEGER NOT NULL,
  requested_at INTEGER NOT NULL,
  PRIMARY KEY (callback, topic)
);
-- body is empty when topic_parts holds the body (a database from before the parts keeps it here).
CREATE TABLE IF NOT EXISTS topics (
  topic TEXT PRIMARY KEY,
  etag TEXT NOT NULL,
  content_type TEXT NOT NULL,
  body BLOB NOT NULL,
  changed_at INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS topic_parts (
  topic TEXT NOT NULL,
  seq INTEGER NOT NULL,
  bytes BLOB NOT NULL,
  PRIMARY KEY (topic, seq)
);
-- One row per subscription that is owed the topic's current content: a second change before
-- delivery updates the row instead of adding one, so only the newest content goes out.
CREATE TABLE IF NOT EXISTS deliveries (
  callback TEXT NOT NULL,
  topic TEXT NOT NULL,
  etag TEXT NOT NULL,
  next_at INTEGER NOT NULL,
  PRIMARY KEY (callback, topic),
  FOREIGN KEY (callback, topic) REFERENCES subscriptions (callback, topic) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS deliveries_due ON deliveries (next_at);
CREATE TABLE IF NOT EXISTS denials (
  id INTEGER PRIMARY KEY,
  callback TEXT NOT NULL,
  topic TEXT NOT NULL,
  reason TEXT NOT NULL,
  tries INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL DEFAULT 0
);
-- A publish ping accepted and not yet checked against the topics (written before the 202).
CREATE TABLE IF NOT EXISTS publish_requests (
  id INTEGER PRIMARY KEY,
  requested_at INTEGER NOT NULL
);
`;

/** Columns added since a table was first created: [table, column, definition], added where missing. */
const ADDED_COLUMNS: [string, string, string][] = [
  ['denials', 'tries', 'INTEGER NOT NULL DEFAULT 0'],
  ['denials', 'next_at', 'INTEGER NOT NULL DEFAULT 0'],
  ['subscriptions', 'acked_at', 'INTEGER'],
];

/** Tries of one denial notice before it is given up (the README's WebSub policy). */
export const MAX_DENIAL_TRIES = 3;

/** When a delivery or denial that has failed `failures` times in a row is tried again: the wait doubles each time. */
const retryAt = (now: number, retryBaseMs: number, failures: number) => now + retryBaseMs * 2 ** (failures - 1);

const key = (callback: string, topic: string) => `${topic} ${callback}`;

/** Callbacks are stored as URL.href, so a host's callbacks begin with one of these. */
function hostPrefixes(host: string): [number, string, string] {
  const slash = `https://${host}/`;
  return [slash.length, slash, `https://${host}:`];
}

const bytes = (value: unknown): Uint8Array => (value instanceof Uint8Array ? value : new Uint8Array(value as ArrayBuffer));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** The hub's queries over any SqlStore; creates the tables if needed. */
export function createHubStore(sql: SqlStore) {
  sql.exec(SCHEMA);
  for (const [table, column, definition] of ADDED_COLUMNS) {
    const has = () => sql.all<{ name: string }>(`PRAGMA table_info(${table})`).some((c) => c.name === column);
    if (has()) continue;
    try {
      sql.exec(`ALTER TABLE ${table} ADD COLUMN ${column} ${definition}`);
    } catch (error) {
      // The other connection (Node's engine thread) may have added it first.
      if (!has()) throw error;
    }
  }
  const one = <T>(query: string, ...params: (string | number | null)[]) => sql.all<Record<string, T>>(query, ...params)[0];
  const value = <T>(query: string, ...params: (string | number | null)[]): T | undefined => {
    const row = one<T>(query, ...params);
    return row === undefined ? undefined : (Object.values(row)[0] as T);
  };
  // Deleting a subscription also drops its queued delivery (the Durable Object's SQLite does not promise foreign keys).
  const deleteSubscription = (callback: string, topic: string) => {
    sql.run('DELETE FROM deliveries WHERE callback = ? AND topic = ?', callback, topic);
    return sql.run('DELETE FROM subscriptions WHERE callback = ? AND topic = ?', callback, topic);
  };

  /**
   * Records a verification's outcome. A verified subscribe that would be a new subscription
   * while its host or the hub is at its cap (`caps`) is not activated: 'full'; at the total,
   * one of a host over its fair share makes room for it instead (admission.ts), and is sent a denial.
   */
  function finishVerification(v: PendingVerification, verified: boolean, now: number, caps?: SubscriptionCaps): VerificationOutcome {
    return sql.transaction(() => {
      let outcome: VerificationOutcome = 'done';
      if (verified && v.mode === 'subscribe') {
        const full = caps ? isFull(v, now, caps) : 'room';
        const victim = full === 'total' ? fairness(hostOf(v.callback), now).victim : undefined;
        if (full === 'host' || (full === 'total' && victim === undefined)) {
          outcome = 'full';
        } else {
          if (victim !== undefined) {
            deleteSubscription(victim.callback, victim.topic);
            sql.run('INSERT INTO denials (callback, topic, reason) VALUES (?, ?, ?)', victim.callback, victim.topic, DISPLACED);
            outcome = { displaced: victim };
          }
          sql.run(
            `INSERT INTO subscriptions (callback, topic, secret, lease_seconds, expires_at, failures, verified_at) VALUES (?, ?, ?, ?, ?, 0, ?)
             ON CONFLICT (callback, topic) DO UPDATE SET secret = excluded.secret, lease_seconds = excluded.lease_seconds,
               expires_at = excluded.expires_at, failures = 0, verified_at = excluded.verified_at`,
            v.callback,
            v.topic,
            v.secret,
            v.leaseSeconds,
            now + v.leaseSeconds * 1000,
            now,
          );
        }
      } else if (verified) {
        deleteSubscription(v.callback, v.topic);
      }
      sql.run('DELETE FROM verifications WHERE callback = ? AND topic = ? AND version = ?', v.callback, v.topic, v.version);
      return outcome;
    });
  }

  /** Which cap a new subscription for `v` would pass: none ('room'), its host's, or the total. */
  function isFull(v: PendingVerification, now: number, caps: SubscriptionCaps): 'room' | 'host' | 'total' {
    const active = (query: string, ...params: (string | number)[]) => value<number>(query, ...params) ?? 0;
    if (active('SELECT count(*) FROM subscriptions WHERE callback = ? AND topic = ?', v.callback, v.topic) > 0) return 'room';
    const [n, slash, colon] = hostPrefixes(hostOf(v.callback));
    if (
      active('SELECT count(*) FROM subscriptions WHERE expires_at > ? AND substr(callback, 1, ?) IN (?, ?)', now, n, slash, colon) >=
      caps.maxSubscriptionsPerHost
    )
      return 'host';
    return active('SELECT count(*) FROM subscriptions WHERE expires_at > ?', now) >= caps.maxSubscriptions ? 'total' : 'room';
  }

  /** The live subscriptions by host, for the fair share (read only when the hub is full: at most the total). */
  function fairness(host: string, now: number): Fairness {
    const rows = sql.all<{ callback: string; topic: string; verifiedAt: number; ackedAt: number | null }>(
      'SELECT callback, topic, verified_at AS verifiedAt, acked_at AS ackedAt FROM subscriptions WHERE expires_at > ?',
      now,
    );
    return fairVictim(host, rows, hostOf);
  }

  function publishTopic(t: StoredTopic, now: number): number {
    return sql.transaction(() => {
      sql.run(
        `INSERT INTO topics (topic, etag, content_type, body, changed_at) VALUES (?, ?, ?, x'', ?)
         ON CONFLICT (topic) DO UPDATE SET etag = excluded.etag, content_type = excluded.content_type, body = x'', changed_at = excluded.changed_at`,
        t.topic,
        t.etag,
        t.contentType,
        now,
      );
      sql.run('DELETE FROM topic_parts WHERE topic = ?', t.topic);
      for (let seq = 0, at = 0; at < t.body.byteLength || seq === 0; seq++, at += BODY_PART_BYTES) {
        sql.run('INSERT INTO topic_parts (topic, seq, bytes) VALUES (?, ?, ?)', t.topic, seq, t.body.subarray(at, at + BODY_PART_BYTES));
      }
      return sql.run(
        `INSERT INTO deliveries (callback, topic, etag, next_at)
         SELECT callback, topic, ?, ? FROM subscriptions WHERE topic = ? AND expires_at > ?
         ON CONFLICT (callback, topic) DO UPDATE SET etag = excluded.etag`,
        t.etag,
        now,
        t.topic,
        now,
      );
    });
  }

  function deliveryFailed(d: DueDelivery, reason: string, now: number, retryBaseMs: number): 'retry' | 'removed' | 'gone' {
    return sql.transaction(() => {
      const failures = value<number>(
        'UPDATE subscriptions SET failures = failures + 1 WHERE callback = ? AND topic = ? RETURNING failures',
        d.callback,
        d.topic,
      );
      if (failures === undefined) return 'gone'; // unsubscribed while the delivery was in flight
      if (failures >= MAX_FAILURES) {
        deleteSubscription(d.callback, d.topic);
        sql.run('INSERT INTO denials (callback, topic, reason) VALUES (?, ?, ?)', d.callback, d.topic, reason);
        return 'removed';
      }
      sql.run('UPDATE deliveries SET next_at = ? WHERE callback = ? AND topic = ?', retryAt(now, retryBaseMs, failures), d.callback, d.topic);
      return 'retry';
    });
  }

  /** Rows from a query, skipping those whose work is in flight. */
  function notBusy<T extends { callback: string; topic: string }>(rows: T[], busy: ReadonlySet<string>): T[] {
    return rows.filter((r) => !busy.has(key(r.callback, r.topic))).slice(0, WINDOW);
  }

  return {
    key,
    requestVerification(v: VerificationRequest, now: number) {
      sql.run(
        `INSERT INTO verifications (callback, topic, mode, secret, lease_seconds, version, requested_at) VALUES (?, ?, ?, ?, ?, 1, ?)
         ON CONFLICT (callback, topic) DO UPDATE SET mode = excluded.mode, secret = excluded.secret,
           lease_seconds = excluded.lease_seconds, version = version + 1, requested_at = excluded.requested_at`,
        v.callback,
        v.topic,
        v.mode,
        v.secret,
        v.leaseSeconds,
        now,
      );
    },
    /** The queued verifications not in flight, oldest first (the queue is capped, see admission.ts). */
    dueVerifications(busy: ReadonlySet<string>): PendingVerification[] {
      const rows = sql.all<PendingVerification>(
        'SELECT callback, topic, mode, secret, lease_seconds AS leaseSeconds, version FROM verifications ORDER BY requested_at LIMIT ?',
        WINDOW + busy.size,
      );
      return notBusy(rows, busy);
    },
    /** What the caps count for a request on `host` for (callback, topic). */
    admission(host: string, callback: string, topic: string, now: number): AdmissionCounts {
      const [n, slash, colon] = hostPrefixes(host);
      const onHost = 'substr(callback, 1, ?) IN (?, ?)';
      const count = (query: string, ...params: (string | number)[]) => value<number>(query, ...params) ?? 0;
      return {
        pendingTotal: count('SELECT count(*) FROM verifications'),
        pendingOnHost: count(`SELECT count(*) FROM verifications WHERE ${onHost}`, n, slash, colon),
        alreadyPending: count('SELECT count(*) FROM verifications WHERE callback = ? AND topic = ?', callback, topic) > 0,
        subscriptionsTotal: count('SELECT count(*) FROM subscriptions WHERE expires_at > ?', now),
        subscriptionsOnHost: count(`SELECT count(*) FROM subscriptions WHERE expires_at > ? AND ${onHost}`, now, n, slash, colon),
        alreadyCounted: count('SELECT count(*) FROM subscriptions WHERE callback = ? AND topic = ? AND expires_at > ?', callback, topic, now) > 0,
        get mayDisplace() {
          return fairness(host, now).victim !== undefined;
        },
      };
    },
    finishVerification,
    storedTopics(): StoredTopic[] {
      const rows = sql.all<{ topic: string; etag: string; contentType: string; body: unknown }>(
        'SELECT topic, etag, content_type AS contentType, body FROM topics',
      );
      return rows.map((r) => {
        const parts = sql.all<{ bytes: unknown }>('SELECT bytes FROM topic_parts WHERE topic = ? ORDER BY seq', r.topic).map((p) => bytes(p.bytes));
        return { topic: r.topic, etag: r.etag, contentType: r.contentType, body: parts.length > 0 ? concat(parts) : bytes(r.body) };
      });
    },
    /** Each topic's version as stored, without its body. */
    topicEtags(): Map<string, string> {
      return new Map(sql.all<{ topic: string; etag: string }>('SELECT topic, etag FROM topics').map((r) => [r.topic, r.etag]));
    },
    topicEtag: (topic: string) => value<string>('SELECT etag FROM topics WHERE topic = ?', topic),
    publishTopic,
    dueDeliveries(now: number, busy: ReadonlySet<string>): DueDelivery[] {
      const rows = sql.all<DueDelivery>(
        `SELECT d.callback, d.topic, d.etag, s.secret FROM deliveries d
         JOIN subscriptions s ON s.callback = d.callback AND s.topic = d.topic
         WHERE d.next_at <= ? AND s.expires_at > ? ORDER BY d.next_at LIMIT ?`,
        now,
        now,
        WINDOW + busy.size,
      );
      return notBusy(rows, busy);
    },
    nextDeliveryAt: (now: number) => value<number | null>('SELECT min(next_at) FROM deliveries WHERE next_at > ?', now) ?? undefined,
    /** Whether any verification, delivery or denial is queued. */
    hasWork: () => value<number>('SELECT EXISTS (SELECT 1 FROM verifications) OR EXISTS (SELECT 1 FROM deliveries) OR EXISTS (SELECT 1 FROM denials)') === 1,
    deliverySucceeded(d: DueDelivery, etag: string, now: number) {
      sql.transaction(() => {
        sql.run('DELETE FROM deliveries WHERE callback = ? AND topic = ? AND etag = ?', d.callback, d.topic, etag);
        sql.run(
          'UPDATE subscriptions SET failures = 0, acked_at = coalesce(acked_at, ?) WHERE callback = ? AND topic = ? AND (failures > 0 OR acked_at IS NULL)',
          now,
          d.callback,
          d.topic,
        );
      });
    },
    deliveryFailed,
    deliveryGone(d: DueDelivery) {
      sql.transaction(() => deleteSubscription(d.callback, d.topic));
    },
    dueDenials(now: number, busy: ReadonlySet<string>): Denial[] {
      const rows = sql.all<Denial>('SELECT id, callback, topic, reason FROM denials WHERE next_at <= ? ORDER BY next_at, id LIMIT ?', now, WINDOW + busy.size);
      return rows.filter((r) => !busy.has(String(r.id))).slice(0, WINDOW);
    },
    nextDenialAt: (now: number) => value<number | null>('SELECT min(next_at) FROM denials WHERE next_at > ?', now) ?? undefined,
    dropDenial(id: number) {
      sql.run('DELETE FROM denials WHERE id = ?', id);
    },
    /** A denial did not arrive: tried again after the delivery backoff, up to MAX_DENIAL_TRIES in all. */
    denialFailed(id: number, now: number, retryBaseMs: number): 'retry' | 'given up' {
      return sql.transaction(() => {
        const tries = value<number>('UPDATE denials SET tries = tries + 1 WHERE id = ? RETURNING tries', id);
        if (tries === undefined || tries >= MAX_DENIAL_TRIES) {
          sql.run('DELETE FROM denials WHERE id = ?', id);
          return 'given up';
        }
        sql.run('UPDATE denials SET next_at = ? WHERE id = ?', retryAt(now, retryBaseMs, tries), id);
        return 'retry';
      });
    },
    /** Removes expired subscriptions (and their queued deliveries); returns how many. */
    purgeExpired(now: number): number {
      return sql.transaction(() => {
        sql.run('DELETE FROM deliveries WHERE (callback, topic) IN (SELECT callback, topic FROM subscriptions WHERE expires_at <= ?)', now);
        return sql.run('DELETE FROM subscriptions WHERE expires_at <= ?', now);
      });
    },
    /** When the next subscription expires (epoch ms), if any. */
    nextExpiryAt: () => value<number | null>('SELECT min(expires_at) FROM subscriptions') ?? undefined,
    subscriptionCount: () => value<number>('SELECT count(*) FROM subscriptions') ?? 0,
    /** Writes down an accepted publish ping (before its 202): the topic check runs from it, after a crash too. */
    recordPublish(now: number) {
      sql.run('INSERT INTO publish_requests (requested_at) VALUES (?)', now);
    },
    /** The newest publish ping not yet checked, if any. */
    lastPublish: () => value<number | null>('SELECT max(id) FROM publish_requests') ?? undefined,
    /** The pings up to `id` were checked. */
    publishChecked(id: number) {
      sql.run('DELETE FROM publish_requests WHERE id <= ?', id);
    },
  };
}

export type HubStore = ReturnType<typeof createHubStore>;
