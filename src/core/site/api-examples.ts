// A curl example for every operation of /openapi.json, for the /api/ page. A test checks
// that every operationId has one, so a new endpoint cannot go undocumented there.
import type { z } from 'zod';
import type { Dataset } from '../content/dataset.ts';
import { archivePages } from '../documents/archive.ts';
import type { SiteUrls } from '../http/urls.ts';
import { parameterSchema } from '../openapi/json-schema.ts';
import { MCP_PROTOCOL_VERSION } from '../openapi/mcp.ts';
import { slugify } from './slug.ts';

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
  description: string | undefined;
}

const METHODS = ['get', 'post', 'delete'] as const;

/** The operations of an OpenAPI document, in document order. */
export function operations(doc: { paths: Record<string, unknown> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = (item as Record<string, { operationId: string; summary: string; description?: string } | undefined>)[method];
      return op ? [{ method: method.toUpperCase(), path, operationId: op.operationId, summary: op.summary, description: op.description }] : [];
    }),
  );
}

/** Single-quotes a word for a POSIX shell. */
export const shellQuote = (s: string) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

const MCP_HEADERS = `-H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream'`;

export function mcpRequest(urls: SiteUrls, body: object, session = true): string {
  const sessionHeaders = session ? ` -H "Mcp-Session-Id: $SESSION" -H 'MCP-Protocol-Version: ${MCP_PROTOCOL_VERSION}'` : '';
  return `curl -s ${urls.mcp} ${MCP_HEADERS}${sessionHeaders} \\\n  -d ${shellQuote(JSON.stringify(body))}`;
}

export const MCP_INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'curl', version: '1.0' } },
};

/** operationId → shell commands, with values taken from the data so they find something. */
export function apiExamples({ business, reviews }: Dataset, urls: SiteUrls): Record<string, string> {
  const date = reviews[Math.min(reviews.length - 1, 9)]?.date ?? '2024-01-01';
  const technician = business.technicians[0]?.name;
  const service = business.services[0]?.id ?? 'ac-repair';
  const lastPage = archivePages(reviews).length;
  const technicianSlug = technician ? slugify(technician) : 'name';
  const areaSlug = business.service_areas[0] ? slugify(business.service_areas[0]) : 'area';
  return {
    getHomePage: `curl -s ${urls.home}`,
    getReviewArchiveIndex: `curl -s ${urls.base}/reviews/`,
    getReviewArchivePage: `curl -s ${urls.base}/reviews/page/1/   # the oldest reviews; page ${lastPage} holds the newest`,
    getApiPage: `curl -s ${urls.base}/api/`,
    getReviews: [
      `curl -s ${urls.reviews}`,
      '# ask again only for changes: 304 and no body while nothing changed',
      `curl -si ${urls.reviews} -H 'If-None-Match: "<etag from the first answer>"'`,
    ].join('\n'),
    getInsights: `curl -s ${urls.insights}`,
    getTechnicianPage: `curl -s ${urls.base}/technicians/${technicianSlug}/`,
    getServicePage: `curl -s ${urls.base}/services/${service}/`,
    getAreaPage: `curl -s ${urls.base}/areas/${areaSlug}/`,
    getStarsPage: `curl -s ${urls.base}/reviews/stars/1/   # the lowest rated; every rating has its page`,
    getEmbedPage: `curl -s ${urls.base}/embed/`,
    getWidgetScript: `curl -s ${urls.base}/widget.js`,
    getBadge: `curl -s ${urls.base}/badge.svg`,
    getRatings: `curl -s ${urls.base}/api/ratings.json`,
    getJsonFeed: `curl -s ${urls.jsonFeed}`,
    getAtomFeed: `curl -s ${urls.atomFeed}`,
    searchReviews: [
      `curl -sG ${urls.search} -d min_rating=4 --data-urlencode 'query=water heater' -d limit=5`,
      technician ? `curl -sG ${urls.search} --data-urlencode ${shellQuote(`mentions_technician=${technician}`)} -d sort=oldest` : '',
      `curl -sG ${urls.search} -d mentions_service=${service} -d since=${date} -d offset=20`,
      '# an invalid parameter: 400 with an issues array',
      `curl -s '${urls.search}?rating=9'`,
    ]
      .filter(Boolean)
      .join('\n'),
    getReviewsSince: `curl -s ${urls.since(date)}`,
    getOpenApiDocument: `curl -s ${urls.base}/openapi.json`,
    getLlmsTxt: `curl -s ${urls.base}/llms.txt`,
    websubHub: [
      `curl -si ${urls.hub} -d hub.mode=subscribe \\`,
      `  --data-urlencode hub.topic=${urls.atomFeed} \\`,
      '  --data-urlencode hub.callback=https://subscriber.example/websub \\',
      '  -d hub.lease_seconds=864000',
      '# 202 Accepted; the hub then GETs the callback with hub.challenge, which it must echo',
    ].join('\n'),
    mcpRequest: [
      '# 1. initialize: the Mcp-Session-Id response header names the session',
      `SESSION=$(curl -si ${urls.mcp} ${MCP_HEADERS} \\\n  -d ` +
        `${shellQuote(JSON.stringify(MCP_INITIALIZE))} \\\n  | tr -d '\\r' | sed -n ` +
        "'s/^mcp-session-id: //Ip')",
      '# 2. say the client is ready',
      mcpRequest(urls, { jsonrpc: '2.0', method: 'notifications/initialized' }),
      '# 3. list the tools, then call one (answers arrive as server-sent events: "data: {json}")',
      mcpRequest(urls, { jsonrpc: '2.0', id: 2, method: 'tools/list' }),
      mcpRequest(urls, {
        jsonrpc: '2.0',
        id: 3,
        method: 'tools/call',
        params: { name: 'search_reviews', arguments: { query: 'water heater', min_rating: 4, limit: 3 } },
      }),
    ].join('\n'),
    mcpStream: `curl -sN ${urls.mcp} -H 'Accept: text/event-stream' -H "Mcp-Session-Id: $SESSION"   # resource updates after resources/subscribe`,
    mcpEndSession: `curl -si -X DELETE ${urls.mcp} -H "Mcp-Session-Id: $SESSION"`,
  };
}

export interface FieldRow {
  name: string;
  type: string;
  description: string;
}

function typeText(s: Record<string, unknown>): string {
  const parts: string[] = [];
  if (Array.isArray(s.enum)) parts.push(s.enum.join(' | '));
  else if (s.format === 'date') parts.push('date, YYYY-MM-DD');
  else if (s.format === 'uri') parts.push('URL');
  else parts.push(String(s.type));
  const bounded = typeof s.maximum === 'number' && s.maximum < Number.MAX_SAFE_INTEGER;
  if (s.minimum !== undefined && bounded) parts.push(`${s.minimum} to ${s.maximum}`);
  else if (s.minimum !== undefined) parts.push(`≥ ${s.minimum}`);
  if (s.maxLength !== undefined && !Array.isArray(s.enum)) parts.push(`at most ${s.maxLength} characters`);
  if (s.default !== undefined) parts.push(`default ${String(s.default)}`);
  return parts.join(', ');
}

/** A zod object shape as a table of fields, from the same JSON Schema as /openapi.json. */
export function fieldRows(shape: Record<string, z.ZodType>): FieldRow[] {
  return Object.entries(shape).map(([name, schema]) => {
    const converted = parameterSchema(schema);
    return { name, type: typeText(converted.schema), description: converted.description ?? '' };
  });
}
