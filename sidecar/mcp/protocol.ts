// The vocabulary of the two protocol eras served at /mcp, defined once.
import { MCP_PROTOCOL_VERSIONS } from '../../src/core/openapi/mcp.ts';

/** The first stateless revision: no initialize, every request carries its own _meta envelope. */
export const MODERN_VERSION = '2026-07-28';

/** A version at or after the first stateless revision (MCP 2026-07-28, basic/versioning). */
export function isModernVersion(version: string): boolean {
  return version >= MODERN_VERSION;
}

/** Revisions served statelessly; server/discover lists exactly these. */
export const MODERN_VERSIONS: readonly string[] = MCP_PROTOCOL_VERSIONS.filter(isModernVersion);
/** Revisions served through initialize and a session (SDK 1.x). */
export const LEGACY_VERSIONS: readonly string[] = MCP_PROTOCOL_VERSIONS.filter((v) => !isModernVersion(v));

// Reserved _meta keys (MCP 2026-07-28, basic/index: RequestMetaObject, ResultMetaObject).
export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';
export const META_CLIENT_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';
export const META_CLIENT_INFO = 'io.modelcontextprotocol/clientInfo';
export const META_SERVER_INFO = 'io.modelcontextprotocol/serverInfo';
export const META_SUBSCRIPTION_ID = 'io.modelcontextprotocol/subscriptionId';

// JSON-RPC and MCP error codes (MCP 2026-07-28, schema: error codes).
export const PARSE_ERROR = -32700;
export const INVALID_REQUEST = -32600;
export const METHOD_NOT_FOUND = -32601;
export const INVALID_PARAMS = -32602;
export const INTERNAL_ERROR = -32603;
/** The code SDK 1.x's transport gives its own HTTP-level errors (400, 403, 405, 406, 413, 415, 503). */
export const TRANSPORT_ERROR = -32000;
/** An unknown or ended Mcp-Session-Id (404), as SDK 1.x's transport writes it. */
export const SESSION_NOT_FOUND = -32001;
/** A resource that does not exist, in a 2025 session (MCP 2025-06-18, server/resources, error handling). */
export const RESOURCE_NOT_FOUND = -32002;
export const HEADER_MISMATCH = -32020;
export const UNSUPPORTED_PROTOCOL_VERSION = -32022;

// Standard request headers (MCP 2026-07-28, transports: Streamable HTTP, standard headers).
export const HEADER_PROTOCOL_VERSION = 'mcp-protocol-version';
export const HEADER_METHOD = 'mcp-method';
export const HEADER_NAME = 'mcp-name';
export const HEADER_SESSION_ID = 'mcp-session-id';

/** Which params field the Mcp-Name header mirrors, per method. */
export const NAME_HEADER_SOURCE: Readonly<Record<string, 'name' | 'uri'>> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

/** The MCP Apps extension (SEP-1865, stable 2026-01-26): tools whose results a host may draw with a ui:// resource. */
export const UI_EXTENSION = 'io.modelcontextprotocol/ui';
/** The one content type of an MCP App resource (SEP-1865, UI resource format). */
export const APP_MIME = 'text/html;profile=mcp-app';

/** The one app this server has: hosts draw the results of the tools that name it with it (sidecar/mcp/app.ts). */
export const APP_URI = 'ui://reviews/app.html';
/**
 * Tool-level _meta (SEP-1865, Resource Discovery): the resource a host draws the result with.
 * Not the flat "ui/resourceUri" key as well: the stable revision deprecates it, and tools/list
 * has a 10 KB budget.
 */
export const APP_TOOL_META = { ui: { resourceUri: APP_URI } };

/** What the server offers, the same on both eras (initialize and server/discover); extensions as SEP-1724 declares them. */
export const SERVER_CAPABILITIES = {
  tools: {},
  resources: { subscribe: true },
  completions: {},
  extensions: { [UI_EXTENSION]: { mimeTypes: [APP_MIME] } },
};

/** The request headers a browser page may send to /mcp (CORS preflight), in both eras. */
export const CORS_ALLOW_HEADERS = ['Content-Type', 'Accept', 'Mcp-Session-Id', 'MCP-Protocol-Version', 'Mcp-Method', 'Mcp-Name', 'Last-Event-ID'];
/** The response headers a browser page may read. */
export const CORS_EXPOSE_HEADERS = ['Mcp-Session-Id', 'MCP-Protocol-Version'];
