// Where the site's Worker answers, and by which name: its workers.dev address until SITE_URL
// names a custom domain, then that domain too (https://developers.cloudflare.com/workers/configuration/routing/).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WORKER_CONFIG, workerName } from '../../src/build/deploy/worker.ts';
import type { Settings } from '../../src/settings/index.ts';
import { accountId, cloudflareApi, workersDevSubdomain, wranglerCredentials } from './api.ts';

export const workersDevUrl = (name: string, subdomain: string) => `https://${name}.${subdomain}.workers.dev`;

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

/** The host SITE_URL names, when it is a custom domain (not workers.dev, not this machine). */
export function customDomain(siteUrl: string): string | undefined {
  const { hostname } = new URL(siteUrl);
  return hostname.endsWith('.workers.dev') || LOOPBACK.test(hostname) ? undefined : hostname;
}

/** The account, and the Worker's workers.dev address from the account's subdomain, asked of Cloudflare's API. */
export async function workersDevAddress(env: NodeJS.ProcessEnv, name: string): Promise<{ account: string; siteUrl: string }> {
  const api = cloudflareApi(wranglerCredentials(env), env);
  const account = await accountId(api, env);
  const subdomain = await workersDevSubdomain(api, account);
  if (!subdomain)
    throw new Error(
      'This Cloudflare account has no workers.dev subdomain yet: choose one once at ' +
        `https://dash.cloudflare.com/${account}/workers/onboarding (Workers & Pages, or Compute › Workers), ` +
        'then deploy again.',
    );
  return { account, siteUrl: workersDevUrl(name, subdomain) };
}

/**
 * The site's Worker: WORKER_NAME, else the name the last build gave it, else the one SITE_URL
 * gives (what the build does); undefined when none is known.
 */
export function siteWorkerName(settings: Settings, siteUrlSet: boolean): string | undefined {
  if (settings.workerName) return settings.workerName;
  const built = join(settings.outDir, 'deploy', 'worker', WORKER_CONFIG);
  if (existsSync(built)) {
    const { name } = JSON.parse(readFileSync(built, 'utf8')) as { name?: unknown };
    if (typeof name === 'string' && name !== '') return name;
  }
  return siteUrlSet ? workerName(settings.siteUrl) : undefined;
}
