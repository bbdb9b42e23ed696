// The Worker entry of the no-server deploy: the whole service at one origin on Cloudflare.
// Built files come from the static assets with our validators (src/edge/serve-asset.ts);
// since dates that were not pre-rendered, search and the fallback run the sidecar's Hono app
// over the same core; the hub and MCP go to their Durable Objects (mounts.ts). Bundled with
// the build's manifest by src/build/deploy/worker.ts.
import type { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import { SURFACE } from '../../../src/core/http/surface.ts';
import { PATHS } from '../../../src/core/http/urls.ts';
import { serveAsset } from '../../../src/edge/serve-asset.ts';
import { settingsEnv, type WorkerBuild, type WorkerEnv } from '../../../src/edge/worker-bindings.ts';
import { readSettings } from '../../../src/settings/index.ts';
import { createApp } from '../../app.ts';
import { type AssetSite, assetSite } from './build-files.ts';
import { forwardToHub, forwardToMcp } from './mounts.ts';

export { HubObject, McpSessionObject } from './mounts.ts';

declare const __WORKER_BUILD__: WorkerBuild;

/** The built files a dynamic path may read, loaded from the assets before the app runs. */
function readsOf(path: string): string[] {
  if (path.startsWith(PATHS.sincePrefix) || path === PATHS.search) return [SURFACE.reviews.path, PATHS.notFoundPage];
  return [PATHS.notFoundPage];
}

interface Isolate {
  app: Hono;
  files: AssetSite;
  maxAgeS: number;
}

export function workerHandler(build: WorkerBuild) {
  let isolate: Isolate | undefined;
  const start = (env: WorkerEnv, origin: string): Isolate => {
    const settings = readSettings(settingsEnv(env));
    const files = assetSite(build.manifest, env.ASSETS, origin);
    const config = {
      cacheMaxAgeS: settings.cacheMaxAgeS,
      searchCacheEntries: settings.searchCacheEntries,
      responseCacheBytes: settings.responseCacheBytes,
      staticCacheBytes: 0,
    };
    // Every built file was answered from the assets before the app runs.
    const app = createApp({ site: files.site, config, files: () => undefined });
    return { app, files, maxAgeS: settings.cacheMaxAgeS };
  };

  return async (request: Request, env: WorkerEnv): Promise<Response> => {
    const url = new URL(request.url);
    isolate ??= start(env, url.origin);
    const path = getPath(request);
    if (path === PATHS.hub) return forwardToHub(request, env);
    if (path === PATHS.mcp || path === PATHS.mcpServerCard) return forwardToMcp(request, env);
    const meta = build.manifest.resources[path];
    if (meta && (request.method === 'GET' || request.method === 'HEAD')) return serveAsset(request, url, path, meta, isolate.maxAgeS, env.ASSETS);
    await isolate.files.load(readsOf(path));
    return isolate.app.fetch(request);
  };
}

export default { fetch: workerHandler(__WORKER_BUILD__) };
