import { Hono } from 'hono';
import { CORS_HEADERS } from '../../src/core/http/headers.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { serverCard } from '../../src/core/site/mcp-metadata.ts';
import type { Settings } from '../../src/settings/index.ts';
import type { ClientAddress } from '../http/client-address.ts';
import type { LiveSite } from '../site/live-site.ts';
import { businessOf } from '../site/search-index.ts';
import { perBuild } from '../site/snapshot.ts';
import type { ResultCacheSize } from './calls.ts';
import { dispatch } from './dispatch.ts';
import { heapSessions, legacyEndpoint } from './legacy.ts';
import { type ListenStreams, listenStreams } from './listen.ts';
import { modernHandler } from './modern.ts';
import { corsHeaders, forbiddenOrigin, originAllowed } from './origin.ts';
import type { SessionStore } from './session-store.ts';
import { createSessionTable, type SessionTable } from './sessions.ts';
import { preflight, streamableHttp } from './transport.ts';
import { type ResourceWatch, watchResources } from './watch.ts';

const SERVER_CARD = perBuild('MCP server card', (s) => JSON.stringify(serverCard(businessOf(s).name, s.urls), null, 2));

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

/** The MCP settings out of the service's (src/settings), the same in both runtimes. */
export function mcpSettingsOf(settings: Settings): McpSettings {
  return {
    allowedOrigins: settings.mcpAllowedOrigins,
    maxSessions: settings.mcpMaxSessions,
    maxSessionsPerClient: settings.mcpMaxSessionsPerClient,
    sessionIdleS: settings.mcpSessionIdleS,
    maxBodyBytes: settings.mcpMaxBodyBytes,
    cacheTtlMs: settings.cacheMaxAgeS * 1000,
    resultCacheEntries: settings.searchCacheEntries,
    resultCacheBytes: settings.responseCacheBytes,
  };
}

export interface McpOptions {
  site: LiveSite;
  settings: McpSettings;
  log?: (msg: string) => void;
  now?: () => number;
  /**
   * Where the runtime keeps what outlives a request, when not in this heap: the 2025 sessions
   * and the subscriptions/listen streams (the Worker's Durable Objects,
   * sidecar/runtime/cloudflare/mcp/sessions.ts). By default both live here, told of new builds by the site.
   */
  elsewhere?: { sessions: SessionStore; listen: ListenStreams };
  /** The caller's address, for the per-client session limit (the runtime's adapter; requests it cannot place share one name). */
  clientAddress?: ClientAddress;
}

/** The one name of every caller the runtime cannot place (requests made in process): they share one client's limit. */
const UNPLACED = 'unknown';

interface HeapParts {
  table: SessionTable;
  watch: ResourceWatch;
  sessions: SessionStore;
  listen: ListenStreams;
}

/** Sessions and listen streams held in this heap, told of new builds by the site. */
function inThisHeap(site: LiveSite, settings: McpSettings, cache: ResultCacheSize, now: () => number, log: (msg: string) => void): HeapParts {
  const idleMs = settings.sessionIdleS * 1000;
  const table = createSessionTable({
    maxSessions: settings.maxSessions,
    maxPerClient: settings.maxSessionsPerClient,
    idleMs,
    sweepEveryMs: Math.min(60_000, Math.max(250, idleMs / 4)),
    now,
    log,
  });
  const watch = watchResources(site, log);
  const sessions = heapSessions({ deps: { site, watch }, sessions: table, maxBodyBytes: settings.maxBodyBytes, cache, now });
  return { table, watch, sessions, listen: listenStreams(watch, settings.maxSessions) };
}

/** The table as seen from a runtime whose sessions live elsewhere: none here. */
const NO_SESSIONS: Mcp['sessions'] = { size: 0, get: () => undefined, sweep: async () => 0 };

export interface Mcp {
  routes: Hono;
  sessions: Pick<SessionTable, 'size' | 'get' | 'sweep'>;
  /** Open subscriptions/listen streams, and what listens for resource changes (streams and subscribed sessions). */
  listening: { readonly streams: number; readonly watchers: number };
  /** Stops the idle sweep, closes every session and ends every listen stream. */
  close(): Promise<void>;
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
  const cache = { entries: settings.resultCacheEntries, bytes: settings.resultCacheBytes };
  const here = options.elsewhere ? undefined : inThisHeap(site, settings, cache, now, log);
  const { sessions: store, listen } = options.elsewhere ?? (here as HeapParts);
  const legacy = legacyEndpoint(store);
  const modern = modernHandler({ site, listen, ttlMs: settings.cacheTtlMs, cache });
  const serve = streamableHttp({ post: dispatch(modern, legacy), stream: legacy.stream, end: legacy.end }, settings.maxBodyBytes);
  const allowedOrigins = new Set(settings.allowedOrigins);

  const routes = new Hono();
  routes.all(PATHS.mcp, async (c) => {
    const req = c.req.raw;
    const origin = req.headers.get('origin');
    if (origin !== null && !originAllowed(origin, req.headers.get('host'), allowedOrigins)) return forbiddenOrigin(origin);
    if (req.method === 'OPTIONS') return preflight(origin);
    const res = await serve(req, options.clientAddress?.(c) ?? UNPLACED);
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
    sessions: here?.table ?? NO_SESSIONS,
    listening: {
      get streams() {
        return listen.size;
      },
      get watchers() {
        return here?.watch.size ?? 0;
      },
    },
    close: async () => {
      listen.closeAll();
      await here?.table.closeAll();
    },
  };
}
