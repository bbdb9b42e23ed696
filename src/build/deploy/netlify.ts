import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../core/http/manifest.ts';
import { API_PREFIXES } from '../../core/http/urls.ts';
import { headerRules, headersFile } from './header-rules.ts';
import { linkTree } from './link-tree.ts';

/**
 * `dist/deploy/netlify/` for `netlify deploy --dir`: the built files (hard links), `_headers`
 * and `_redirects`. Netlify applies a proxy rule only when no file matches
 * (https://docs.netlify.com/routing/redirects/rewrites-proxies/#shadowing), so built files,
 * pre-rendered since dates among them, come from the CDN and the rest of the API paths from
 * the sidecar.
 */
export function writeNetlify(siteDir: string, manifest: Manifest, dir: string, options: { sidecarUrl: string; maxAgeS: number }): void {
  linkTree(siteDir, manifest, dir);
  writeFileSync(join(dir, '_headers'), headersFile(headerRules(manifest, options.maxAgeS)));
  writeFileSync(join(dir, '_redirects'), redirectsFile(options.sidecarUrl));
}

/** Proxy (200) rules for each API prefix, bare and with everything under it. */
export function redirectsFile(sidecarUrl: string): string {
  const rules = API_PREFIXES.flatMap((prefix) => [
    `${prefix.slice(0, -1)} ${sidecarUrl}${prefix.slice(0, -1)} 200`,
    `${prefix}* ${sidecarUrl}${prefix}:splat 200`,
  ]);
  return `${rules.join('\n')}\n`;
}
