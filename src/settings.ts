// The one table of settings. Entry files (scripts, astro.config.mjs, sidecar/main.ts) call
// readSettings(process.env); nothing else reads the environment. The README's settings
// table is checked against this list by test/settings-docs.test.ts.

interface Setting {
  default: string;
  help: string;
}

export const SETTINGS = {
  SITE_URL: { default: 'http://localhost:4321', help: 'The public origin ({base_url}) used in every absolute URL of the output.' },
  CONTENT_DIR: { default: 'content', help: 'Folder with business.json, reviews.json and editorial.json.' },
  OUT_DIR: { default: 'dist', help: 'Where builds go. `dist/site` is what a CDN serves; `dist` is a link swapped atomically to the newest good build.' },
  SINCE_BUDGET_BYTES: { default: String(32 * 1024 * 1024), help: 'Total size allowed for pre-rendered since/<date> files; older dates beyond it are answered by the sidecar.' },
  CACHE_MAX_AGE_S: { default: '60', help: 'max-age of the Cache-Control header on every public GET.' },
  SIDECAR_URL: { default: '', help: 'Origin of the sidecar for the CDN `_redirects` file; empty means SITE_URL.' },
  HOST: { default: '127.0.0.1', help: 'Address the local server listens on.' },
  PORT: { default: '4321', help: 'Port the local server listens on (0 picks a free one).' },
  SEARCH_CACHE_ENTRIES: { default: '512', help: 'Search responses kept per published build (0 turns the cache off).' },
  RELOAD_INTERVAL_MS: { default: '1000', help: 'How often the sidecar checks for a newly swapped-in build.' },
  MCP_ALLOWED_ORIGINS: { default: '', help: 'Comma-separated origins whose browser pages may call POST /mcp (others get 403); empty means the SITE_URL origin. Requests without Origin, and pages on the loopback host and port the sidecar answers at, are always served.' },
  MCP_MAX_SESSIONS: { default: '1000', help: 'Live MCP sessions at most; an initialize beyond it gets 503 with Retry-After.' },
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
  host: string;
  port: number;
  reloadIntervalMs: number;
  searchCacheEntries: number;
  mcpAllowedOrigins: string[];
  mcpMaxSessions: number;
  mcpSessionIdleS: number;
  mcpMaxBodyBytes: number;
}

function text(env: Record<string, string | undefined>, name: SettingName): string {
  const value = env[name];
  return value === undefined || value === '' ? SETTINGS[name].default : value;
}

function integer(env: Record<string, string | undefined>, name: SettingName, min: number): number {
  const raw = text(env, name);
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`Setting ${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
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

/** A comma-separated list of origins; empty means just `fallback`. */
function originList(env: Record<string, string | undefined>, name: SettingName, fallback: string): string[] {
  const items = text(env, name).split(',').map((s) => s.trim()).filter(Boolean);
  return items.length === 0 ? [fallback] : [...new Set(items.map((item) => origin(name, item)))];
}

export function readSettings(env: Record<string, string | undefined>): Settings {
  const port = integer(env, 'PORT', 0);
  // Unset SITE_URL follows the local port, so `PORT=8080 npm start` links to itself.
  const siteRaw = env.SITE_URL || (port && port !== 4321 ? `http://localhost:${port}` : SETTINGS.SITE_URL.default);
  const siteUrl = origin('SITE_URL', siteRaw);
  const sidecar = text(env, 'SIDECAR_URL');
  return {
    siteUrl,
    contentDir: text(env, 'CONTENT_DIR'),
    outDir: text(env, 'OUT_DIR'),
    sinceBudgetBytes: integer(env, 'SINCE_BUDGET_BYTES', 0),
    cacheMaxAgeS: integer(env, 'CACHE_MAX_AGE_S', 0),
    sidecarUrl: sidecar ? origin('SIDECAR_URL', sidecar) : siteUrl,
    host: text(env, 'HOST'),
    port,
    reloadIntervalMs: integer(env, 'RELOAD_INTERVAL_MS', 50),
    searchCacheEntries: integer(env, 'SEARCH_CACHE_ENTRIES', 0),
    mcpAllowedOrigins: originList(env, 'MCP_ALLOWED_ORIGINS', siteUrl),
    mcpMaxSessions: integer(env, 'MCP_MAX_SESSIONS', 1),
    mcpSessionIdleS: integer(env, 'MCP_SESSION_IDLE_S', 1),
    mcpMaxBodyBytes: integer(env, 'MCP_MAX_BODY_BYTES', 1024),
  };
}
