import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import { CORS_HEADERS } from '../../src/core/http/headers.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { serverCard } from '../../src/core/site/mcp-metadata.ts';
import type { LiveSite } from '../site/live-site.ts';
import { perBuild } from '../site/snapshot.ts';
import { dispatch } from './dispatch.ts';
import { legacySessions } from './legacy.ts';
import { listenStreams } from './listen.ts';
import { modernHandler } from './modern.ts';
import { corsHeaders, forbiddenOrigin, originAllowed } from './origin.ts';
import { createSessionTable, type SessionTable } from './sessions.ts';
import { preflight, streamableHttp } from './transport.ts';
import { watchResources } from './watch.ts';

const SERVER_CARD = perBuild('MCP server card', (s) => JSON.stringify(serverCard(s.data.business.name, s.urls), null, 2));

export interface McpSettings {
  /** Origins (scheme://host[:port]) whose browser pages may call the endpoint. */
  allowedOrigins: readonly string[];
  maxSessions: number;
  /** Sessions one client address may hold at once. */
  maxSessionsPerClient: number;
  sessionIdleS: number;
  maxBodyBytes: number;
  /** ttlMs of list and resource results on the 2026-07-28 path (the data changes only at publish). */
  cacheTtlMs: number;
  /** Tool results kept per published build (0 turns the cache off). */
  resultCacheEntries: number;
  /** Bytes of tool results kept per published build. */
  resultCacheBytes: number;
}

export interface McpOptions {
  site: LiveSite;
  settings: McpSettings;
  log?: (msg: string) => void;
  now?: () => number;
}

export interface Mcp {
  routes: Hono;
  sessions: Pick<SessionTable, 'size' | 'get' | 'sweep'>;
  /** Open subscriptions/listen streams, and what listens for resource changes (streams and subscribed sessions). */
  listening: { readonly streams: number; readonly watchers: number };
  /** Stops the idle sweep, closes every session and ends every listen stream. */
  close(): Promise<void>;
}

/** The peer's address under @hono/node-server; in-process requests (tests) share one name. */
function clientAddress(env: unknown): string {
  return (env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? 'in-process';
}

/**
 * /mcp and the server card on Hono: the origin check (origin.ts), then streamable HTTP
 * (transport.ts), whose POSTs go to either era (dispatch.ts), the 2025 ones through the
 * session table (legacy.ts, sessions.ts).
 */
export function mcpRoutes(options: McpOptions): Mcp {
  const { site, settings } = options;
  const log = options.log ?? (() => {});
  const now = options.now ?? Date.now;
  const watch = watchResources(site, log);
  const listen = listenStreams(watch, settings.maxSessions);
  const cache = { entries: settings.resultCacheEntries, bytes: settings.resultCacheBytes };
  const idleMs = settings.sessionIdleS * 1000;
  const sessions = createSessionTable({
    maxSessions: settings.maxSessions,
    maxPerClient: settings.maxSessionsPerClient,
    idleMs,
    sweepEveryMs: Math.min(60_000, Math.max(250, idleMs / 4)),
    now,
    log,
  });
  const legacy = legacySessions({ deps: { site, watch }, sessions, maxBodyBytes: settings.maxBodyBytes, cache, now });
  const modern = modernHandler({ site, listen, ttlMs: settings.cacheTtlMs, cache });
  const serve = streamableHttp({ post: dispatch(modern, legacy), stream: legacy.stream, end: legacy.end }, settings.maxBodyBytes);
  const allowedOrigins = new Set(settings.allowedOrigins);

  const routes = new Hono();
  routes.all(PATHS.mcp, async (c) => {
    const req = c.req.raw;
    const origin = req.headers.get('origin');
    if (origin !== null && !originAllowed(origin, req.headers.get('host'), allowedOrigins)) return forbiddenOrigin(origin);
    if (req.method === 'OPTIONS') return preflight(origin);
    const res = await serve(req, clientAddress(c.env));
    if (origin !== null) for (const [name, value] of Object.entries(corsHeaders(origin))) res.headers.set(name, value);
    return res;
  });

  routes.on(['GET', 'HEAD'], PATHS.mcpServerCard, (c) => {
    const card = site.current().derive(SERVER_CARD);
    return new Response(c.req.method === 'HEAD' ? null : card, {
      status: 200,
      headers: { 'content-type': 'application/json', ...CORS_HEADERS, 'cache-control': `public, max-age=${Math.round(settings.cacheTtlMs / 1000)}` },
    });
  });

  return {
    routes,
    sessions,
    listening: {
      get streams() {
        return listen.size;
      },
      get watchers() {
        return watch.size;
      },
    },
    close: async () => {
      listen.closeAll();
      await sessions.closeAll();
    },
  };
}
