import { randomBytes } from 'node:crypto';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';

/** One MCP session: its own server and transport, never shared. */
export interface Session {
  readonly id: string;
  readonly server: McpServer;
  readonly transport: WebStandardStreamableHTTPServerTransport;
  /** When a request last started or finished (ms, from the table's clock). */
  lastUsed: number;
  /** Requests in progress; a busy session is never swept. */
  active: number;
}

export interface SessionTableOptions {
  maxSessions: number;
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
  /** Holds a place for a session about to be created; false when the table is full. */
  reserve(): boolean;
  /** Gives back a place held by reserve() that was not used. */
  unreserve(): void;
  /** Adds a session in a place held by reserve(). */
  add(session: Session): void;
  /** Runs a request against a session, keeping it alive while it runs. */
  use<T>(session: Session, run: () => Promise<T>): Promise<T>;
  /** Drops a session that closed by itself (DELETE); closes nothing. */
  forget(id: string): void;
  /** Closes the session's transport and server and drops it. */
  close(id: string): Promise<void>;
  /** Closes every session idle for longer than idleMs; resolves to how many. */
  sweep(): Promise<number>;
  /** Seconds until a place is likely to free up, for Retry-After. */
  retryAfterS(): number;
  /** Stops the sweep and closes every session. */
  closeAll(): Promise<void>;
}

/** 32 random bytes as base64url: 43 visible ASCII characters, unguessable. */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The live sessions, bounded two ways: at most `maxSessions` at once, and a session unused
 * for `idleMs` is closed by a periodic sweep. Closing a session closes its transport and
 * server, so nothing of it stays reachable.
 */
export function createSessionTable(options: SessionTableOptions): SessionTable {
  const { maxSessions, idleMs } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const sessions = new Map<string, Session>();
  let reserved = 0;

  const closeSession = async (session: Session) => {
    sessions.delete(session.id);
    try {
      await session.server.close(); // closes the transport too
    } catch (err) {
      log(`mcp: closing session failed: ${(err as Error).message}`);
    }
  };

  const isIdle = (s: Session, at: number) => s.active === 0 && at - s.lastUsed >= idleMs;

  const sweep = async () => {
    const at = now();
    const idle = [...sessions.values()].filter((s) => isIdle(s, at));
    await Promise.all(idle.map(closeSession));
    return idle.length;
  };

  const timer = options.sweepEveryMs > 0 ? setInterval(() => void sweep(), options.sweepEveryMs) : undefined;
  timer?.unref();

  return {
    get size() {
      return sessions.size;
    },
    get: (id) => sessions.get(id),
    reserve() {
      if (sessions.size + reserved >= maxSessions) {
        // Idle sessions the sweep has not reached yet make room at once.
        const at = now();
        for (const s of sessions.values()) if (isIdle(s, at)) void closeSession(s);
      }
      if (sessions.size + reserved >= maxSessions) return false;
      reserved += 1;
      return true;
    },
    unreserve() {
      reserved = Math.max(0, reserved - 1);
    },
    add(session) {
      reserved = Math.max(0, reserved - 1);
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
    async close(id) {
      const session = sessions.get(id);
      if (session) await closeSession(session);
    },
    sweep,
    retryAfterS() {
      let soonest = idleMs;
      const at = now();
      for (const s of sessions.values()) if (s.active === 0) soonest = Math.min(soonest, s.lastUsed + idleMs - at);
      return Math.max(1, Math.ceil(soonest / 1000));
    },
    async closeAll() {
      clearInterval(timer);
      await Promise.all([...sessions.values()].map(closeSession));
    },
  };
}
