import { PATHS, type SiteUrls, topicUrls } from './urls.ts';

// Media types and path rules shared by the build and the sidecar. Kept apart from the
// renderers so the sidecar does not load the feed and insights code it never runs.

export const JSON_TYPE = 'application/json; charset=utf-8';
export const ATOM_TYPE = 'application/atom+xml; charset=utf-8';

/** Compact JSON: key order comes from the zod schemas, so equal data gives equal bytes. */
export function serializeJson(value: unknown): string {
  return JSON.stringify(value);
}

/** The one table of media types, by file extension; text types carry their charset. */
const BY_EXTENSION: Record<string, string> = {
  '.json': JSON_TYPE,
  '.xml': ATOM_TYPE,
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/** The type a URL path is served with: since files have no extension, folder paths are pages. */
export function contentTypeFor(path: string): string {
  if (path.startsWith(PATHS.sincePrefix)) return JSON_TYPE;
  if (path.endsWith('/')) return BY_EXTENSION['.html'] as string;
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? BY_EXTENSION[name.slice(dot).toLowerCase()] : undefined) ?? 'application/octet-stream';
}

/** `Link` header for a WebSub topic (W3C WebSub §4: rel=hub and rel=self), or undefined. */
export function topicLink(path: string, urls: SiteUrls): string | undefined {
  const topic = `${urls.base}${path}`;
  return topicUrls(urls).includes(topic) ? `<${urls.hub}>; rel="hub", <${topic}>; rel="self"` : undefined;
}
