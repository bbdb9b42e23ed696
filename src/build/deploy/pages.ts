import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { EdgeTable } from '../../../sidecar/runtime/cloudflare/pages-worker.ts';
import type { RepresentationMeta } from '../../core/http/headers.ts';
import type { Manifest } from '../../core/http/manifest.ts';
import { API_PREFIXES, isApiPath, PATHS } from '../../core/http/urls.ts';
import { headerRules, headersFile } from './header-rules.ts';
import { BUNDLES, bundleSource } from '../../package/entries.ts';
import { CLOUDFLARE, within } from './limits.ts';
import { linkTree } from './link-tree.ts';

/** `edge`: the worker answers every path with our validators; `host`: only the API paths reach it. */
export type CloudflareValidators = 'edge' | 'host';

export interface PagesOptions {
  sidecarUrl: string;
  maxAgeS: number;
  validators: CloudflareValidators;
}

const WORKER_SOURCE = bundleSource(BUNDLES.pagesWorker);

/**
 * `dist/deploy/pages/` for `wrangler pages deploy`: the built files (hard links), a
 * `_headers` within Pages' rule limit, `_worker.js` (advanced mode) and `_routes.json`
 * choosing which paths run it. No `_redirects`: Pages proxies (200) only to its own paths,
 * so the worker is what reaches the sidecar.
 */
export async function writePages(siteDir: string, manifest: Manifest, dir: string, options: PagesOptions): Promise<void> {
  const files = Object.values(manifest.resources);
  within('Cloudflare Pages', 'the number of files', files.length + 3, CLOUDFLARE.files);
  for (const entry of files) within('Cloudflare Pages', `the size of ${entry.file}`, entry.size, CLOUDFLARE.fileBytes);
  linkTree(siteDir, manifest, dir);

  const rules = headerRules(manifest, options.maxAgeS);
  within('Cloudflare Pages', 'the number of _headers rules', rules.length, CLOUDFLARE.headerRules);
  const headers = headersFile(rules);
  const longest = Math.max(...headers.split('\n').map((line) => line.length));
  within('Cloudflare Pages', 'the longest _headers line', longest, CLOUDFLARE.lineLength);
  writeFileSync(join(dir, '_headers'), headers);

  const routes = routesFile(manifest, options.validators);
  within('Cloudflare Pages', 'the number of _routes.json rules', routes.include.length + routes.exclude.length, CLOUDFLARE.routeRules);
  for (const rule of [...routes.include, ...routes.exclude])
    within('Cloudflare Pages', `the length of the route rule ${rule}`, rule.length, CLOUDFLARE.routeRuleLength);
  writeFileSync(join(dir, '_routes.json'), `${JSON.stringify(routes, null, 2)}\n`);

  const worker = await bundleWorker(edgeTable(manifest, options));
  within('Cloudflare Pages', 'the size of _worker.js in bytes', worker.length, CLOUDFLARE.workerBytes);
  writeFileSync(join(dir, '_worker.js'), worker);
}

export function edgeTable(manifest: Manifest, { sidecarUrl, maxAgeS }: PagesOptions): EdgeTable {
  const resources: Record<string, RepresentationMeta> = {};
  for (const [path, { content_type, etag, last_modified, link }] of Object.entries(manifest.resources)) {
    resources[path] = { content_type, etag, last_modified, ...(link ? { link } : {}) };
  }
  return { sidecarUrl, maxAgeS, resources };
}

/**
 * `_routes.json` (https://developers.cloudflare.com/pages/functions/routing/). With host
 * validators, only the API prefixes run the worker, less the built pages and feeds under
 * them (since files stay in: the worker serves them, and the dates it has no file for).
 */
export function routesFile(manifest: Manifest, validators: CloudflareValidators): { version: 1; include: string[]; exclude: string[] } {
  if (validators === 'edge') return { version: 1, include: ['/*'], exclude: [] };
  const include = API_PREFIXES.flatMap((prefix) => [prefix.slice(0, -1), `${prefix}*`]);
  const exclude = Object.keys(manifest.resources)
    .filter((path) => isApiPath(path) && !path.startsWith(PATHS.sincePrefix))
    .sort();
  return { version: 1, include, exclude };
}

async function bundleWorker(table: EdgeTable): Promise<Buffer> {
  const result = await build({
    entryPoints: [WORKER_SOURCE],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    legalComments: 'none',
    define: { __EDGE_TABLE__: JSON.stringify(table) },
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no worker');
  return Buffer.from(output.contents);
}
