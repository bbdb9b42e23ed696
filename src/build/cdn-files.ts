import { resourceHeaders } from '../core/headers.ts';
import { SINCE_PREFIX } from '../core/media.ts';
import type { Manifest } from './manifest.ts';

/** Paths only the sidecar can answer (they are never files). */
export const DYNAMIC_PATHS = ['/api/reviews/search', '/mcp', '/api/websub/hub'];

/** Netlify / Cloudflare Pages `_headers`: the exact headers the sidecar sends, per path. */
export function headersFile(manifest: Manifest, maxAgeS: number): string {
  const blocks = Object.entries(manifest.resources).map(([path, entry]) => {
    // Last-Modified comes from the build clock; leaving it out keeps the file deterministic,
    // and static hosts set it from the upload time themselves.
    const lines = Object.entries(resourceHeaders(path, entry, maxAgeS))
      .filter(([name]) => name !== 'last-modified')
      .map(([name, value]) => `  ${name}: ${value}`);
    return `${path}\n${lines.join('\n')}`;
  });
  return `${blocks.join('\n')}\n`;
}

/**
 * `_redirects`: dynamic paths are proxied (status 200) to the sidecar. Static hosts apply
 * a rule only when no file matches, so since dates that were pre-rendered are served as
 * files and every other date reaches the sidecar.
 */
export function redirectsFile(sidecarUrl: string): string {
  const rules = [...DYNAMIC_PATHS.map((p) => `${p} ${sidecarUrl}${p} 200`), `${SINCE_PREFIX}* ${sidecarUrl}${SINCE_PREFIX}:splat 200`];
  return `${rules.join('\n')}\n`;
}
