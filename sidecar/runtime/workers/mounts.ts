// Where the hub and MCP join the Worker. The hub is hub-object.ts. TEMPORARY: MCP's module
// (branch `mcpw`) replaces the MCP answer and class; until then its paths say so with a 503.
import { JSON_TYPE } from '../../../src/core/http/media.ts';
import type { WorkerEnv } from '../../../src/edge/worker-bindings.ts';

export { forwardToHub, HubObject } from './hub-object.ts';

const notYet = (what: string) =>
  new Response(JSON.stringify({ error: 'unavailable', message: `${what} is not in this Worker yet` }), {
    status: 503,
    headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store', 'retry-after': '60' },
  });

export function forwardToMcp(_request: Request, _env: WorkerEnv): Promise<Response> {
  return Promise.resolve(notYet('MCP'));
}

export class McpSessionObject {
  fetch(): Response {
    return notYet('MCP');
  }
}
