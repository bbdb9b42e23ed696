// The Worker entry of the no-server deploy: the whole service at one origin on Cloudflare.
// Built files come from the static assets with our validators (sidecar/runtime/cloudflare/static-first.ts);
// since dates that were not pre-rendered, search and the fallback run the sidecar's Hono app
// over the same core, with the search index packed by the build (src/core/search/packed.ts);
// the hub and MCP go to their Durable Objects (hub/object.ts, mcp/forward.ts), the watch to its own
// (source-watch.ts). Bundled with the build's manifest
// and the index's header (and one review to warm the MCP tools with) by src/build/deploy/worker.ts.
import { env as globalEnv } from 'cloudflare:workers';
import type { Hono } from 'hono';
import { getPath } from 'hono/utils/url';
import { builtFileAsked } from '../../../src/core/http/built-file.ts';
import type { Manifest } from '../../../src/core/http/manifest.ts';
import { PATHS } from '../../../src/core/http/urls.ts';
import { createApp } from '../../app.ts';
import { warmSearch } from '../../routes/search.ts';
import { WATCH_STATUS_PATH, type WorkerBuild, type WorkerEnv } from './bindings.ts';
import { forwardToHub } from './hub/forward.ts';
import { keptAssets } from './kept-assets.ts';
import type { AssetSite } from './live-site.ts';
import { isolateFiles } from './live-site.ts';
import { forwardToMcp } from './mcp/forward.ts';
import { addTiming, Waits, waited } from './server-timing.ts';
import { serviceSettings } from './settings.ts';
import { forwardToWatch, runWatch } from './source-watch.ts';
import { serveAsset } from './static-first.ts';
import type { AssetFetcher } from './types.ts';

export { HubObject } from './hub/object.ts';
export { McpSessionObject } from './mcp/forward.ts';
export { WatchObject } from './source-watch.ts';

declare const __WORKER_BUILD__: WorkerBuild;

/** The one built file the app reads itself (the fallback's 404 page), loaded from the assets before it runs. */
const READS = [PATHS.notFoundPage];

/** Search and since dates not pre-rendered answer from the packed index (never /reviews.json, parsed). */
const needsIndex = (path: string) => path === PATHS.search || path.startsWith(PATHS.sincePrefix);

export interface Isolate {
  manifest: Manifest;
  app: Hono;
  files: AssetSite;
  /** The asset store, with the first STATIC_CACHE_BYTES of built files kept in memory. */
  assets: AssetFetcher;
  maxAgeS: number;
  serverTiming: boolean;
}

/**
 * Everything a request would otherwise set up on its first run, done once per isolate: the
 * settings, the app, the build, and the search's first-use costs (schemas, the name book, the
 * router), so that a fresh isolate's first search pays only for itself.
 */
export function startIsolate(build: WorkerBuild, env: WorkerEnv): Isolate {
  const settings = serviceSettings(env);
  const files = isolateFiles(build, env.ASSETS);
  const config = {
    cacheMaxAgeS: settings.cacheMaxAgeS,
    searchCacheEntries: settings.searchCacheEntries,
    responseCacheBytes: settings.responseCacheBytes,
    staticCacheBytes: 0,
  };
  // Every built file was answered from the assets before the app runs.
  const app = createApp({ site: files.site, config, files: () => undefined });
  warmSearch(files.site.current());
  app.router.match('GET', PATHS.search);
  const assets = keptAssets(env.ASSETS, settings.staticCacheBytes, (path) => files.manifest.resources[path]?.size);
  return { manifest: files.manifest, app, files, assets, maxAgeS: settings.cacheMaxAgeS, serverTiming: settings.workerServerTiming };
}

/** The Date header's value, made once a second (its resolution) rather than for every response. */
let dateSecond = -1;
let dateValue = '';
function httpDate(): string {
  const now = Date.now();
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateValue = new Date(now).toUTCString();
  }
  return dateValue;
}

/**
 * What workerd does not do as node:http does: send a Date header (RFC 9110 §6.6.1; Cloudflare's
 * edge adds one, local workerd does not). Content-Length needs nothing here: workerd sends it for
 * every body whose length it knows (a buffer, an asset's body, the app's streamed parts, which
 * declare theirs: sidecar/http/respond.ts).
 */
function finish(response: Response): Response {
  if (response.headers.has('date')) return response;
  try {
    response.headers.set('date', httpDate());
    return response;
  } catch {
    // headers of a response from a binding are immutable
    const out = new Response(response.body, response);
    out.headers.set('date', httpDate());
    return out;
  }
}

export function workerHandler(isolate: Isolate) {
  /** The asset store, its time counted in `waits` if there are any. */
  const assetsFor = (waits?: Waits): AssetFetcher => (waits ? { fetch: (req) => waits.on(isolate.assets.fetch(req)) } : isolate.assets);

  return async (request: Request, env: WorkerEnv): Promise<Response> => {
    const response = await route(request, env, getPath(request));
    // A body no route read (a refusal before reading, a route that reads none) is read to its
    // end, or workerd may drop the connection mid-response.
    if (request.body && !request.bodyUsed) await request.body.pipeTo(new WritableStream()).catch(() => {});
    return response;
  };

  async function route(request: Request, env: WorkerEnv, path: string): Promise<Response> {
    if (path === PATHS.hub) return timed((waits) => waited(waits, forwardToHub(request, env)));
    if (path === PATHS.mcp || path === PATHS.mcpServerCard) return forwardToMcp(request, env);
    if (path === WATCH_STATUS_PATH) return finish(await forwardToWatch(request, env));
    const meta = builtFileAsked(isolate.manifest.resources, request.method, path);
    if (meta) return finish(await timed((waits) => serveAsset(request, new URL(request.url), path, meta, isolate.maxAgeS, assetsFor(waits))));
    return finish(await dynamic(request, path));
  }

  /**
   * With WORKER_SERVER_TIMING, the time of a path that has no finer timing of its own (`cpu`),
   * without the time it waited for the asset store or the hub's object (`wait`); the hub object
   * reports its own time (`hub`), billed to it, not to this invocation.
   */
  async function timed(answer: (waits?: Waits) => Promise<Response>): Promise<Response> {
    if (!isolate.serverTiming) return answer();
    const started = performance.now();
    const waits = new Waits();
    const response = await answer(waits);
    const ms = performance.now() - started - waits.ms;
    return addTiming(new Response(response.body, response), { cpu: ms, wait: waits.ms });
  }

  async function dynamic(request: Request, path: string): Promise<Response> {
    const loadStarted = performance.now();
    await Promise.all([isolate.files.load(READS), needsIndex(path) ? isolate.files.loadSearch() : undefined]);
    const appStarted = performance.now();
    const response = await isolate.app.fetch(request);
    if (!isolate.serverTiming) return response;
    // The app does no I/O for these paths: its time is code. The asset reads before it are
    // `wait`; the global scope is not counted, as workerd's clock does not move there.
    const appMs = performance.now() - appStarted;
    const unpackMs = isolate.files.takeUnpackMs();
    const timed = new Response(response.body, response);
    const ms = (n: number) => n.toFixed(3);
    const waitMs = appStarted - loadStarted - unpackMs;
    timed.headers.set('server-timing', `unpack;dur=${ms(unpackMs)}, app;dur=${ms(appMs)}, cpu;dur=${ms(unpackMs + appMs)}, wait;dur=${ms(waitMs)}`);
    return timed;
  }
}

const isolate = startIsolate(__WORKER_BUILD__, globalEnv as WorkerEnv);
export default {
  fetch: workerHandler(isolate),
  /** The Cron Trigger (SYNC_WATCH_CRON): the watch of the sources, in its Durable Object. */
  scheduled(_controller: unknown, env: WorkerEnv, ctx: { waitUntil(p: Promise<unknown>): void }) {
    ctx.waitUntil(runWatch(env).then((res) => res.body?.cancel()));
  },
};
