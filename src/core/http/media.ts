import { type SiteUrls, topicUrls } from './urls.ts';

// Media types and path rules shared by the build and the sidecar. Kept apart from the
// renderers so the sidecar does not load the feed and insights code it never runs.

export const JSON_TYPE = 'application/json; charset=utf-8';
export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

export const SINCE_PREFIX = '/api/reviews/since/';

/** Compact JSON: key order comes from the zod schemas, so equal data gives equal bytes. */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value);
}

export function contentTypeFor(path: string): string {
  return path.endsWith('.xml') ? ATOM_TYPE : JSON_TYPE;
}

/** `Link` header for a WebSub topic (interface spec, Events item 4), or undefined. */
export function topicLink(path: string, urls: SiteUrls): string | undefined {
  const topic = `${urls.base}${path}`;
  return topicUrls(urls).includes(topic) ? `<${urls.hub}>; rel="hub", <${topic}>; rel="self"` : undefined;
}
