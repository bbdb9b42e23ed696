// MCP in the Worker: the same routes as the sidecar (sidecar/mcp/routes.ts). The stateless
// 2026-07-28 requests are answered in the isolate that took them; the 2025 sessions and the
// subscriptions/listen streams live in Durable Objects (mcp/sessions.ts, mcp/session-object.ts).
import { env as globalEnv } from 'cloudflare:workers';
import { PATHS } from '../../../../src/core/http/urls.ts';
import { type Mcp, mcpRoutes } from '../../../mcp/routes.ts';
import { warmTools } from '../../../mcp/warm.ts';
import type { WorkerBuild, WorkerEnv } from '../bindings.ts';
import { workerClientAddress } from '../client-address.ts';
import type { AssetSite } from '../live-site.ts';
import { isolateFiles } from '../live-site.ts';
import { addTiming, timingOf } from '../server-timing.ts';
import { mcpSettings, serviceSettings } from '../settings.ts';
import { objectListen, objectSessions } from './sessions.ts';
import { mcpFiles } from './site.ts';

export { McpSessionObject } from './session-object.ts';

declare const __WORKER_BUILD__: WorkerBuild;

interface McpIsolate {
  mcp: Mcp;
  files: AssetSite;
  timing: boolean;
}

/**
 * MCP's part of an isolate, set up in the global scope when the isolate starts (under
 * Cloudflare's startup limit, not a request's CPU): the routes over the isolate's build, and
 * the tools' first-use costs. Files are loaded by the first request (no I/O at start).
 */
function startMcp(env: WorkerEnv): McpIsolate {
  const timing = serviceSettings(env).workerServerTiming;
  const files = isolateFiles(__WORKER_BUILD__, env.ASSETS);
  const mcp = mcpRoutes({
    site: files.site,
    settings: mcpSettings(env),
    elsewhere: { sessions: objectSessions(env, timing), listen: objectListen(env, timing) },
    clientAddress: workerClientAddress,
    log: (msg) => console.error(msg),
  });
  warmTools({ manifest: files.manifest, business: __WORKER_BUILD__.search.names.business, review: __WORKER_BUILD__.sample });
  mcp.routes.router.match('POST', PATHS.mcp);
  return { mcp, files, timing };
}

const isolate = startMcp(globalEnv as WorkerEnv);

/** /mcp and the server card, for the Worker entry. */
export async function forwardToMcp(request: Request, env: WorkerEnv): Promise<Response> {
  const loadStarted = performance.now();
  await mcpFiles(env);
  const started = performance.now();
  const res = await isolate.mcp.routes.fetch(request);
  if (!isolate.timing) return res;
  // A 2025 request waited for its session's object (`wait`, on the answer), which reports its own time (`session`).
  const objectWait = timingOf(res, 'wait') ?? 0;
  const app = performance.now() - started - objectWait;
  const unpack = isolate.files.takeUnpackMs();
  const session = timingOf(res, 'session');
  res.headers.delete('server-timing');
  const wait = started - loadStarted - unpack + objectWait;
  return addTiming(res, { unpack, app, cpu: unpack + app, wait, ...(session === undefined ? {} : { session }) });
}
