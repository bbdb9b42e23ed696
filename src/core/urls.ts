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
    hub: `${base}/api/websub/hub`,
    mcp: `${base}/mcp`,
    search: `${base}/api/reviews/search`,
    since: (date) => `${base}/api/reviews/since/${date}`,
    review: (id) => `${base}/#review-${encodeURIComponent(id)}`,
  };
}

/** The WebSub topics (interface spec, Events) with the content type each is served with. */
export function topicUrls(urls: SiteUrls): string[] {
  return [urls.atomFeed, urls.jsonFeed, urls.reviews];
}
