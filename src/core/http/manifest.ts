// The contract between a build and whoever serves it (the sidecar, the deploy folders):
// `manifest.json` beside `site/`, with every built file's URL path and precomputed headers.

export interface ManifestEntry {
  file: string;
  content_type: string;
  etag: string;
  last_modified: string;
  size: number;
  link?: string;
}

export interface Manifest {
  build_id: string;
  site_url: string;
  /** Pre-rendered since dates; every other valid date is answered by the sidecar. */
  since_dates: string[];
  resources: Record<string, ManifestEntry>;
}

export const MANIFEST_FILE = 'manifest.json';

/**
 * A build as a server reads it, the one thing that differs between runtimes: a folder on disk
 * (sidecar/runtime/node/), the Worker's bundled manifest and static assets (sidecar/runtime/cloudflare/).
 */
export interface BuildFiles {
  /** Names the build; a new value is a new build. */
  readonly buildDir: string;
  readonly manifest: Manifest;
  /** The bytes of a built file (by its manifest entry), read now. */
  read(entry: ManifestEntry, path: string): Uint8Array;
}

export function parseManifest(text: string, where: string): Manifest {
  const manifest = JSON.parse(text) as Manifest;
  if (typeof manifest?.build_id !== 'string' || typeof manifest.resources !== 'object' || !Array.isArray(manifest.since_dates)) {
    throw new Error(`${where} is not a build manifest`);
  }
  return manifest;
}
