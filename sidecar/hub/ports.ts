// What the hub's core needs from the runtime it runs in, as small interfaces. Node's adapters
// are in sidecar/runtime/node/hub/ (store.ts, outbound.ts), the Workers' in
// sidecar/runtime/cloudflare/ (hub/store.ts, hub/outbound.ts). The clock is not a port: each runtime
// drives the core's job loop (loop.ts) with its own (Node's timers, the Durable Object's alarm).

export type SqlValue = string | number | null | Uint8Array;

/** A synchronous SQLite connection: better-sqlite3 on Node, ctx.storage.sql in a Durable Object. */
export interface SqlStore {
  /** The rows a statement returns; parameters are positional (`?`). */
  all<T>(sql: string, ...params: SqlValue[]): T[];
  /** Runs a statement; returns how many rows it changed. */
  run(sql: string, ...params: SqlValue[]): number;
  /** Runs statements without parameters (the schema). */
  exec(sql: string): void;
  /** Runs `f` as one transaction: all of it is kept, or none. */
  transaction<T>(f: () => T): T;
}

/** A callback that may not be contacted (private address, unresolvable or reserved host). */
export class RefusedCallback extends Error {}

/** No connection, or no answer, within the time allowed (the host counts as slow). */
export class TimedOut extends Error {}

export interface OutboundResponse {
  status: number;
  body: Uint8Array;
  /** The response was longer than the cap; body holds only its start. */
  truncated: boolean;
}

export interface SendOptions {
  /** The whole exchange: connection, request, answer. */
  timeoutMs: number;
  /** Opening the connection (TCP and TLS), within timeoutMs, where the runtime can tell it apart. */
  connectTimeoutMs?: number;
  headers?: Record<string, string>;
  body?: Uint8Array;
}

/**
 * The hub's only HTTP client: https only, no redirects followed, no cookies or credentials,
 * a deadline, a capped answer; refuses private addresses unless allowed. Throws TimedOut and
 * RefusedCallback as such.
 */
export interface Outbound {
  send(method: 'GET' | 'POST', url: string, options: SendOptions): Promise<OutboundResponse>;
  close(): void;
}

/** One topic exactly as GET serves it from the current build. */
export interface TopicContent {
  /** Absolute topic URL, one of topicUrls(urls). */
  topic: string;
  body: Uint8Array;
  contentType: string;
  etag: string;
}
