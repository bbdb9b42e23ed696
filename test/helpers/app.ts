import type { Hono } from 'hono';
import { createApp } from '../../sidecar/app.ts';
import { liveSite } from '../../sidecar/runtime/node/live-site.ts';
import type { LiveSite } from '../../sidecar/site/live-site.ts';
import { sharedBuild } from './shared-build.ts';

export interface BuiltApp {
  app: Hono;
  site: LiveSite;
  outDir: string;
}

/** Builds content for real (the run's shared build of it) and mounts the sidecar app in-process (no network). */
export async function buildApp(contentDir: string, siteUrl = 'https://reviews.example'): Promise<BuiltApp> {
  const outDir = await sharedBuild(contentDir, siteUrl);
  const site = liveSite(outDir, 0);
  return {
    app: createApp({ site, config: { cacheMaxAgeS: 60, searchCacheEntries: 64, responseCacheBytes: 1 << 20, staticCacheBytes: 1 << 20 } }),
    site,
    outDir,
  };
}
