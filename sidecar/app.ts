import { Hono } from 'hono';
import type { Hub } from './hub/index.ts';
import { errorResponse } from './http/errors.ts';
import { PATHS } from '../src/core/http/urls.ts';
import { MCP_METHODS, type Mcp } from './mcp/routes.ts';
import { type AllowTable, fallback, READ_METHODS } from './routes/fallback.ts';
import { searchIndexOf, searchRoutes } from './routes/search.ts';

import { sinceRoutes } from './routes/since.ts';
import { staticFiles } from './routes/static.ts';
import type { LiveSite } from './site/live-site.ts';

export interface AppConfig {
  cacheMaxAgeS: number;
  searchCacheEntries: number;
}

export interface AppDeps {
  site: LiveSite;
  config: AppConfig;
  /** The WebSub hub's routes, when the hub runs in this process. */
  hub?: Pick<Hub, 'routes'>;
  /** The MCP server's routes (POST/DELETE /mcp). */
  mcp?: Pick<Mcp, 'routes'>;
}

/** The whole service at one origin: built files first, then the dynamic routes. */
export function createApp({ site, config, hub, mcp }: AppDeps): Hono {
  const app = new Hono();
  const allow: AllowTable = new Map();
  // Build the search index now rather than on the first request after a publish.
  searchIndexOf(site.current());
  site.onSwap((snapshot) => searchIndexOf(snapshot));
  app.use(staticFiles(site, config.cacheMaxAgeS));
  app.route('/', sinceRoutes(site, config.cacheMaxAgeS));
  app.route('/', searchRoutes(site, config.cacheMaxAgeS, config.searchCacheEntries));
  allow.set(PATHS.search, READ_METHODS);
  if (hub) {
    app.route('/', hub.routes);
    allow.set(PATHS.hub, ['POST']);
  }
  if (mcp) {
    app.route('/', mcp.routes);
    allow.set(PATHS.mcp, MCP_METHODS);
  }
  app.all('*', fallback(site, allow));
  app.onError(errorResponse);
  return app;
}
