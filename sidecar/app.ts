import { Hono } from 'hono';
import { errorResponse } from './http/errors.ts';
import { type AllowTable, fallback } from './routes/fallback.ts';
import { sinceRoutes } from './routes/since.ts';
import { staticFiles } from './routes/static.ts';
import type { LiveSite } from './site/live-site.ts';

export interface AppConfig {
  cacheMaxAgeS: number;
}

export interface AppDeps {
  site: LiveSite;
  config: AppConfig;
}

/** The whole service at one origin: built files first, then the dynamic routes. */
export function createApp({ site, config }: AppDeps): Hono {
  const app = new Hono();
  const allow: AllowTable = new Map();
  app.use(staticFiles(site, config.cacheMaxAgeS));
  app.route('/', sinceRoutes(site, config.cacheMaxAgeS));
  app.all('*', fallback(site, allow));
  app.onError(errorResponse);
  return app;
}
