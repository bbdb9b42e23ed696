import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build, type Plugin } from 'esbuild';
import {
  ASSETS_BINDING,
  compactManifest,
  DURABLE_OBJECT_MIGRATIONS,
  DURABLE_OBJECTS,
  MCP_NEW_SESSIONS,
  searchIndexPath,
  WORKER_DATA_PREFIX,
  type WorkerBuild,
} from '../../../sidecar/runtime/cloudflare/bindings.ts';
import type { Manifest } from '../../core/http/manifest.ts';
import { SURFACE } from '../../core/http/surface.ts';
import type { SourceMark } from '../../core/import/newest.ts';
import type { ReviewsDocument } from '../../core/schemas/documents.ts';
import type { Review } from '../../core/schemas/review.ts';
import { reviewSources } from '../../core/search/names.ts';
import { packSearchIndex } from '../../core/search/packed.ts';
import { SECRET_SETTING_NAMES } from '../../settings/all.ts';
import { HUB_SETTINGS } from '../../settings/hub.ts';
import { type Env, SETTINGS } from '../../settings/index.ts';
import { SYNC_SETTINGS } from '../../settings/sync.ts';
import { WATCH_SETTINGS } from '../../settings/watch.ts';
import { headerRules, headersFile } from './header-rules.ts';
import { BUNDLES, bundleSource } from '../../package/entries.ts';
import { CLOUDFLARE, WORKERS, within } from './limits.ts';
import { linkTree } from './link-tree.ts';
import type { CloudflareValidators } from './pages.ts';

/** Cloudflare's runtime in wrangler supports compatibility dates up to its own release. */
export const COMPATIBILITY_DATE = '2026-11-01';

export const WORKER_SCRIPT = 'worker.js';
export const WORKER_CONFIG = 'wrangler.json';
/** The static assets, beside the script: the built files (hard links) and, for `host` validators, `_headers`. */
export const WORKER_ASSETS = 'assets';

export interface WorkerOptions {
  /** WORKER_NAME; empty: from the site's host (workerName). */
  workerName: string;
  maxAgeS: number;
  validators: CloudflareValidators;
  newSessionsPerMinute: number;
  /** The Cron Trigger of the watch of the sources (SYNC_WATCH_CRON), when it is on */
  watchCron?: string | undefined;
}

const ENTRY = bundleSource(BUNDLES.worker);

/**
 * `dist/deploy/worker/` for `wrangler deploy` (and `wrangler dev`): the whole service as one
 * Worker with static assets and Durable Objects, no server. With `edge` validators every
 * request runs the Worker first, so built files carry our ETag and Last-Modified and answer
 * 304 by our rules; with `host`, the asset server answers built files alone (free, unmetered)
 * and the Worker runs only for what is not a file.
 */
export async function writeWorker(siteDir: string, manifest: Manifest, dir: string, options: WorkerOptions): Promise<void> {
  // From the built /reviews.json, so that each review's JSON is the one the sidecar answers with.
  const reviews = manifest.resources[SURFACE.reviews.path];
  if (!reviews) throw new Error(`the build has no ${SURFACE.reviews.path}`);
  const reviewsJson = readFileSync(join(siteDir, reviews.file));
  const doc = JSON.parse(reviewsJson.toString('utf8')) as ReviewsDocument;
  // its reviews' JSON stays in /reviews.json (an asset already), not copied into the index
  const search = packSearchIndex(doc.reviews, { business: doc.business, sources: reviewSources(doc.reviews) }, reviewsJson);

  const files = Object.values(manifest.resources);
  within('Cloudflare Workers', 'the number of asset files', files.length + Object.keys(search.files).length, WORKERS.assetFiles);
  for (const entry of files) within('Cloudflare Workers', `the size of ${entry.file}`, entry.size, WORKERS.assetBytes);
  const assets = join(dir, WORKER_ASSETS);
  linkTree(siteDir, manifest, assets);
  if (options.validators === 'host') {
    const rules = headerRules(manifest, options.maxAgeS);
    within('Cloudflare Workers', 'the number of _headers rules', rules.length, CLOUDFLARE.headerRules);
    writeFileSync(join(assets, '_headers'), headersFile(rules));
  }

  for (const [name, bytes] of Object.entries(search.files)) {
    const file = join(assets, searchIndexPath(name));
    within('Cloudflare Workers', `the size of ${searchIndexPath(name)}`, bytes.length, WORKERS.assetBytes);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }

  const script = await bundleWorker({ manifest: compactManifest(manifest), search: search.header, marks: sourceMarks(doc), sample: fullestReview(doc) });
  within('Cloudflare Workers', `the size of ${WORKER_SCRIPT} in bytes`, script.length, WORKERS.scriptBytes);
  writeFileSync(join(dir, WORKER_SCRIPT), script);
  writeFileSync(join(dir, WORKER_CONFIG), `${JSON.stringify(wranglerConfig(manifest, options), null, 2)}\n`);
}

/** The review with the most fields, the shortest of those (the Worker warms its tools with it; its script carries it). */
export function fullestReview(doc: ReviewsDocument): Review | undefined {
  let best: { review: Review; fields: number; chars: number } | undefined;
  for (const review of doc.reviews) {
    const fields = Object.keys(review).length;
    if (best && fields < best.fields) continue;
    const chars = JSON.stringify(review).length;
    if (!best || fields > best.fields || chars < best.chars) best = { review, fields, chars };
  }
  return best?.review;
}

/** Each synced source's newest review as the sync last read it (imports.json `newest`): what the watch compares with. */
function sourceMarks(doc: ReviewsDocument): Record<string, SourceMark> {
  const imports = doc.review_counts?.imports ?? {};
  return Object.fromEntries(Object.entries(imports).flatMap(([source, record]) => (record.newest ? [[source, record.newest]] : [])));
}

/** The watch's settings the Worker reads: it asks the sources as the sync does, with the sync's settings (secrets among them). */
export const WATCH_WORKER_SETTINGS = [
  ...Object.keys(SYNC_SETTINGS).filter((name) => name.startsWith('GOOGLE_') || name.startsWith('TRUSTPILOT_')),
  ...Object.keys(WATCH_SETTINGS),
];

/** Settings of the server's, the hub's and the watch's tables that the Worker reads, as vars (secrets among them). */
const WORKER_SETTINGS = [
  'CACHE_MAX_AGE_S',
  'SEARCH_CACHE_ENTRIES',
  'RESPONSE_CACHE_BYTES',
  'STATIC_CACHE_BYTES',
  'WORKER_SERVER_TIMING',
  ...Object.keys(SETTINGS).filter((name) => name.startsWith('MCP_')),
  ...Object.keys(HUB_SETTINGS).filter((name) => name.startsWith('HUB_')),
  ...WATCH_WORKER_SETTINGS,
];

/**
 * The Worker's settings given in `env` that are not secrets, as `vars` (preview:worker,
 * deploy:worker); the build's own (SITE_URL, CACHE_MAX_AGE_S) are in wrangler.json.
 * NODE_EXTRA_CA_CERTS is a file on this machine: it stays in wrangler's environment for workerd
 * (preview only).
 */
export function workerVars(env: Env): Record<string, string> {
  return given(env, (name) => !SECRET_SETTING_NAMES.includes(name));
}

/**
 * The Worker's secrets given in `env` (the rows of the settings tables marked secret): never a
 * var, never in wrangler.json or on a command line, only in a file of their own (workerSecretsFile).
 */
export function workerSecrets(env: Env): Record<string, string> {
  return given(env, (name) => SECRET_SETTING_NAMES.includes(name));
}

function given(env: Env, keep: (name: string) => boolean): Record<string, string> {
  return Object.fromEntries(WORKER_SETTINGS.filter((name) => keep(name) && env[name] !== undefined).map((name) => [name, env[name] as string]));
}

/**
 * Secrets as a file wrangler reads: `.dev.vars` for `wrangler dev` (dotenv, read without `$`
 * expansion; a single-quoted value is taken as written, a back-quoted one when it holds a quote)
 * or JSON for `wrangler deploy --secrets-file` (no expansion at all).
 */
export function workerSecretsFile(secrets: Record<string, string>, format: 'dev.vars' | 'json'): string {
  if (format === 'json') return `${JSON.stringify(secrets)}\n`;
  return Object.entries(secrets)
    .map(([name, value]) => {
      const quote = ["'", '`'].find((q) => !value.includes(q));
      if (quote === undefined) throw new Error(`${name} holds both ' and \`: wrangler dev cannot read it from .dev.vars`);
      return `${name}=${quote}${value}${quote}\n`;
    })
    .join('');
}

/**
 * A Worker name from the site's host: one Worker per business in one account. A workers.dev
 * address, `<name>.<subdomain>.workers.dev`, names its Worker itself.
 */
export function workerName(siteUrl: string): string {
  const own = /^([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)\.[a-z0-9-]+\.workers\.dev$/.exec(new URL(siteUrl).hostname);
  if (own?.[1]) return own[1];
  const slug = new URL(siteUrl).host
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `reviews-${slug}`.slice(0, 63).replace(/-+$/, '');
}

/**
 * The Rate Limiting binding on new MCP sessions and listen streams per client address
 * (https://developers.cloudflare.com/workers/runtime-apis/bindings/rate-limit/). Its
 * namespace_id is shared by every Worker of an account that names it, so it comes from the
 * Worker's name: an agency's Workers for several businesses each count their own clients.
 */
export function workerRateLimits(name: string, newSessionsPerMinute: number) {
  const namespaceId = Number.parseInt(createHash('sha256').update(name).digest('hex').slice(0, 8), 16) % 1_000_000_000;
  return [{ name: MCP_NEW_SESSIONS, namespace_id: String(namespaceId), simple: { limit: newSessionsPerMinute, period: 60 } }];
}

/** https://developers.cloudflare.com/workers/wrangler/configuration/ */
export function wranglerConfig(manifest: Manifest, { workerName: named, maxAgeS, validators, newSessionsPerMinute, watchCron }: WorkerOptions) {
  const name = named || workerName(manifest.site_url);
  return {
    name,
    main: WORKER_SCRIPT,
    // https://<name>.<subdomain>.workers.dev stays on, also once a custom domain is added
    workers_dev: true,
    compatibility_date: COMPATIBILITY_DATE,
    // no nodejs_compat: the shared code is runtime-free (ARCHITECTURE.md, Runtime-free code)
    // already bundled by the build, with the build's manifest in it
    no_bundle: true,
    find_additional_modules: false,
    assets: {
      directory: WORKER_ASSETS,
      binding: ASSETS_BINDING,
      run_worker_first: validators === 'edge' ? true : [`${WORKER_DATA_PREFIX}*`],
      not_found_handling: 'none',
    },
    durable_objects: {
      bindings: Object.entries(DURABLE_OBJECTS).map(([name, class_name]) => ({ name, class_name })),
      // A deploy is a new build: an object still on the old code would compare topics and MCP
      // resources with the old one. The default defers an object with an open stream for up to
      // 5 minutes (https://developers.cloudflare.com/durable-objects/deployments/durable-objects-code-updates/).
      code_update_strategy: { mode: 'immediate' },
    },
    migrations: DURABLE_OBJECT_MIGRATIONS,
    // https://developers.cloudflare.com/workers/configuration/cron-triggers/: the watch, only when it is on
    ...(watchCron ? { triggers: { crons: [watchCron] } } : {}),
    ratelimits: workerRateLimits(name, newSessionsPerMinute),
    vars: { SITE_URL: manifest.site_url, CACHE_MAX_AGE_S: String(maxAgeS) },
    observability: { enabled: true },
  };
}

/**
 * Code the build runs and the Worker never does: the insights analyser (its models alone are
 * 0.4 MB) and the build's own modules. The Worker answers from the built files.
 */
const BUILD_ONLY = /(^|\/)src\/(core\/insights|build)\//;

/** The Worker's script from its entry (another entry in tests), with the build's data in it. */
export async function bundleWorker(data: WorkerBuild, entry = ENTRY): Promise<Buffer> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    target: 'es2024',
    // no node: module: the Worker runs without nodejs_compat, so one would fail only there
    external: ['cloudflare:*'],
    write: false,
    minify: true,
    legalComments: 'none',
    define: { __WORKER_BUILD__: JSON.stringify(data) },
    plugins: [englishZodOnly()],
    metafile: true,
    logLevel: 'silent',
  });
  const buildOnly = Object.keys(result.metafile.inputs).filter((input) => BUILD_ONLY.test(input));
  if (buildOnly.length > 0) throw new Error(`the Worker's script would carry build-time code: ${buildOnly.join(', ')}`);
  const [output] = result.outputFiles;
  if (!output) throw new Error('esbuild wrote no worker');
  return Buffer.from(output.contents);
}

/**
 * zod's namespace object re-exports every locale's error messages (0.26 MB of the script), which
 * no bundler can drop while `z` is a value; the Worker's messages are English, zod's default.
 */
function englishZodOnly(): Plugin {
  const filter = /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/;
  return {
    name: 'english-zod-only',
    setup(b) {
      b.onLoad({ filter }, () => ({ contents: 'export { default as en } from "./en.js";', loader: 'js' }));
    },
  };
}
