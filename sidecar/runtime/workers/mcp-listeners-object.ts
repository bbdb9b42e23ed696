// Push on publish in the Worker. A session or listen stream lives in its own Durable Object,
// which no build swap reaches (a deploy restarts them all), so the objects that listen for
// resource updates put their names here, and a publish tells each of them to compare what it
// saw with the build it runs now (mcp-session-object.ts, ObjectWatch).
import { objectNamed } from './durable-state.ts';
import type { DurableStateLike } from './durable-state.ts';
import { internalUrl, LISTENERS_OP, type McpObjectsEnv, NAME_PARAM, SESSION_OP, toListeners } from './mcp-internal.ts';

/**
 * The hook the WebSub hub calls after a publish (HubObject, once it has compared its topics):
 * every MCP session with subscriptions and every listen stream is told to compare its
 * resources with the build now deployed, and notifies its client of what changed. One request
 * to the listeners object; the fan-out runs in that object's alarms. Safe to call on every
 * publish, changed topics or not: an object whose resources did not change sends nothing.
 */
export async function notifyMcpListeners(env: McpObjectsEnv): Promise<void> {
  const res = await toListeners(env, LISTENERS_OP.publish);
  await res.body?.cancel();
  if (!res.ok) throw new Error(`the MCP listeners object answered ${res.status}`);
}

/**
 * Objects told per alarm: a Worker on the Free plan may make 50 subrequests per invocation
 * (https://developers.cloudflare.com/workers/platform/limits/#subrequests), and each is one.
 */
const BATCH = 40;

/** Which MCP objects listen for resource updates, and the publish fan-out to them. */
export class McpListenersObject {
  readonly #ctx: DurableStateLike;
  readonly #env: McpObjectsEnv;

  constructor(ctx: DurableStateLike, env: McpObjectsEnv) {
    this.#ctx = ctx;
    this.#env = env;
    const { sql } = ctx.storage;
    sql.exec('CREATE TABLE IF NOT EXISTS listeners (name TEXT PRIMARY KEY)');
    // Names still to tell of the last publish; a second publish before the end merges in.
    sql.exec('CREATE TABLE IF NOT EXISTS pending (name TEXT PRIMARY KEY)');
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const name = url.searchParams.get(NAME_PARAM) ?? '';
    const { sql } = this.#ctx.storage;
    switch (url.pathname) {
      case LISTENERS_OP.add:
        sql.exec('INSERT OR IGNORE INTO listeners (name) VALUES (?)', name);
        return new Response(null, { status: 204 });
      case LISTENERS_OP.remove:
        sql.exec('DELETE FROM listeners WHERE name = ?', name);
        sql.exec('DELETE FROM pending WHERE name = ?', name);
        return new Response(null, { status: 204 });
      case LISTENERS_OP.publish:
        sql.exec('INSERT OR IGNORE INTO pending (name) SELECT name FROM listeners');
        await this.#ctx.storage.setAlarm(Date.now());
        return new Response(null, { status: 202 });
      default:
        return new Response(null, { status: 404 });
    }
  }

  async alarm(): Promise<void> {
    const { sql } = this.#ctx.storage;
    const names = sql
      .exec('SELECT name FROM pending LIMIT ?', BATCH)
      .toArray()
      .map((row) => String(row.name));
    await Promise.all(names.map((name) => this.#tell(name)));
    for (const name of names) sql.exec('DELETE FROM pending WHERE name = ?', name);
    if (sql.exec('SELECT 1 FROM pending LIMIT 1').toArray().length > 0) await this.#ctx.storage.setAlarm(Date.now());
  }

  /** Tells one object of the publish; one that no longer listens (410) leaves the table. */
  async #tell(name: string): Promise<void> {
    try {
      const res = await objectNamed(this.#env.MCP_SESSION, name).fetch(new Request(internalUrl(SESSION_OP.publish, name), { method: 'POST' }));
      await res.body?.cancel();
      if (res.status === 410) this.#ctx.storage.sql.exec('DELETE FROM listeners WHERE name = ?', name);
    } catch (err) {
      console.error(`mcp: telling ${name.slice(0, 6)}… of a publish failed: ${(err as Error).message}`);
    }
  }
}
