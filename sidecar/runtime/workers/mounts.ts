// Where the hub and MCP join the Worker: each one's Durable Object module, re-exported under
// the names the entry imports and src/edge/worker-bindings.ts binds.
export { forwardToHub, HubObject } from './hub-object.ts';
export { forwardToMcp, McpSessionObject } from './mcp.ts';
