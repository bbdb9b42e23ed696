import { join } from 'node:path';
import type { Hono } from 'hono';
import { createApp } from '../../sidecar/app.ts';
import { type LiveSite, liveSite } from '../../sidecar/site/live-site.ts';
import { buildOrThrow } from './build.ts';
import { tempDir } from './paths.ts';

export interface BuiltApp {
  app: Hono;
  site: LiveSite;
  outDir: string;
}

/** Builds content for real and mounts the sidecar app in-process (no network). */
export function buildApp(contentDir: string, siteUrl = 'https://reviews.example'): BuiltApp {
  const outDir = join(tempDir('app'), 'dist');
  buildOrThrow({ CONTENT_DIR: contentDir, OUT_DIR: outDir, SITE_URL: siteUrl });
  const site = liveSite(outDir, 0);
  return {
    app: createApp({ site, config: { cacheMaxAgeS: 60, searchCacheEntries: 64, responseCacheBytes: 1 << 20, staticCacheBytes: 1 << 20 } }),
    site,
    outDir,
  };
}
