/**
 * The public surface in one table: every path the service answers, its methods, its media
 * type, what serves it (a built file on the CDN, or the sidecar), whether it is a WebSub
 * topic or an MCP resource, and its OpenAPI operation. The URL helpers, the topics, 405 and
 * Allow, the MCP resource list, the deploy rules, the OpenAPI paths and the tests' lists are
 * derived from it (urls.ts and their own modules), so each public path is written here once.
 * Pages for people (the home page, the archive, facet pages) are built files listed by the
 * build's manifest; the OpenAPI document describes their patterns.
 */

/** Reads of a built file or a since date, and the CORS preflight. */
export const READ_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

export type ServedBy = 'file' | 'sidecar';

export interface SurfaceRow {
  path: string;
  methods: readonly string[];
  /** The Content-Type of a 200, with its charset for text. */
  type: string;
  servedBy: ServedBy;
  /** A WebSub topic: the hub pushes its full content when it changes. */
  topic?: true;
  /** An MCP resource, under this name, at its public URL. */
  mcpResource?: string;
  /** The operationId of its OpenAPI operation (/mcp has one per method, in the document). */
  operationId?: string;
}

const JSON_TYPE = 'application/json; charset=utf-8';
const file = (path: string, type: string, operationId: string | undefined, extra: Partial<SurfaceRow> = {}): SurfaceRow => ({
  path,
  methods: READ_METHODS,
  type,
  servedBy: 'file',
  ...(operationId ? { operationId } : {}),
  ...extra,
});

export const SURFACE = {
  // the WebSub topics, in the order the hub lists them
  atomFeed: file('/feed.xml', 'application/atom+xml; charset=utf-8', 'getAtomFeed', { topic: true }),
  jsonFeed: file('/api/feed.json', JSON_TYPE, 'getJsonFeed', { topic: true, mcpResource: 'feed' }),
  reviews: file('/reviews.json', JSON_TYPE, 'getReviews', { topic: true, mcpResource: 'reviews' }),
  insights: file('/insights.json', JSON_TYPE, 'getInsights', { mcpResource: 'insights' }),
  ratings: file('/api/ratings.json', JSON_TYPE, 'getRatings'),
  openapi: file('/openapi.json', JSON_TYPE, 'getOpenApiDocument'),
  llmsTxt: file('/llms.txt', 'text/plain; charset=utf-8', 'getLlmsTxt'),
  /** The MCP registry's server.json: metadata about the MCP server, not an API operation. */
  serverJson: file('/server.json', JSON_TYPE, undefined),
  embed: file('/embed/', 'text/html; charset=utf-8', 'getEmbedPage'),
  widget: file('/widget.js', 'text/javascript; charset=utf-8', 'getWidgetScript'),
  badge: file('/badge.svg', 'image/svg+xml', 'getBadge'),
  notFoundPage: file('/404.html', 'text/html; charset=utf-8', undefined),
  /**
   * The MCP App, made by each build, which MCP reads as ui://reviews/app.html; a folder's page, as Cloudflare
   * redirects `/x.html` to `/x`. Not an API operation.
   */
  mcpApp: file('/mcp-app/', 'text/html; charset=utf-8', undefined),
  /** Pre-rendered for review dates within the size budget, the sidecar otherwise. */
  since: { path: '/api/reviews/since/{date}', methods: READ_METHODS, type: JSON_TYPE, servedBy: 'sidecar', operationId: 'getReviewsSince' },
  search: { path: '/api/reviews/search', methods: READ_METHODS, type: JSON_TYPE, servedBy: 'sidecar', operationId: 'searchReviews' },
  hub: { path: '/api/websub/hub', methods: ['POST'], type: 'text/plain; charset=utf-8', servedBy: 'sidecar', operationId: 'websubHub' },
  // GET opens a 2025 session's stream; the 2026-07-28 revision is POST only. One OpenAPI operation per method.
  mcp: { path: '/mcp', methods: ['POST', 'GET', 'DELETE', 'OPTIONS'], type: JSON_TYPE, servedBy: 'sidecar' },
  /** The MCP server card (SEP-2127, experimental): not described as an API operation while its shape may change. */
  mcpServerCard: { path: '/mcp/server-card', methods: READ_METHODS, type: JSON_TYPE, servedBy: 'sidecar' },
} as const satisfies Record<string, SurfaceRow>;

export type SurfaceName = keyof typeof SURFACE;

export const SURFACE_ROWS: readonly SurfaceRow[] = Object.values(SURFACE);
