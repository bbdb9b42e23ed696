// MCP in the Worker: the same routes as the sidecar (sidecar/mcp/routes.ts). The stateless
// 2026-07-28 requests are answered in the isolate that took them; the 2025 sessions and the
// subscriptions/listen streams live in Durable Objects (mcp-objects.ts, mcp-session-object.ts).
import { readSettings } from '../../../src/settings/index.ts';
import { type Mcp, mcpRoutes, mcpSettingsOf } from '../../mcp/routes.ts';
import { settingsEnv, type WorkerEnv } from '../../../src/edge/worker-bindings.ts';
import { objectListen, objectSessions, workerClientAddress } from './mcp-objects.ts';
import { mcpFiles } from './mcp-site.ts';
import { addTiming, timingOf } from './server-timing.ts';

export { McpSessionObject } from './mcp-session-object.ts';

let isolate: { mcp: Mcp; timing: boolean } | undefined;

/** /mcp and the server card, for the Worker entry. */
export async function forwardToMcp(request: Request, env: WorkerEnv): Promise<Response> {
  const files = await mcpFiles(env);
  if (!isolate) {
    const settings = readSettings(settingsEnv(env));
    const mcp = mcpRoutes({
      site: files.site,
      settings: mcpSettingsOf(settings),
      elsewhere: { sessions: objectSessions(env), listen: objectListen(env) },
      clientAddress: workerClientAddress,
      log: (msg) => console.error(msg),
    });
    isolate = { mcp, timing: settings.workerServerTiming };
  }
  const started = performance.now();
  const res = await isolate.mcp.routes.fetch(request);
  if (!isolate.timing) return res;
  // A 2025 request waited for its session's object, which reports its own time (`session`).
  const app = performance.now() - started - timingOf(res, 'session');
  const unpack = files.takeUnpackMs();
  return addTiming(res, { unpack, app, cpu: unpack + app });
}
