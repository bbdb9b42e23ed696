// Everything the hub must not forget lives here, in SQLite (WAL). Each state change is one
// transaction, so a kill -9 at any moment leaves either the old or the new state; work that
// was in flight is simply still queued and runs again after a restart (at least once).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { StoreCorrupt } from './store-failure.ts';

export type Mode = 'subscribe' | 'unsubscribe';

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
  body: Buffer;
}

export interface Denial {
  id: number;
  callback: string;
  topic: string;
  reason: string;
}

/** Consecutive failed deliveries after which a subscription is removed (the README's WebSub policy). */
export const MAX_FAILURES = 3;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS subscriptions (
  callback TEXT NOT NULL,
  topic TEXT NOT NULL,
  secret TEXT,
  lease_seconds INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  failures INTEGER NOT NULL DEFAULT 0,
  verified_at INTEGER NOT NULL,
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
CREATE TABLE IF NOT EXISTS topics (
  topic TEXT PRIMARY KEY,
  etag TEXT NOT NULL,
  content_type TEXT NOT NULL,
  body BLOB NOT NULL,
  changed_at INTEGER NOT NULL
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
  reason TEXT NOT NULL
);
`;

const key = (callback: string, topic: string) => `${topic} ${callback}`;

/**
 * Due rows read per claim, among which the lanes pick host by host. The caps keep the queues
 * below it at their defaults; above it the oldest rows come first.
 */
const WINDOW = 5000;

/** What the caps at subscribe time count (admission.ts decides). */
export interface AdmissionCounts {
  pendingTotal: number;
  pendingOnHost: number;
  /** A request for this (callback, topic) is queued already: a new one replaces it. */
  alreadyPending: boolean;
  subscriptionsTotal: number;
  subscriptionsOnHost: number;
  /** This (callback, topic) is subscribed or being subscribed already: a renewal. */
  alreadyCounted: boolean;
}

/** Callbacks are stored as URL.href, so a host's callbacks begin with one of these. */
function hostPrefixes(host: string) {
  const slash = `https://${host}/`;
  return { n: slash.length, slash, colon: `https://${host}:` };
}

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
    db.exec(SCHEMA);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

/** `check` runs SQLite's quick_check first (the main thread does, once per open). */
export function openStore(path: string, { check = false }: { check?: boolean } = {}) {
  const db = openDatabase(path, check);

  const q = {
    requestVerification: db.prepare(`
      INSERT INTO verifications (callback, topic, mode, secret, lease_seconds, version, requested_at)
      VALUES (@callback, @topic, @mode, @secret, @leaseSeconds, 1, @now)
      ON CONFLICT (callback, topic) DO UPDATE SET mode = excluded.mode, secret = excluded.secret,
        lease_seconds = excluded.lease_seconds, version = version + 1, requested_at = excluded.requested_at`),
    dueVerifications: db.prepare(`
      SELECT callback, topic, mode, secret, lease_seconds AS leaseSeconds, version
      FROM verifications ORDER BY requested_at LIMIT ?`),
    pendingTotal: db.prepare('SELECT count(*) FROM verifications').pluck(),
    pendingOnHost: db.prepare(`SELECT count(*) FROM verifications WHERE substr(callback, 1, ?) IN (?, ?)`).pluck(),
    isPending: db.prepare('SELECT EXISTS (SELECT 1 FROM verifications WHERE callback = ? AND topic = ?)').pluck(),
    subscriptionsTotal: db
      .prepare(`
      SELECT (SELECT count(*) FROM subscriptions WHERE expires_at > @now)
        + (SELECT count(*) FROM verifications v WHERE mode = 'subscribe'
           AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.callback = v.callback AND s.topic = v.topic AND s.expires_at > @now))`)
      .pluck(),
    subscriptionsOnHost: db
      .prepare(`
      SELECT (SELECT count(*) FROM subscriptions WHERE expires_at > @now AND substr(callback, 1, @n) IN (@slash, @colon))
        + (SELECT count(*) FROM verifications v WHERE mode = 'subscribe' AND substr(callback, 1, @n) IN (@slash, @colon)
           AND NOT EXISTS (SELECT 1 FROM subscriptions s WHERE s.callback = v.callback AND s.topic = v.topic AND s.expires_at > @now))`)
      .pluck(),
    isCounted: db
      .prepare(`
      SELECT EXISTS (SELECT 1 FROM subscriptions WHERE callback = @callback AND topic = @topic AND expires_at > @now)
        OR EXISTS (SELECT 1 FROM verifications WHERE callback = @callback AND topic = @topic AND mode = 'subscribe')`)
      .pluck(),
    dropVerification: db.prepare('DELETE FROM verifications WHERE callback = ? AND topic = ? AND version = ?'),
    upsertSubscription: db.prepare(`
      INSERT INTO subscriptions (callback, topic, secret, lease_seconds, expires_at, failures, verified_at)
      VALUES (@callback, @topic, @secret, @leaseSeconds, @expiresAt, 0, @now)
      ON CONFLICT (callback, topic) DO UPDATE SET secret = excluded.secret, lease_seconds = excluded.lease_seconds,
        expires_at = excluded.expires_at, failures = 0, verified_at = excluded.verified_at`),
    deleteSubscription: db.prepare('DELETE FROM subscriptions WHERE callback = ? AND topic = ?'),
    topics: db.prepare('SELECT topic, etag, content_type AS contentType, body FROM topics'),
    topicEtag: db.prepare('SELECT etag FROM topics WHERE topic = ?').pluck(),
    upsertTopic: db.prepare(`
      INSERT INTO topics (topic, etag, content_type, body, changed_at) VALUES (@topic, @etag, @contentType, @body, @now)
      ON CONFLICT (topic) DO UPDATE SET etag = excluded.etag, content_type = excluded.content_type,
        body = excluded.body, changed_at = excluded.changed_at`),
    queueDeliveries: db.prepare(`
      INSERT INTO deliveries (callback, topic, etag, next_at)
      SELECT callback, topic, @etag, @now FROM subscriptions WHERE topic = @topic AND expires_at > @now
      ON CONFLICT (callback, topic) DO UPDATE SET etag = excluded.etag`),
    dueDeliveries: db.prepare(`
      SELECT d.callback, d.topic, d.etag, s.secret FROM deliveries d
      JOIN subscriptions s ON s.callback = d.callback AND s.topic = d.topic
      WHERE d.next_at <= @now AND s.expires_at > @now ORDER BY d.next_at LIMIT @limit`),
    nextDeliveryAt: db.prepare('SELECT min(next_at) FROM deliveries WHERE next_at > ?').pluck(),
    hasWork: db.prepare('SELECT EXISTS (SELECT 1 FROM verifications) OR EXISTS (SELECT 1 FROM deliveries) OR EXISTS (SELECT 1 FROM denials)').pluck(),
    delivered: db.prepare('DELETE FROM deliveries WHERE callback = ? AND topic = ? AND etag = ?'),
    resetFailures: db.prepare('UPDATE subscriptions SET failures = 0 WHERE callback = ? AND topic = ? AND failures > 0'),
    addFailure: db.prepare('UPDATE subscriptions SET failures = failures + 1 WHERE callback = ? AND topic = ? RETURNING failures').pluck(),
    retryAt: db.prepare('UPDATE deliveries SET next_at = ? WHERE callback = ? AND topic = ?'),
    addDenial: db.prepare('INSERT INTO denials (callback, topic, reason) VALUES (?, ?, ?)'),
    denials: db.prepare('SELECT id, callback, topic, reason FROM denials ORDER BY id LIMIT ?'),
    dropDenial: db.prepare('DELETE FROM denials WHERE id = ?'),
    purgeExpired: db.prepare('DELETE FROM subscriptions WHERE expires_at <= ?'),
    subscriptionCount: db.prepare('SELECT count(*) FROM subscriptions').pluck(),
  };

  const finishVerification = db.transaction((v: PendingVerification, verified: boolean, now: number) => {
    if (verified && v.mode === 'subscribe') {
      const expiresAt = now + v.leaseSeconds * 1000;
      q.upsertSubscription.run({ callback: v.callback, topic: v.topic, secret: v.secret, leaseSeconds: v.leaseSeconds, expiresAt, now });
    } else if (verified) {
      q.deleteSubscription.run(v.callback, v.topic);
    }
    q.dropVerification.run(v.callback, v.topic, v.version);
  });

  const publishTopic = db.transaction((t: StoredTopic, now: number): number => {
    q.upsertTopic.run({ ...t, now });
    return q.queueDeliveries.run({ topic: t.topic, etag: t.etag, now }).changes;
  });

  const deliverySucceeded = db.transaction((d: DueDelivery, etag: string) => {
    q.delivered.run(d.callback, d.topic, etag);
    q.resetFailures.run(d.callback, d.topic);
  });

  const deliveryFailed = db.transaction((d: DueDelivery, reason: string, now: number, retryBaseMs: number): 'retry' | 'removed' | 'gone' => {
    const failures = q.addFailure.get(d.callback, d.topic) as number | undefined;
    if (failures === undefined) return 'gone'; // unsubscribed while the delivery was in flight
    if (failures >= MAX_FAILURES) {
      q.deleteSubscription.run(d.callback, d.topic);
      q.addDenial.run(d.callback, d.topic, reason);
      return 'removed';
    }
    q.retryAt.run(now + retryBaseMs * 2 ** (failures - 1), d.callback, d.topic);
    return 'retry';
  });

  /** Rows from a query, skipping those whose work is in flight. */
  function notBusy<T extends { callback: string; topic: string }>(rows: T[], busy: ReadonlySet<string>, limit: number): T[] {
    return rows.filter((r) => !busy.has(key(r.callback, r.topic))).slice(0, limit);
  }

  return {
    key,
    requestVerification(v: VerificationRequest, now: number) {
      q.requestVerification.run({ ...v, now });
    },
    /** The queued verifications not in flight, oldest first (the queue is capped, see admission). */
    dueVerifications(busy: ReadonlySet<string>): PendingVerification[] {
      return notBusy(q.dueVerifications.all(WINDOW + busy.size) as PendingVerification[], busy, WINDOW);
    },
    /** What the caps (issue 32) count for a request on `host` for (callback, topic). */
    admission(host: string, callback: string, topic: string, now: number): AdmissionCounts {
      const { n, slash, colon } = hostPrefixes(host);
      return {
        pendingTotal: q.pendingTotal.get() as number,
        pendingOnHost: q.pendingOnHost.get(n, slash, colon) as number,
        alreadyPending: q.isPending.get(callback, topic) === 1,
        subscriptionsTotal: q.subscriptionsTotal.get({ now }) as number,
        subscriptionsOnHost: q.subscriptionsOnHost.get({ now, n, slash, colon }) as number,
        alreadyCounted: q.isCounted.get({ callback, topic, now }) === 1,
      };
    },
    finishVerification,
    storedTopics: () => q.topics.all() as StoredTopic[],
    topicEtag: (topic: string) => q.topicEtag.get(topic) as string | undefined,
    publishTopic,
    dueDeliveries(now: number, busy: ReadonlySet<string>): DueDelivery[] {
      return notBusy(q.dueDeliveries.all({ now, limit: WINDOW + busy.size }) as DueDelivery[], busy, WINDOW);
    },
    nextDeliveryAt: (now: number) => (q.nextDeliveryAt.get(now) as number | null) ?? undefined,
    /** Whether any verification, delivery or denial is queued. */
    hasWork: () => q.hasWork.get() === 1,
    deliverySucceeded,
    deliveryFailed,
    deliveryGone(d: DueDelivery) {
      q.deleteSubscription.run(d.callback, d.topic);
    },
    dueDenials(busy: ReadonlySet<string>): Denial[] {
      return (q.denials.all(WINDOW + busy.size) as Denial[]).filter((r) => !busy.has(String(r.id))).slice(0, WINDOW);
    },
    dropDenial(id: number) {
      q.dropDenial.run(id);
    },
    purgeExpired: (now: number) => q.purgeExpired.run(now).changes,
    subscriptionCount: () => q.subscriptionCount.get() as number,
    close() {
      db.close();
    },
  };
}

export type Store = ReturnType<typeof openStore>;
