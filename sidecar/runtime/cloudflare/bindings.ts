// The no-server Worker's bindings and what the build bundles into it, named once: its entry
// (sidecar/runtime/cloudflare/main.ts) reads them, src/build/deploy/worker.ts writes them into
// wrangler.json. The entry exports the Durable Object classes under these names.
import type { Manifest } from '../../../src/core/http/manifest.ts';
import { SURFACE } from '../../../src/core/http/surface.ts';
import type { SourceMark } from '../../../src/core/import/newest.ts';
import type { Review } from '../../../src/core/schemas/review.ts';
import { type PackedHeader, REVIEWS_FILE } from '../../../src/core/search/packed.ts';
import type { AssetFetcher, DurableObjectNamespace, RateLimit } from './types.ts';

export const ASSETS_BINDING = 'ASSETS';

/** Binding name → the Durable Object class behind it (SQLite-backed, one migration each). */
export const DURABLE_OBJECTS = {
  HUB: 'HubObject',
  MCP_SESSION: 'McpSessionObject',
  WATCH: 'WatchObject',
} as const;

/**
 * The Durable Object migrations, append only: a deployed tag is never edited, a new class gets
 * a new tag (https://developers.cloudflare.com/durable-objects/reference/durable-objects-migrations/).
 */
export const DURABLE_OBJECT_MIGRATIONS = [
  { tag: 'v1', new_sqlite_classes: [DURABLE_OBJECTS.HUB, DURABLE_OBJECTS.MCP_SESSION] },
  { tag: 'v2', new_sqlite_classes: [DURABLE_OBJECTS.WATCH] },
];

/**
 * The manifest as the script carries it: each entry a row of its values, with the few content
 * types and dates as indexes into tables (a third of the bytes at 20,000 reviews). The Worker
 * never reads `file` (assets are read by path), so the rows leave it out.
 */
export interface CompactManifest {
  build_id: string;
  site_url: string;
  since_dates: string[];
  types: string[];
  dates: string[];
  /** [path, type index, etag, date index, size, link?] */
  rows: [string, number, string, number, number, string?][];
}

export function compactManifest(manifest: Manifest): CompactManifest {
  const types: string[] = [];
  const dates: string[] = [];
  const indexOf = (table: string[], value: string) => {
    const at = table.indexOf(value);
    return at >= 0 ? at : table.push(value) - 1;
  };
  const rows = Object.entries(manifest.resources).map(([path, e]): CompactManifest['rows'][number] => {
    const row: CompactManifest['rows'][number] = [path, indexOf(types, e.content_type), e.etag, indexOf(dates, e.last_modified), e.size];
    if (e.link) row.push(e.link);
    return row;
  });
  return { build_id: manifest.build_id, site_url: manifest.site_url, since_dates: manifest.since_dates, types, dates, rows };
}

export function expandManifest(c: CompactManifest): Manifest {
  const resources: Manifest['resources'] = {};
  for (const [path, type, etag, date, size, link] of c.rows) {
    resources[path] = { file: '', content_type: c.types[type] as string, etag, last_modified: c.dates[date] as string, size, ...(link ? { link } : {}) };
  }
  return { build_id: c.build_id, site_url: c.site_url, since_dates: c.since_dates, resources };
}

/** What the build bundles into the Worker's script. */
export interface WorkerBuild {
  manifest: CompactManifest;
  /** The packed search index's header; its files are static assets (searchIndexPath). */
  search: PackedHeader;
  /** Each synced source's newest review when the content was synced (imports.json `newest`), which the watch compares with. */
  marks: Record<string, SourceMark>;
  /** One review of the build (the shortest of those with the most fields), to warm the MCP tools with when an isolate starts (sidecar/mcp/warm.ts). */
  sample?: Review | undefined;
}

/**
 * Where the Worker's own data lies among its static assets. No request is answered from here:
 * with `edge` validators the Worker runs first for every path, with `host` for this prefix.
 */
export const WORKER_DATA_PREFIX = '/_worker/';

export const searchIndexPath = (file: string) => `${WORKER_DATA_PREFIX}search-${file}.bin`;

/** The watch's last outcomes, for a request signed like the publish ping (`npm run status`). */
export const WATCH_STATUS_PATH = `${WORKER_DATA_PREFIX}watch`;

/** Where the Worker reads a file of the packed index from: its own, or the built /reviews.json. */
export const packedFilePath = (file: string) => (file === REVIEWS_FILE ? SURFACE.reviews.path : searchIndexPath(file));

/** The binding that limits new MCP sessions and listen streams per client address (MCP_NEW_SESSIONS_PER_MINUTE). */
export const MCP_NEW_SESSIONS = 'MCP_NEW_SESSIONS';

export interface WorkerEnv {
  [ASSETS_BINDING]: AssetFetcher;
  HUB: DurableObjectNamespace;
  MCP_SESSION: DurableObjectNamespace;
  WATCH: DurableObjectNamespace;
  [MCP_NEW_SESSIONS]: RateLimit;
  /** The settings given as `vars` (and secrets): strings only. */
  [setting: string]: unknown;
}

/** The `vars` of the Worker, as the settings readers take them. */
export function settingsEnv(env: WorkerEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
