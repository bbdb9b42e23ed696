// MCP in the Worker: the same routes as the sidecar (sidecar/mcp/routes.ts). The stateless
// 2026-07-28 requests are answered in the isolate that took them; the 2025 sessions and the
// subscriptions/listen streams live in Durable Objects (mcp-objects.ts, mcp-session-object.ts).
import { readSettings } from '../../../src/settings/index.ts';
import { type Mcp, mcpRoutes, mcpSettingsOf } from '../../mcp/routes.ts';
import { settingsEnv, type WorkerEnv } from '../../../src/edge/worker-bindings.ts';
import { objectListen, objectSessions, workerClientAddress } from './mcp-objects.ts';
import { mcpSite } from './mcp-site.ts';
import { withTiming } from './server-timing.ts';

export { McpSessionObject } from './mcp-session-object.ts';

let isolate: { mcp: Mcp; timing: boolean } | undefined;

/** /mcp and the server card, for the Worker entry. */
export async function forwardToMcp(request: Request, env: WorkerEnv): Promise<Response> {
  const site = await mcpSite(env);
  if (!isolate) {
    const settings = readSettings(settingsEnv(env));
    const mcp = mcpRoutes({
      site,
      settings: mcpSettingsOf(settings),
      elsewhere: { sessions: objectSessions(env), listen: objectListen(env) },
      clientAddress: workerClientAddress,
      log: (msg) => console.error(msg),
    });
    isolate = { mcp, timing: settings.serverTiming };
  }
  const started = performance.now();
  const res = await isolate.mcp.routes.fetch(request);
  return isolate.timing ? withTiming(res, 'mcp', started) : res;
}
