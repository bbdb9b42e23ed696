// The home of every setting: this table (the build, the server, MCP, the deploy folders), the
// hub's in ./hub.ts, the sync's in ./sync.ts and the insights research's in ./insights.ts, each
// row written once (./table.ts). Entry files
// (scripts/*.ts, sidecar/runtime/node/main.ts) call the readers with process.env; nothing else reads the
// environment. The settings table of docs/settings.md is generated from these rows (npm run docs:settings).

import { type Env, fail, flag, integer, oneOf, origin, originList, readTable, secureUrl, setting, text, type ValuesOf } from './table.ts';

export type { Env } from './table.ts';

const DEFAULT_PORT = 4321;

export const SETTINGS = {
  SITE_URL: setting(
    'siteUrl',
    origin,
    `http://localhost:${DEFAULT_PORT}`,
    'the public origin, `{base_url}`, used in every absolute URL of the output',
    `\`http://localhost:${DEFAULT_PORT}\` (or \`http://localhost:$PORT\` when \`PORT\` is set)`,
  ),
  CONTENT_DIR: setting('contentDir', text, 'content', "the content folder to publish; point it at another business's folder to publish that business"),
  PUBLISH_REVIEWS: setting(
    'publishReviews',
    oneOf('all', 'verified'),
    'all',
    '`all`: every review the sources give is published, each labelled with its evidence or none; `verified`: only reviews with evidence that the reviewer is a customer (a matched job, the platform, the owner), and the home page says how many are left out and why. Never by rating (docs/verification.md)',
  ),
  OUT_DIR: setting(
    'outDir',
    text,
    'dist',
    'where the build goes; `dist/site` is what a CDN serves, `dist` is a link swapped atomically to the newest good build',
  ),
  SINCE_BUDGET_BYTES: setting(
    'sinceBudgetBytes',
    integer(0),
    String(32 * 1024 * 1024),
    'total size of pre-rendered since files; older dates are answered by the sidecar',
    '`33554432` (32 MiB)',
  ),
  CACHE_MAX_AGE_S: setting(
    'cacheMaxAgeS',
    integer(0),
    '60',
    '`max-age` of `Cache-Control` on every public GET; also the `ttlMs` (× 1000) of MCP 2026-07-28 list and read results',
  ),
  SIDECAR_URL: setting(
    'sidecarUrl',
    secureUrl('origin'),
    '',
    'origin of the sidecar that the deploy folders send the dynamic paths to; https, or http on a loopback address (see Deploy)',
    '`SITE_URL`',
  ),
  CLOUDFLARE_VALIDATORS: setting(
    'cloudflareValidators',
    oneOf('edge', 'host'),
    'edge',
    '`edge`: the Cloudflare worker answers every path with our ETags and `Last-Modified`; `host`: built ' +
      'files are served by Pages alone with its own ETag, only the API paths run the worker (see Deploy)',
  ),
  WORKER_NAME: setting(
    'workerName',
    (raw) => (raw === '' || /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(raw) ? raw : fail('be 1 to 63 lowercase letters, digits and inner hyphens')),
    '',
    "the Cloudflare Worker's name, and so its address " +
      '`https://<name>.<subdomain>.workers.dev` until a custom domain is set; `reviews init` ' +
      "writes it from the business's name",
    '`reviews-` and the host of `SITE_URL`',
  ),
  WORKER_STATE_DIR: setting(
    'workerStateDir',
    text,
    '',
    "folder where `npm run preview:worker` keeps the Worker's Durable Object storage (hub subscriptions and queued " +
      'deliveries, MCP sessions); a restart with the same folder keeps them. Empty: a new temporary folder each run',
  ),
  WORKER_SERVER_TIMING: setting(
    'workerServerTiming',
    flag,
    '0',
    '`1` makes the Worker add a `Server-Timing` header with the time its code ran for the request (`cpu`), apart ' +
      "from the time it waited for the asset store or a Durable Object (`wait`) and from a Durable Object's own time " +
      '(`hub`, `session`) (`npm run bench:worker` and `bench:hostile` set it; workerd outside Cloudflare lets the ' +
      "clock run). Cloudflare's runtime stops the clock while code runs, so there it would always read 0",
  ),
  HOST: setting('host', text, '127.0.0.1', 'address the server listens on'),
  PORT: setting('port', integer(0, 65535), String(DEFAULT_PORT), 'port the server listens on (`0` picks a free one)'),
  SEARCH_CACHE_ENTRIES: setting(
    'searchCacheEntries',
    integer(0),
    '512',
    'search responses cached per published build, and as many MCP tool results (`0` turns both caches off)',
  ),
  RESPONSE_CACHE_BYTES: setting(
    'responseCacheBytes',
    integer(0),
    String(8 * 1024 * 1024),
    'bytes of bodies each computed-response cache keeps per published build: search, since dates not pre-rendered, ' +
      'MCP tool results (each also at most `SEARCH_CACHE_ENTRIES` entries where that applies); a larger body is ' +
      'answered but not kept. A search or tool result is kept from its second request on (a one-off query never ' +
      'pushes out a repeated one); a since date costs about 1 KB, its reviews being a view of `/reviews.json`',
    '`8388608` (8 MiB)',
  ),
  STATIC_CACHE_BYTES: setting(
    'staticCacheBytes',
    integer(0),
    String(16 * 1024 * 1024),
    'bytes of built files kept in memory per published build (on the Worker, per isolate), the first ones asked ' +
      'for; once it is full the others are read from disk (on the Worker, from the asset store) each time (a CDN ' +
      'serves them in production). It does not evict: under a load wider than the cache, eviction would replace ' +
      'one old buffer by another on every miss, and each replaced one waits for a full garbage collection',
    '`16777216` (16 MiB)',
  ),
  KEEP_ALIVE_S: setting(
    'keepAliveS',
    integer(1),
    '65',
    'how long the server keeps an idle HTTP connection open; keep it longer than the idle timeout of ' +
      'any proxy or load balancer in front (60 s by default at AWS load balancers), so that the proxy ' +
      'never sends a request on a connection the server is closing (which the proxy reports as a 502)',
  ),
  RELOAD_INTERVAL_MS: setting('reloadIntervalMs', integer(50), '1000', 'how often the sidecar looks for a newly swapped-in build'),
  MCP_ALLOWED_ORIGINS: setting(
    'mcpAllowedOrigins',
    originList,
    '',
    'comma-separated origins whose browser pages may call `/mcp`; any other `Origin` gets 403 ' +
      '(requests without `Origin`, and pages served by this sidecar on a loopback host, are always ' +
      'served)',
    'the `SITE_URL` origin',
  ),
  MCP_MAX_SESSIONS: setting(
    'mcpMaxSessions',
    integer(1),
    '1000',
    'live MCP sessions at most; an `initialize` beyond it closes the longest-idle session (503 with `Retry-After: 1` ' +
      'only when every session is in the middle of a request); also the most open `subscriptions/listen` streams',
  ),
  MCP_MAX_SESSIONS_PER_CLIENT: setting(
    'mcpMaxSessionsPerClient',
    integer(1),
    '100',
    'live MCP sessions one client address may hold; its next `initialize` closes its own longest-idle ' +
      "session. Behind a CDN or proxy the address is the proxy's: raise it to `MCP_MAX_SESSIONS` there",
  ),
  MCP_NEW_SESSIONS_PER_MINUTE: setting(
    'mcpNewSessionsPerMinute',
    integer(1),
    '60',
    'Cloudflare Worker only (there each session is an object of its own, so `MCP_MAX_SESSIONS` and ' +
      '`MCP_MAX_SESSIONS_PER_CLIENT` do not apply): MCP sessions and `subscriptions/listen` streams one client address ' +
      "may open per minute, counted by Cloudflare's Rate Limiting binding in each of its locations; one more gets 429 " +
      "with `Retry-After: 60`. Read by `npm run build` (the binding's limit is in `wrangler.json`) and by `npm run " +
      'preview:worker`',
  ),
  MCP_SESSION_IDLE_S: setting('mcpSessionIdleS', integer(1), '900', 'an MCP session unused this long is closed (transport and server); its id then gets 404'),
  MCP_MAX_BODY_BYTES: setting('mcpMaxBodyBytes', integer(1024), '65536', 'largest MCP request body; a larger one gets 413'),
};

export type Settings = ValuesOf<typeof SETTINGS>;

export function readSettings(env: Env): Settings {
  // Unset SITE_URL follows the local port, so `PORT=8080 npm start` links to itself.
  const port = readTable({ PORT: SETTINGS.PORT }, env).port;
  const followPort = !env.SITE_URL && port !== 0 && port !== DEFAULT_PORT;
  const settings = readTable(SETTINGS, followPort ? { ...env, SITE_URL: `http://localhost:${port}` } : env);
  if (!settings.sidecarUrl) settings.sidecarUrl = settings.siteUrl;
  if (settings.mcpAllowedOrigins.length === 0) settings.mcpAllowedOrigins = [settings.siteUrl];
  return settings;
}
