import { READ_METHODS, SURFACE, SURFACE_ROWS } from './surface.ts';

export { READ_METHODS };

/**
 * Paths of the service that are not files of the build (from SURFACE). Static hosts send
 * every request for them to the sidecar; an unknown path under an API prefix gets the JSON
 * 404, any other unknown path the 404 page.
 */
export const PATHS = {
  search: SURFACE.search.path,
  hub: SURFACE.hub.path,
  mcp: SURFACE.mcp.path,
  mcpServerCard: SURFACE.mcpServerCard.path,
  sincePrefix: SURFACE.since.path.slice(0, -'{date}'.length),
  notFoundPage: SURFACE.notFoundPage.path,
} as const;

/** What another website embeds: the iframe page, the widget script and the badge (built files). */
export const EMBED_PATH = SURFACE.embed.path;
export const WIDGET_PATH = SURFACE.widget.path;
export const BADGE_PATH = SURFACE.badge.path;

/** The WebSub topics (Atom, JSON Feed, the reviews document), by path. */
export const TOPIC_PATHS: readonly string[] = SURFACE_ROWS.filter((r) => r.topic).map((r) => r.path);

/** The route table of the paths only the sidecar answers: the methods each allows (a 405 lists them in Allow). */
export const ROUTE_METHODS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  SURFACE_ROWS.filter((r) => r.servedBy === 'sidecar' && !r.path.includes('{')).map((r) => [r.path, r.methods]),
);

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
    reviews: `${base}${SURFACE.reviews.path}`,
    insights: `${base}${SURFACE.insights.path}`,
    jsonFeed: `${base}${SURFACE.jsonFeed.path}`,
    atomFeed: `${base}${SURFACE.atomFeed.path}`,
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
