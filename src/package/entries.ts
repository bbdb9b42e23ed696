// The entry files of this package, by their path from the package's root without extension: the
// one list the `reviews` command dispatches from, the server starts the sync and the hub's engine
// from and prepack checks, the bundles the build makes, and the one resolver of those paths to
// files. `secret`, `status` and `syncCheck` may not exist in an older engine; the command says so.
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ENTRIES = {
  import: 'scripts/import',
  verify: 'scripts/verify',
  dev: 'scripts/dev',
  build: 'scripts/build',
  serve: 'sidecar/runtime/node/main',
  previewWorker: 'scripts/preview-worker',
  previewHost: 'scripts/preview',
  deploy: 'scripts/deploy-worker',
  secret: 'scripts/secret',
  status: 'scripts/status',
  sync: 'scripts/sync',
  /** also run alone from the engine's tarball, before `npm install`, by the sync workflow */
  syncCheck: 'scripts/sync-check',
  publish: 'scripts/publish',
  hubBackup: 'scripts/hub-backup',
  /** started by the sidecar as a worker thread, not by the command */
  hubEngine: 'sidecar/runtime/node/hub/engine-worker',
} as const;

/** The entries of what the build bundles with esbuild: the Worker, the Cloudflare Pages worker, the MCP App. */
export const BUNDLES = {
  worker: 'sidecar/runtime/cloudflare/main',
  pagesWorker: 'sidecar/runtime/cloudflare/pages-worker',
  mcpApp: 'src/mcp-app/main',
} as const;

export type Entry = (typeof ENTRIES)[keyof typeof ENTRIES];
export type Bundle = (typeof BUNDLES)[keyof typeof BUNDLES];

/**
 * `.ts` in the repository, `.js` in an installed package, where this file too is compiled at pack
 * time (Node strips no types under node_modules): the one place the extension is decided.
 */
export const ENTRY_EXT = extname(fileURLToPath(import.meta.url));

/** This file is `src/package/entries` under the package's root (the repository, or `lib/` installed). */
const PACKAGE_ROOT = new URL('../../', import.meta.url);

/** A module of this package by its path without extension: `.ts` here, `.js` installed. */
const packageFile = (path: string): string => fileURLToPath(new URL(`${path}${ENTRY_EXT}`, PACKAGE_ROOT));

/** The file of an entry: `scripts/sync` is `scripts/sync.ts` here, `lib/scripts/sync.js` installed. */
export const entryFile = (entry: Entry): string => packageFile(entry);

/**
 * The source a bundle is made from: the TypeScript here, the compiled JavaScript installed. An
 * installed site's bundles differ from this repository's in bytes, not in behaviour: esbuild picks
 * minified names from the text it reads, and applies this repository's tsconfig.json to its own
 * files only.
 */
export const bundleSource = (bundle: Bundle): string => packageFile(bundle);
