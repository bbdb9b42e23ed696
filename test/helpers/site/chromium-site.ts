// A built site served on port 0 and a Chromium to look at it, for a file of browser tests.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../chromium.ts';
import { ROOT } from '../paths.ts';
import { type RunningServer, startServer } from '../server.ts';
import { sharedBuild } from '../shared-build.ts';

export const SITE = 'https://reviews.example';
export const SHOTS = join(ROOT, 'test-output', 'site');
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1366, height: 900 };

export interface ChromiumSite {
  server: RunningServer;
  browser: Browser;
}

/** Before the file's tests, builds `content()` for SITE, serves it and launches Chromium; after them, closes both. */
export function chromiumSite(content: () => string): ChromiumSite {
  const site = {} as ChromiumSite;
  beforeAll(async () => {
    site.server = await startServer({ OUT_DIR: await sharedBuild(content(), SITE) });
    site.browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
  });
  return site;
}
