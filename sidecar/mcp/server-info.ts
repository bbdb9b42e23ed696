import { MCP_SERVER_INFO } from '../../src/core/openapi/mcp.ts';

/** How the server names itself, on both eras (initialize, server/discover, result _meta). */
export const SERVER_INFO = MCP_SERVER_INFO;

/** What the server offers, the same on both eras (initialize and server/discover). */
export const SERVER_CAPABILITIES = { tools: {}, resources: { subscribe: true }, completions: {} };
