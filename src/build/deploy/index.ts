import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Manifest } from '../../core/http/manifest.ts';
import { writeNetlify } from './netlify.ts';
import { type CloudflareValidators, writePages } from './pages.ts';
import { writeWorker } from './worker.ts';

export interface DeployOptions {
  sidecarUrl: string;
  /** WORKER_NAME, the Cloudflare Worker's name (empty: from SITE_URL). */
  workerName: string;
  maxAgeS: number;
  cloudflareValidators: CloudflareValidators;
  /** MCP_NEW_SESSIONS_PER_MINUTE, for the Worker's rate limit. */
  newSessionsPerMinute: number;
  /** The Worker's Cron Trigger for the watch of the sources; none when undefined. */
  watchCron?: string | undefined;
}

/** The hosts a build writes a ready folder for, `<build>/deploy/<host>/`. */
export const HOSTS = ['pages', 'netlify', 'worker'] as const;

export async function writeDeployFolders(buildDir: string, manifest: Manifest, options: DeployOptions): Promise<void> {
  const siteDir = join(buildDir, 'site');
  const folder = (host: (typeof HOSTS)[number]) => {
    const dir = join(buildDir, 'deploy', host);
    mkdirSync(dir, { recursive: true });
    return dir;
  };
  await writePages(siteDir, manifest, folder('pages'), {
    sidecarUrl: options.sidecarUrl,
    maxAgeS: options.maxAgeS,
    validators: options.cloudflareValidators,
  });
  writeNetlify(siteDir, manifest, folder('netlify'), { sidecarUrl: options.sidecarUrl, maxAgeS: options.maxAgeS });
  await writeWorker(siteDir, manifest, folder('worker'), {
    workerName: options.workerName,
    maxAgeS: options.maxAgeS,
    validators: options.cloudflareValidators,
    newSessionsPerMinute: options.newSessionsPerMinute,
    watchCron: options.watchCron,
  });
}
