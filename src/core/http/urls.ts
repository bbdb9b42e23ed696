/**
 * Paths of the service that are not files of the build. Static hosts send every request for
 * them to the sidecar; an unknown path under an API prefix gets the JSON 404, any other
 * unknown path the 404 page.
 */
export const PATHS = {
  search: '/api/reviews/search',
  hub: '/api/websub/hub',
  mcp: '/mcp',
  sincePrefix: '/api/reviews/since/',
  notFoundPage: '/404.html',
} as const;

/** The WebSub topics (Atom, JSON Feed, the reviews document), by path. */
export const TOPIC_PATHS = ['/feed.xml', '/api/feed.json', '/reviews.json'] as const;

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
