// Where the hub and MCP join the Worker. MCP's module is mcp.ts; TEMPORARY on branch `worker`:
// the hub's Durable Object module (branch `hub`) replaces its answer and class; until then the
// hub's path says so with a 503.
import { JSON_TYPE } from '../../../src/core/http/media.ts';
import type { WorkerEnv } from '../../../src/edge/worker-bindings.ts';

const notYet = (what: string) =>
  new Response(JSON.stringify({ error: 'unavailable', message: `${what} is not in this Worker yet` }), {
    status: 503,
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store', 'retry-after': '60' },
  });

export function forwardToHub(_request: Request, _env: WorkerEnv): Promise<Response> {
  return Promise.resolve(notYet('The WebSub hub'));
}

export { forwardToMcp, McpSessionObject } from './mcp.ts';

export class HubObject {
  fetch(): Response {
    return notYet('The WebSub hub');
  }
}
