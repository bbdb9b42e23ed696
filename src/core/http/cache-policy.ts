/**
 * Cache-Control for every public GET. Data changes only at publish time, and every
 * response carries a strong ETag, so caches may reuse a response for `maxAge` seconds
 * and then revalidate cheaply (304). Hashed assets under /_astro/ never change.
 */
export function cacheControl(path: string, maxAgeS: number): string {
  if (path.startsWith('/_astro/')) return 'public, max-age=31536000, immutable';
  return `public, max-age=${maxAgeS}`;
}
