/**
 * Paths of the service that are not files of the build. Static hosts send every request for
 * them to the sidecar; an unknown path under an API prefix gets the JSON 404, any other
 * unknown path the 404 page.
 */
export const PATHS = {
  search: '/api/reviews/search',
  hub: '/api/websub/hub',
  mcp: '/mcp',
  /** The MCP server card (SEP-2127, experimental). */
  mcpServerCard: '/mcp/server-card',
  sincePrefix: '/api/reviews/since/',
  notFoundPage: '/404.html',
} as const;

/** What another website embeds: the iframe page, the widget script and the badge (built files). */
export const EMBED_PATH = '/embed/';
export const WIDGET_PATH = '/widget.js';
export const BADGE_PATH = '/badge.svg';

/** The WebSub topics (Atom, JSON Feed, the reviews document), by path. */
export const TOPIC_PATHS = ['/feed.xml', '/api/feed.json', '/reviews.json'] as const;

/** Methods of every built file and since date: reads, and the CORS preflight. */
export const READ_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

/** The route table of the paths only the sidecar answers: the methods each allows (a 405 lists them in Allow). */
export const ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = {
  [PATHS.search]: READ_METHODS,
  [PATHS.hub]: ['POST'],
  // GET opens a 2025 session's stream; the 2026-07-28 revision is POST only.
  [PATHS.mcp]: ['POST', 'GET', 'DELETE', 'OPTIONS'],
  [PATHS.mcpServerCard]: READ_METHODS,
};

export const API_PREFIXES = ['/api/', '/mcp/', '/.well-known/'] as const;

/** True for `/api`, `/api/...`, `/mcp`, `/mcp/...` and `/.well-known/...`. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => `${path}/`.startsWith(prefix));
}

/** Every absolute URL the service publishes, derived from {base_url} (no trailing slash). */
export interface SiteUrls {
  base: string;
  home: string;
  reviews: string;
  insights: string;
  jsonFeed: string;
  atomFeed: string;
  hub: string;
  mcp: string;
  search: string;
  since: (date: string) => string;
  review: (id: string) => string;
}

export function siteUrls(siteUrl: string): SiteUrls {
  const base = new URL(siteUrl).origin;
  return {
    base,
    home: `${base}/`,
    reviews: `${base}/reviews.json`,
    insights: `${base}/insights.json`,
    jsonFeed: `${base}/api/feed.json`,
    atomFeed: `${base}/feed.xml`,
    hub: `${base}${PATHS.hub}`,
    mcp: `${base}${PATHS.mcp}`,
    search: `${base}${PATHS.search}`,
    since: (date) => `${base}${PATHS.sincePrefix}${date}`,
    review: (id) => `${base}/#review-${encodeURIComponent(id)}`,
  };
}

/** The WebSub topic URLs (Atom, JSON Feed, the reviews document). */
export function topicUrls(urls: SiteUrls): string[] {
  return TOPIC_PATHS.map((path) => `${urls.base}${path}`);
}
