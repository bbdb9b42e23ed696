// Conditional GET (RFC 9110 §13): one helper for the static files, since and search.

const ETAG_RE = /(?:W\/)?"[^"]*"/g;

function opaque(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2); `*` matches any current representation. */
export function etagMatches(ifNoneMatch: string, etag: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  const wanted = opaque(etag);
  return (ifNoneMatch.match(ETAG_RE) ?? []).some((tag) => opaque(tag) === wanted);
}

/**
 * True when a GET or HEAD may be answered 304. If-None-Match, when present, decides alone
 * (§13.2.2 step 3); If-Modified-Since is considered only without it, and an invalid date is ignored.
 */
export function isNotModified(headers: Headers, etag: string, lastModified: string | undefined): boolean {
  return notModified(headers.get('if-none-match') ?? undefined, headers.get('if-modified-since') ?? undefined, etag, lastModified);
}

/** The same rule over the two header values, as node:http gives them. */
export function notModified(ifNoneMatch: string | undefined, ifModifiedSince: string | undefined, etag: string, lastModified: string | undefined): boolean {
  if (ifNoneMatch !== undefined) return etagMatches(ifNoneMatch, etag);
  if (ifModifiedSince === undefined || lastModified === undefined) return false;
  const since = Date.parse(ifModifiedSince);
  return !Number.isNaN(since) && Date.parse(lastModified) <= since;
}

/** The headers of a 200 that its 304 repeats (RETAINED_304_HEADERS). */
export function notModifiedHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (RETAINED_304_HEADERS.has(name)) kept[name] = value;
  return kept;
}

/** Headers a 304 keeps (RFC 9110 §15.4.5), plus CORS so browsers can read it. */
export const RETAINED_304_HEADERS = new Set([
  'cache-control',
  'content-location',
  'date',
  'etag',
  'expires',
  'vary',
  'access-control-allow-origin',
  'access-control-expose-headers',
]);
