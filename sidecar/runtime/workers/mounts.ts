// Where the hub, MCP and the sources' watch join the Worker: each one's Durable Object module, re-exported under
// the names the entry imports and src/edge/worker-bindings.ts binds.
export { forwardToHub } from './hub-forward.ts';
export { HubObject } from './hub-object.ts';
export { forwardToMcp, McpSessionObject } from './mcp.ts';
export { forwardToWatch, runWatch, WatchObject } from './watch-object.ts';
