// How the MCP server describes itself before anyone connects: the registry's server.json
// (schema 2025-12-11, one streamable-http remote) and a server card (SEP-2127, experimental:
// its shape may still change). Pure: both come from the business name and the base URL.
import type { SiteUrls } from '../http/urls.ts';
import { MCP_PROTOCOL_VERSIONS, MCP_SERVER_INFO } from '../openapi/mcp.ts';

export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';
const VERSION = MCP_SERVER_INFO.version;
const MAX_DESCRIPTION = 100;

/** A registry name: the site's host in reverse-DNS order, then /reviews. */
export function mcpServerName(urls: SiteUrls): string {
  return `${new URL(urls.base).hostname.split('.').reverse().join('.')}/reviews`;
}

/** The registry allows 100 characters: the longest wording that fits, never a word cut in half. */
export function description(businessName: string): string {
  const wordings = [
    `Verified customer reviews of ${businessName}, with search and sentiment insights (read-only).`,
    `Verified customer reviews of ${businessName}, with search and insights.`,
    `Customer reviews of ${businessName}.`,
  ];
  const fits = wordings.find((w) => w.length <= MAX_DESCRIPTION);
  if (fits) return fits;
  const words = `Customer reviews of ${businessName}`.split(' ');
  let text = '';
  for (const w of words) {
    if (`${text} ${w}…`.trim().length > MAX_DESCRIPTION) break;
    text = `${text} ${w}`.trim();
  }
  return `${text}…`;
}

/** /server.json, for the MCP registry. */
export function serverJson(businessName: string, urls: SiteUrls) {
  return {
    $schema: SERVER_JSON_SCHEMA,
    name: mcpServerName(urls),
    title: `${businessName} reviews`,
    description: description(businessName),
    version: VERSION,
    websiteUrl: urls.home,
    remotes: [{ type: 'streamable-http', url: urls.mcp }],
  };
}

/** GET /mcp/server-card: the same identity, with the protocol revisions the endpoint speaks. */
export function serverCard(businessName: string, urls: SiteUrls) {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: mcpServerName(urls),
    title: `${businessName} reviews`,
    description: description(businessName),
    version: VERSION,
    websiteUrl: urls.home,
    remotes: [{ type: 'streamable-http', url: urls.mcp, supportedProtocolVersions: MCP_PROTOCOL_VERSIONS }],
  };
}
