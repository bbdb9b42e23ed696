import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { base64url } from '../../src/core/bytes/base64.ts';

/** One MCP session: its own server and transport, never shared. */
export interface Session {
  readonly id: string;
  readonly server: McpServer;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** The address the session was opened from (its share of the table is limited). */
  readonly client: string;
  /** When a request last started or finished (ms, from the table's clock). */
  lastUsed: number;
  /** Requests in progress; a busy session is never swept. */
  active: number;
}

export interface SessionTableOptions {
  maxSessions: number;
  /** Sessions one client address may hold; its longest-idle one makes room for its next. */
  maxPerClient?: number;
  idleMs: number;
  /** How often the sweep runs; 0 means never on its own (call sweep()). */
  sweepEveryMs: number;
  now?: () => number;
  log?: (msg: string) => void;
}

export interface SessionTable {
  readonly size: number;
  /** The live session with this id, if any. */
  get(id: string): Session | undefined;
  /**
   * Holds a place for a session `client` is about to open, closing the longest-idle session
   * of that client when it is at its limit, else the longest-idle of all when the table is
   * full; false only when every candidate is in the middle of a request.
   */
  reserve(client: string): boolean;
  /** Gives back a place held by reserve() that was not used. */
  unreserve(client: string): void;
  /** Adds a session in a place held by reserve(). */
  add(session: Session): void;
  /** Runs a request against a session, keeping it alive while it runs. */
  use<T>(session: Session, run: () => Promise<T>): Promise<T>;
  /** Drops a session that closed by itself (DELETE); closes nothing. */
  forget(id: string): void;
  /** Closes every session idle for longer than idleMs; resolves to how many. */
  sweep(): Promise<number>;
  /** Seconds until a place is likely to free up, for Retry-After (only busy sessions fill the table). */
  retryAfterS(): number;
  /** Stops the sweep and closes every session. */
  closeAll(): Promise<void>;
}

/** When a session last used at `lastUsed` becomes idle: MCP_SESSION_IDLE_S later. */
export const idleAt = (lastUsed: number, idleMs: number): number => lastUsed + idleMs;

/**
 * The idle rule, on both runtimes (the table's sweep on Node, the session object's alarm in a
 * Worker): no request in progress (an open stream is not use), and unused for the idle time.
 */
export const isIdle = (s: Pick<Session, 'active' | 'lastUsed'>, at: number, idleMs: number): boolean => s.active === 0 && at >= idleAt(s.lastUsed, idleMs);

/** 32 random bytes as base64url: 43 visible ASCII characters, unguessable. */
export function newSessionId(): string {
  return base64url(crypto.getRandomValues(new Uint8Array(32)));
}

/** Whether `id` has the shape newSessionId gives (anything else names no session). */
export function isSessionId(id: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(id);
}

/**
 * The live sessions, bounded three ways: at most `maxSessions` at once, at most
 * `maxPerClient` per client address, and a session unused for `idleMs` is closed by a
 * periodic sweep. A new session is never refused for lack of room while an idle one can be
 * closed: a flood of initialize calls ends its own oldest sessions, or the longest-idle
 * ones, never locks others out. Closing a session closes its transport and server, so
 * nothing of it stays reachable; its client gets 404 and opens a new one (MCP 2025-06-18,
 * transports, session management).
 */
export function createSessionTable(options: SessionTableOptions): SessionTable {
  const { maxSessions, idleMs } = options;
  const maxPerClient = options.maxPerClient ?? maxSessions;
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const sessions = new Map<string, Session>();
  let reserved = 0;
  const reservedBy = new Map<string, number>();
  const held = (client: string) => {
    let n = reservedBy.get(client) ?? 0;
    for (const s of sessions.values()) if (s.client === client) n += 1;
    return n;
  };
  const release = (client: string) => {
    reserved = Math.max(0, reserved - 1);
    const n = (reservedBy.get(client) ?? 0) - 1;
    if (n > 0) reservedBy.set(client, n);
    else reservedBy.delete(client);
  };
  /** The session unused the longest among those `which` picks, not counting busy ones. */
  const longestIdle = (which: (s: Session) => boolean) => {
    let oldest: Session | undefined;
    for (const s of sessions.values()) if (s.active === 0 && which(s) && (oldest === undefined || s.lastUsed < oldest.lastUsed)) oldest = s;
    return oldest;
  };

  const closeSession = async (session: Session) => {
    sessions.delete(session.id);
    try {
      await session.server.close(); // closes the transport too
    } catch (err) {
      log(`mcp: closing session failed: ${(err as Error).message}`);
    }
  };

  const sweep = async () => {
    const at = now();
    const idle = [...sessions.values()].filter((s) => isIdle(s, at, idleMs));
    await Promise.all(idle.map(closeSession));
    return idle.length;
  };

  const timer = options.sweepEveryMs > 0 ? setInterval(() => void sweep(), options.sweepEveryMs) : undefined;
  // a number in workerd, which has no unref
  timer?.unref?.();

  return {
    get size() {
      return sessions.size;
    },
    get: (id) => sessions.get(id),
    reserve(client) {
      if (held(client) >= maxPerClient) {
        const own = longestIdle((s) => s.client === client);
        if (own === undefined) return false;
        void closeSession(own);
      }
      if (sessions.size + reserved >= maxSessions) {
        const any = longestIdle(() => true);
        if (any === undefined) return false;
        void closeSession(any);
      }
      reserved += 1;
      reservedBy.set(client, (reservedBy.get(client) ?? 0) + 1);
      return true;
    },
    unreserve: release,
    add(session) {
      release(session.client);
      sessions.set(session.id, session);
    },
    async use(session, run) {
      session.active += 1;
      session.lastUsed = now();
      try {
        return await run();
      } finally {
        session.active -= 1;
        session.lastUsed = now();
      }
    },
    forget: (id) => void sessions.delete(id),
    sweep,
    // Only sessions in the middle of a request hold the table full, and requests are short.
    retryAfterS: () => 1,
    async closeAll() {
      clearInterval(timer);
      await Promise.all([...sessions.values()].map(closeSession));
    },
  };
}
