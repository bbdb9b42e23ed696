// The no-server Worker's bindings and what the build bundles into it, named once: its entry
// (sidecar/runtime/workers/worker.ts) reads them, src/build/deploy/worker.ts writes them into
// wrangler.json. The entry exports the Durable Object classes under these names.
import type { Manifest } from '../core/http/manifest.ts';
import type { PackedHeader } from '../core/search/packed.ts';
import type { AssetFetcher } from './serve-asset.ts';

export const ASSETS_BINDING = 'ASSETS';

/** Binding name → the Durable Object class behind it (SQLite-backed, one migration each). */
export const DURABLE_OBJECTS = {
  HUB: 'HubObject',
  MCP_SESSION: 'McpSessionObject',
} as const;

/** The slice of the Durable Object namespace API the Worker uses (types of workerd's runtime). */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(request: Request): Promise<Response> };
}

/** What the build bundles into the Worker's script. */
export interface WorkerBuild {
  manifest: Manifest;
  /** The packed search index's header; its files are static assets (searchIndexPath). */
  search: PackedHeader;
}

/**
 * Where the Worker's own data lies among its static assets. No request is answered from here:
 * with `edge` validators the Worker runs first for every path, with `host` for this prefix.
 */
export const WORKER_DATA_PREFIX = '/_worker/';

export const searchIndexPath = (file: string) => `${WORKER_DATA_PREFIX}search-${file}.bin`;

export interface WorkerEnv {
  [ASSETS_BINDING]: AssetFetcher;
  HUB: DurableObjectNamespaceLike;
  MCP_SESSION: DurableObjectNamespaceLike;
  /** The settings given as `vars` (and secrets): strings only. */
  [setting: string]: unknown;
}

/** The `vars` of the Worker, as the settings readers take them. */
export function settingsEnv(env: WorkerEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
