import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { sinceEtag } from '../core/documents/since.ts';
import { strongEtag } from '../core/http/etag.ts';
import type { Manifest, ManifestEntry } from '../core/http/manifest.ts';
import { contentTypeFor, topicLink } from '../core/http/media.ts';
import { SURFACE } from '../core/http/surface.ts';
import { PATHS, type SiteUrls } from '../core/http/urls.ts';

/** URL path of a built file: `index.html` files answer at their folder's path. */
export function urlPath(file: string): string {
  const path = `/${file.split(sep).join('/')}`;
  return path.endsWith('/index.html') ? path.slice(0, -'index.html'.length) : path;
}

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Hashes every built file. Last-Modified is kept from the previous build while the bytes
 * are unchanged, and otherwise moves to `now`, but always at least one second past the
 * previous value: HTTP dates have one-second resolution, so a change within the same
 * second would otherwise be hidden from If-Modified-Since.
 */
export function computeManifest(siteDir: string, urls: SiteUrls, previous: Manifest | undefined, now: Date, buildId: string, sinceDates: string[]): Manifest {
  const resources: Record<string, ManifestEntry> = {};
  const files = [...walk(siteDir)].map((f) => relative(siteDir, f)).sort();
  const reviewsFile = files.find((f) => urlPath(f) === SURFACE.reviews.path);
  const reviewsEtag = reviewsFile ? strongEtag(readFileSync(join(siteDir, reviewsFile))) : '';
  const since = new Set(sinceDates);
  for (const file of files) {
    const bytes = readFileSync(join(siteDir, file));
    const path = urlPath(file);
    const date = path.startsWith(PATHS.sincePrefix) ? path.slice(PATHS.sincePrefix.length) : '';
    const etag = since.has(date) && reviewsFile ? sinceEtag(reviewsEtag, date) : strongEtag(bytes);
    const before = previous?.resources[path];
    let lastModified = before?.last_modified ?? now.toUTCString();
    if (before && before.etag !== etag) {
      const floor = Date.parse(before.last_modified) + 1000;
      lastModified = new Date(Math.max(floor, now.getTime())).toUTCString();
    }
    const link = topicLink(path, urls);
    resources[path] = { file, content_type: contentTypeFor(path), etag, last_modified: lastModified, size: bytes.length, ...(link ? { link } : {}) };
  }
  return { build_id: buildId, site_url: urls.base, since_dates: sinceDates, resources };
}
