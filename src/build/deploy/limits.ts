// Limits of the hosts the deploy folders are written for. The build fails with a clear
// message rather than write a file that a host would cut short or reject.

export const CLOUDFLARE = {
  /** https://developers.cloudflare.com/pages/configuration/headers/ ("maximum of 100 header rules") */
  headerRules: 100,
  /** The same page: "An individual header can have a maximum of 2,000 characters." (wrangler's parser applies it per line) */
  lineLength: 2000,
  /** https://developers.cloudflare.com/pages/functions/routing/#limits: 100 include/exclude rules, 100 characters each */
  routeRules: 100,
  routeRuleLength: 100,
  /** https://developers.cloudflare.com/workers/platform/limits/#worker-size: 3 MB on the Free plan */
  workerBytes: 3 * 1000 * 1000,
  /** https://developers.cloudflare.com/pages/platform/limits/#files: 20,000 files per site on the Free plan */
  files: 20_000,
  /** The same page: a single asset may be at most 25 MiB */
  fileBytes: 25 * 1024 * 1024,
} as const;

export const WORKERS = {
  /**
   * https://developers.cloudflare.com/workers/platform/limits/#worker-size: 3 MB after compression on the Free
   * plan (10 MB on Paid); checked uncompressed, which is stricter
   */
  scriptBytes: 3 * 1000 * 1000,
  /**
   * https://developers.cloudflare.com/workers/static-assets/#limits (and /workers/platform/limits/#static-assets):
   * 20,000 files per Worker version on the Free plan
   */
  assetFiles: 20_000,
  /** The same pages: an asset may be at most 25 MiB */
  assetBytes: 25 * 1024 * 1024,
} as const;

export class HostLimitError extends Error {}

export function within(host: string, what: string, value: number, limit: number): void {
  if (value > limit) throw new HostLimitError(`${host}: ${what} is ${value}, over the host's limit of ${limit}`);
}
