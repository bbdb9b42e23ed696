// One Durable Object per MCP session (2025 revisions), named by its Mcp-Session-Id, so every
// request of a session reaches the one place that holds it whichever isolate took it; and one
// per subscriptions/listen stream (2026-07-28). The session runs exactly as on Node
// (legacy.ts's heapSessions, one SDK server and transport), in a table of one. What must
// outlive the object's eviction (the initialize request, the subscriptions and what each
// resource was, the last use) is in its storage; an evicted session is rebuilt on its next
// request by replaying initialize and resources/subscribe through the same transport. A new
// build is a new deploy, which restarts every object and cuts its streams: when a session's
// GET stream opens again, it is told which subscribed resources the build changed.
import { JSON_TYPE } from '../../../../src/core/http/media.ts';
import { heapSessions, sessionNotFound } from '../../../mcp/legacy.ts';
import { listenStreams } from '../../../mcp/listen.ts';
import { HEADER_SESSION_ID, TRANSPORT_ERROR } from '../../../mcp/protocol.ts';
import type { McpSettings } from '../../../mcp/routes.ts';
import { transportError } from '../../../mcp/rpc.ts';
import type { SessionStore } from '../../../mcp/session-store.ts';
import { createSessionTable, idleAt, isIdle, isSessionId, type SessionTable } from '../../../mcp/sessions.ts';
import type { LiveSite } from '../../../site/live-site.ts';
import type { WorkerEnv } from '../bindings.ts';
import { addTiming } from '../server-timing.ts';
import { mcpSettings, serviceSettings } from '../settings.ts';
import type { DurableObjectState } from '../types.ts';
import { CLIENT_HEADER, NAME_PARAM, SESSION_OP } from './internal.ts';
import { ObjectWatch, type Seen } from './resource-watch.ts';
import { mcpSite } from './site.ts';

/** The storage keys of a session object. */
const KEY = { session: 'session', seen: 'seen', used: 'used' } as const;

/** What a session needs to be rebuilt after an eviction. */
interface StoredSession {
  id: string;
  client: string;
  /** The initialize request it was opened with (its protocol version and client capabilities). */
  init: unknown;
}

/** A session held in this object's heap. */
interface Held {
  id: string;
  table: SessionTable;
  store: SessionStore;
  watch: ObjectWatch;
}

const log = (msg: string) => console.error(msg);

/** A POST as the SDK transport wants it, for a replayed message. */
function replayRequest(sessionId?: string): Request {
  const headers: Record<string, string> = { accept: 'application/json, text/event-stream', 'content-type': JSON_TYPE };
  if (sessionId) headers[HEADER_SESSION_ID] = sessionId;
  return new Request('https://mcp.internal/replay', { method: 'POST', headers });
}

export class McpSessionObject {
  readonly #ctx: DurableObjectState;
  readonly #env: WorkerEnv;
  readonly #settings: McpSettings;
  readonly #timing: boolean;
  /** How long the constructor took, told by the first answer's timing. */
  #startMs: number;
  #name = '';
  #held: Promise<Held | undefined> | undefined;
  /** When `used` was last written: the use time is kept at a tenth of the idle time's precision. */
  #usedWritten = 0;

  constructor(ctx: DurableObjectState, env: WorkerEnv) {
    const started = performance.now();
    this.#ctx = ctx;
    this.#env = env;
    this.#settings = mcpSettings(env);
    this.#timing = serviceSettings(env).workerServerTiming;
    this.#startMs = performance.now() - started;
  }

  get #idleMs(): number {
    return this.#settings.sessionIdleS * 1000;
  }

  #site(): Promise<LiveSite> {
    return mcpSite(this.#env);
  }

  async fetch(request: Request): Promise<Response> {
    const started = performance.now();
    const response = await this.#route(request);
    // as in the entry (worker.ts): a body left unread may drop the connection mid-response
    if (request.body && !request.bodyUsed) await request.body.pipeTo(new WritableStream()).catch(() => {});
    if (!this.#timing) return response;
    // With WORKER_SERVER_TIMING, this object's own time (code and storage, its making by the first request).
    const ms = performance.now() - started + this.#startMs;
    this.#startMs = 0;
    return addTiming(new Response(response.body, response), { session: ms });
  }

  async #route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    this.#name = url.searchParams.get(NAME_PARAM) ?? this.#name;
    switch (url.pathname) {
      case SESSION_OP.listen:
        return this.#listen(request);
      case SESSION_OP.open:
        return this.#open(request);
      case SESSION_OP.post:
      case SESSION_OP.stream:
      case SESSION_OP.end:
        return this.#onSession(url.pathname, request);
      default:
        return new Response(null, { status: 404 });
    }
  }

  /** A new session's heap: a table of one, the same store as Node's, and this object's watch. */
  async #hold(id: string, seen: Seen): Promise<Held> {
    const site = await this.#site();
    const watch = new ObjectWatch(() => site.current(), seen);
    const table = createSessionTable({ maxSessions: 1, idleMs: this.#idleMs, sweepEveryMs: 0 });
    const { maxBodyBytes, resultCacheEntries, resultCacheBytes } = this.#settings;
    const store = heapSessions({
      deps: { site, watch },
      sessions: table,
      maxBodyBytes,
      cache: { entries: resultCacheEntries, bytes: resultCacheBytes },
      now: Date.now,
      newId: () => id,
    });
    return { id, table, store, watch };
  }

  async #open(request: Request): Promise<Response> {
    const id = this.#name;
    if (!isSessionId(id) || this.#held || (await this.#ctx.storage.get(KEY.session))) {
      return transportError(409, TRANSPORT_ERROR, 'Conflict: this session id is taken; send initialize again');
    }
    const message = await request.json();
    const client = request.headers.get(CLIENT_HEADER) ?? 'unknown';
    const held = await this.#hold(id, {});
    const res = await held.store.open(request, message, client);
    if (held.table.get(id)) {
      this.#held = Promise.resolve(held);
      const now = Date.now();
      const session: StoredSession = { id, client, init: message };
      await this.#ctx.storage.put({ [KEY.session]: session, [KEY.used]: now });
      this.#usedWritten = now;
      await this.#ctx.storage.setAlarm(now + this.#idleMs);
    }
    return res;
  }

  /** The session in this heap, rebuilt from storage after an eviction; undefined when there is none. */
  #session(): Promise<Held | undefined> {
    this.#held ??= this.#restore();
    return this.#held;
  }

  async #restore(): Promise<Held | undefined> {
    const stored = await this.#ctx.storage.get<StoredSession>(KEY.session);
    if (!stored) return undefined;
    const seen = (await this.#ctx.storage.get<Seen>(KEY.seen)) ?? {};
    const held = await this.#hold(stored.id, seen);
    await (await held.store.open(replayRequest(), stored.init, stored.client)).text();
    let n = 0;
    for (const uri of Object.keys(seen)) {
      const subscribe = { jsonrpc: '2.0', id: `replay-${n++}`, method: 'resources/subscribe', params: { uri } };
      await (await held.store.post(stored.id, replayRequest(stored.id), subscribe)).text();
    }
    return held.table.get(stored.id) ? held : undefined;
  }

  async #onSession(op: string, request: Request): Promise<Response> {
    const held = await this.#session();
    if (!held) return sessionNotFound(op === SESSION_OP.end ? '' : undefined);
    switch (op) {
      case SESSION_OP.post: {
        const message = await request.json();
        const res = await held.store.post(held.id, request, message);
        await this.#afterUse(held);
        return res;
      }
      case SESSION_OP.stream: {
        const res = await held.store.stream(held.id, request);
        await this.#afterUse(held);
        // What a deploy changed is told on the stream that opens after it.
        if (res.status === 200 && held.watch.tellChanged(log)) await this.#ctx.storage.put(KEY.seen, held.watch.seen);
        return res;
      }
      default: {
        const res = await held.store.end(held.id, request);
        if (res.ok) await this.#forget(held);
        return res;
      }
    }
  }

  /** After a request: what the session now watches, and when it was last used. */
  async #afterUse(held: Held): Promise<void> {
    const entries: Record<string, unknown> = {};
    if (held.watch.sync()) entries[KEY.seen] = held.watch.seen;
    const now = Date.now();
    if (now - this.#usedWritten >= this.#idleMs / 10) {
      entries[KEY.used] = now;
      this.#usedWritten = now;
    }
    if (Object.keys(entries).length) await this.#ctx.storage.put(entries);
  }

  /** Ends the session: its server and transport closed (its stream too), its storage and alarm gone. */
  async #forget(held: Held): Promise<void> {
    this.#held = undefined;
    await held.table.closeAll();
    await this.#ctx.storage.deleteAlarm();
    await this.#ctx.storage.deleteAll();
  }

  /**
   * subscriptions/listen (2026-07-28): the stream, held by an object of its own rather than by
   * the isolate that took the request. It lives until the client goes or a deploy restarts the
   * object; a build never changes under it (a new build is a new deploy), so it only acknowledges
   * and keeps alive, and the client listens again after a deploy (the revision has no resumption).
   */
  async #listen(request: Request): Promise<Response> {
    const { id, notifications } = (await request.json()) as { id: string | number; notifications: unknown };
    const site = await this.#site();
    return listenStreams(new ObjectWatch(() => site.current(), {}), 1).open(id, notifications, request.signal, request.headers.get(CLIENT_HEADER) ?? '');
  }

  /** Closes a session unused for MCP_SESSION_IDLE_S (an open stream is not use, as on Node). */
  async alarm(): Promise<void> {
    const stored = await this.#ctx.storage.get<StoredSession>(KEY.session);
    if (!stored) return;
    const inHeap = this.#held ? (await this.#held)?.table.get(stored.id) : undefined;
    // Out of the heap, the stored time may be up to a tenth of the idle time old: count that in its favour.
    const lastUsed = inHeap ? inHeap.lastUsed : ((await this.#ctx.storage.get<number>(KEY.used)) ?? 0) + this.#idleMs / 10;
    if (isIdle({ active: inHeap?.active ?? 0, lastUsed }, Date.now(), this.#idleMs)) {
      // a session out of the heap has nothing open: its storage is all there is to drop
      const held = inHeap ? await this.#held : undefined;
      if (held) await this.#forget(held);
      else await this.#ctx.storage.deleteAll();
      return;
    }
    await this.#ctx.storage.setAlarm(Math.max(idleAt(lastUsed, this.#idleMs), Date.now() + 1000));
  }
}
