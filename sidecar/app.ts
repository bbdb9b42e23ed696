import { Hono } from 'hono';
import type { Sha256 } from '../src/core/bytes/sha256.ts';
import { errorResponse } from './http/errors.ts';
import type { Mcp } from './mcp/routes.ts';
import { fallback } from './routes/fallback.ts';
import { searchRoutes } from './routes/search.ts';
import { sinceRoutes } from './routes/since.ts';
import { type PreparedFiles, preparedFiles, staticFiles } from './routes/static.ts';
import type { LiveSite } from './site/live-site.ts';

export interface AppConfig {
  cacheMaxAgeS: number;
  searchCacheEntries: number;
  /** Bytes of bodies each computed-response cache (search, since) keeps per build. */
  responseCacheBytes: number;
  /** Bytes of built files kept in memory per build. */
  staticCacheBytes: number;
}

export interface AppDeps {
  site: LiveSite;
  config: AppConfig;
  /** The WebSub hub's routes, when the hub runs in this process. */
  hub?: { routes: Hono };
  /** The MCP server's routes. */
  mcp?: Pick<Mcp, 'routes'>;
  /** The built files' prepared responses, when the caller serves them elsewhere too (runtime/node/static-first.ts). */
  files?: PreparedFiles;
  /** The runtime's SHA-256 for the ETags of computed responses, when faster than the portable one (Node's native). */
  sha256?: Sha256;
}

/**
 * The whole service at one origin: built files first, then the dynamic routes, then the
 * fallback, which answers from the route table in src/core/http/urls.ts (405 with Allow,
 * preflights, 404s).
 */
export function createApp({ site, config, hub, mcp, files, sha256 }: AppDeps): Hono {
  const app = new Hono();
  app.use(staticFiles({ site, files: files ?? preparedFiles({ maxAgeS: config.cacheMaxAgeS, cacheBytes: config.staticCacheBytes }) }));
  app.route('/', sinceRoutes({ site, maxAgeS: config.cacheMaxAgeS, cacheBytes: config.responseCacheBytes, sha256 }));
  app.route('/', searchRoutes({ site, maxAgeS: config.cacheMaxAgeS, cacheEntries: config.searchCacheEntries, cacheBytes: config.responseCacheBytes, sha256 }));
  if (hub) app.route('/', hub.routes);
  if (mcp) app.route('/', mcp.routes);
  app.all('*', fallback(site));
  app.onError(errorResponse);
  return app;
}
