// The home of every setting: this table (the build, the server, MCP, the deploy folders) and
// the hub's in ./hub.ts, both read by settingReaders. Entry files (scripts/*.ts,
// sidecar/main.ts) call readSettings(process.env) and readHubSettings(process.env); nothing
// else reads the environment. test/settings-docs.test.ts checks the README's table against both.

export interface Setting {
  default: string;
  help: string;
}

export type Env = Record<string, string | undefined>;

/**
 * Readers for one table of settings (this one, or a feature's such as the hub's): the value
 * or its default, checked, with the setting's name in every error.
 */
export function settingReaders<N extends string>(table: Record<N, Setting>, env: Env) {
  const text = (name: N): string => {
    const value = env[name];
    return value === undefined || value === '' ? table[name].default : value;
  };
  const integer = (name: N, min: number): number => {
    const raw = text(name);
    const n = Number(raw);
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < min) throw new Error(`Setting ${name} must be an integer >= ${min}, got "${raw}"`);
    return n;
  };
  const flag = (name: N): boolean => {
    const raw = text(name);
    if (raw !== '0' && raw !== '1') throw new Error(`Setting ${name} must be 0 or 1, got "${raw}"`);
    return raw === '1';
  };
  return { text, integer, flag };
}

export const SETTINGS = {
  SITE_URL: { default: 'http://localhost:4321', help: 'The public origin ({base_url}) used in every absolute URL of the output.' },
  CONTENT_DIR: { default: 'content', help: 'Folder with business.json, reviews.json and editorial.json.' },
  OUT_DIR: { default: 'dist', help: 'Where builds go. `dist/site` is what a CDN serves; `dist` is a link swapped atomically to the newest good build.' },
  SINCE_BUDGET_BYTES: {
    default: String(32 * 1024 * 1024),
    help: 'Total size allowed for pre-rendered since/<date> files; older dates beyond it are answered by the sidecar.',
  },
  CACHE_MAX_AGE_S: {
    default: '60',
    help: 'max-age of the Cache-Control header on every public GET, and the ttlMs (x 1000) of MCP 2026-07-28 list and read results.',
  },
  SIDECAR_URL: {
    default: '',
    help: 'Origin of the sidecar that the deploy folders send dynamic paths to (https, or http on a loopback host); empty means SITE_URL.',
  },
  CLOUDFLARE_VALIDATORS: {
    default: 'edge',
    help: '`edge`: the Cloudflare worker answers every path with our ETags and Last-Modified; `host`: static files are served by Pages alone, with its own ETags, and only the API paths run the worker.',
  },
  HOST: { default: '127.0.0.1', help: 'Address the local server listens on.' },
  PORT: { default: '4321', help: 'Port the local server listens on (0 picks a free one).' },
  SEARCH_CACHE_ENTRIES: { default: '512', help: 'Search responses kept per published build, and as many MCP tool results (0 turns both caches off).' },
  RESPONSE_CACHE_BYTES: {
    default: String(8 * 1024 * 1024),
    help: 'Bytes of bodies each computed-response cache keeps per published build (search, since dates not pre-rendered, MCP tool results); a larger body is answered but not kept.',
  },
  STATIC_CACHE_BYTES: {
    default: String(16 * 1024 * 1024),
    help: 'Bytes of built files kept in memory per published build, the first asked for; once full, the others are read from disk each time they are asked for.',
  },
  RELOAD_INTERVAL_MS: { default: '1000', help: 'How often the sidecar checks for a newly swapped-in build.' },
  MCP_ALLOWED_ORIGINS: {
    default: '',
    help: 'Comma-separated origins whose browser pages may call POST /mcp (others get 403); empty means the SITE_URL origin. Requests without Origin, and pages on the loopback host and port the sidecar answers at, are always served.',
  },
  MCP_MAX_SESSIONS: {
    default: '1000',
    help: 'Live MCP sessions at most; an initialize beyond it closes the longest-idle session (503 with Retry-After only when every session is mid-request). Also the most open subscriptions/listen streams.',
  },
  MCP_MAX_SESSIONS_PER_CLIENT: {
    default: '100',
    help: "Live MCP sessions one client address may hold; its next initialize closes its own longest-idle session. Behind a CDN or proxy the address is the proxy's: raise it to MCP_MAX_SESSIONS there.",
  },
  MCP_SESSION_IDLE_S: { default: '900', help: 'An MCP session unused for this many seconds is closed; its id then gets 404.' },
  MCP_MAX_BODY_BYTES: { default: '65536', help: 'Largest MCP request body accepted; a larger one gets 413.' },
} satisfies Record<string, Setting>;

export type SettingName = keyof typeof SETTINGS;

export interface Settings {
  siteUrl: string;
  contentDir: string;
  outDir: string;
  sinceBudgetBytes: number;
  cacheMaxAgeS: number;
  sidecarUrl: string;
  cloudflareValidators: 'edge' | 'host';
  host: string;
  port: number;
  reloadIntervalMs: number;
  searchCacheEntries: number;
  responseCacheBytes: number;
  staticCacheBytes: number;
  mcpAllowedOrigins: string[];
  mcpMaxSessions: number;
  mcpMaxSessionsPerClient: number;
  mcpSessionIdleS: number;
  mcpMaxBodyBytes: number;
}

function origin(name: SettingName, raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
    return url.origin;
  } catch {
    throw new Error(`Setting ${name} must be an absolute http(s) URL, got "${raw}"`);
  }
}

/**
 * The CDN forwards client requests, MCP sessions among them, to the sidecar: across the
 * internet that leg must be encrypted, so plain http is accepted only on a loopback host.
 */
function sidecarOrigin(url: string): string {
  const { protocol, hostname } = new URL(url);
  const loopback = hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
  if (protocol === 'http:' && !loopback) throw new Error(`Setting SIDECAR_URL must be https:// unless it is a loopback address, got "${url}"`);
  return url;
}

function oneOf<T extends string>(name: SettingName, raw: string, values: readonly T[]): T {
  if (!(values as readonly string[]).includes(raw)) throw new Error(`Setting ${name} must be one of ${values.join(', ')}, got "${raw}"`);
  return raw as T;
}

/** A comma-separated list of origins; empty means just `fallback`. */
function originList(text: (name: SettingName) => string, name: SettingName, fallback: string): string[] {
  const items = text(name)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return items.length === 0 ? [fallback] : [...new Set(items.map((item) => origin(name, item)))];
}

export function readSettings(env: Env): Settings {
  const { text, integer } = settingReaders(SETTINGS, env);
  const port = integer('PORT', 0);
  // Unset SITE_URL follows the local port, so `PORT=8080 npm start` links to itself.
  const siteRaw = env.SITE_URL || (port && port !== 4321 ? `http://localhost:${port}` : SETTINGS.SITE_URL.default);
  const siteUrl = origin('SITE_URL', siteRaw);
  const sidecar = text('SIDECAR_URL');
  return {
    siteUrl,
    contentDir: text('CONTENT_DIR'),
    outDir: text('OUT_DIR'),
    sinceBudgetBytes: integer('SINCE_BUDGET_BYTES', 0),
    cacheMaxAgeS: integer('CACHE_MAX_AGE_S', 0),
    sidecarUrl: sidecar ? sidecarOrigin(origin('SIDECAR_URL', sidecar)) : siteUrl,
    cloudflareValidators: oneOf('CLOUDFLARE_VALIDATORS', text('CLOUDFLARE_VALIDATORS'), ['edge', 'host'] as const),
    host: text('HOST'),
    port,
    reloadIntervalMs: integer('RELOAD_INTERVAL_MS', 50),
    searchCacheEntries: integer('SEARCH_CACHE_ENTRIES', 0),
    responseCacheBytes: integer('RESPONSE_CACHE_BYTES', 0),
    staticCacheBytes: integer('STATIC_CACHE_BYTES', 0),
    mcpAllowedOrigins: originList(text, 'MCP_ALLOWED_ORIGINS', siteUrl),
    mcpMaxSessions: integer('MCP_MAX_SESSIONS', 1),
    mcpMaxSessionsPerClient: integer('MCP_MAX_SESSIONS_PER_CLIENT', 1),
    mcpSessionIdleS: integer('MCP_SESSION_IDLE_S', 1),
    mcpMaxBodyBytes: integer('MCP_MAX_BODY_BYTES', 1024),
  };
}
