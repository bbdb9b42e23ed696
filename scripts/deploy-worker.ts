// npm run deploy:worker [-- --no-build] [-- --no-publish] [-- --publish-wait-s S] [-- wrangler deploy options]:
// the whole service to Cloudflare as one Worker, no server: builds (unless --no-build), runs
// `wrangler deploy` on OUT_DIR's deploy/worker/ folder, then sends the publish ping to the
// Worker's hub (unless --no-publish or --dry-run), once the new version answers (for at most
// --publish-wait-s seconds, 60 by default). Other options go to wrangler, so
// `-- --dry-run --outdir DIR` writes what would be uploaded, without an account.
// With SITE_URL unset, the Worker named WORKER_NAME goes to https://<name>.<subdomain>.workers.dev,
// the subdomain asked of Cloudflare's API; with SITE_URL on a custom domain, wrangler also
// attaches that domain to the Worker (docs/deploy-cloudflare.md).
// wrangler reads CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (or a `wrangler login`).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WORKER_CONFIG, workerSecrets, workerSecretsFile, workerVars } from '../src/build/deploy/worker.ts';
import { MANIFEST_FILE } from '../src/core/http/manifest.ts';
import { ENTRIES, entryFile } from '../src/package/entries.ts';
import { readSettings } from '../src/settings/index.ts';
import { customDomain, workersDevAddress } from './cloudflare/address.ts';
import { accountId, cloudflareApi, wranglerCredentials } from './cloudflare/api.ts';
import { keepLiveWatch, type LiveWatch, readLiveWatch } from './cloudflare/live-watch.ts';
import { privateTempDir, removeAbandoned, writePrivateFile } from './run/private-dir.ts';
import { tempDir, toolBin } from './run/processes.ts';

const args = process.argv.slice(2);
const own = new Set(['--no-build', '--no-publish']);
const waitAt = args.indexOf('--publish-wait-s');
const publishWait = waitAt >= 0 ? args.splice(waitAt, 2)[1] : undefined;
const wranglerArgs = args.filter((a) => !own.has(a));
const dryRun = wranglerArgs.includes('--dry-run');
const fail = (sentence: string): never => {
  console.error(`deploy:worker: ${sentence}`);
  process.exit(1);
};
if (waitAt >= 0 && !/^\d+$/.test(publishWait ?? '')) fail('--publish-wait-s takes a number of seconds.');
const readOrFail = () => {
  try {
    return readSettings(process.env);
  } catch (error) {
    return fail(`${error instanceof Error ? error.message : String(error)}.`);
  }
};

// The build, wrangler and the publish ping all run with the address found here.
if (!process.env.SITE_URL && !dryRun) {
  const name = readOrFail().workerName;
  if (!name) fail("Set WORKER_NAME (the Worker's name, e.g. reviews-acme-plumbing) or SITE_URL: with neither, the Worker has no address.");
  try {
    const { account, siteUrl } = await workersDevAddress(process.env, name);
    process.env.SITE_URL = siteUrl;
    process.env.CLOUDFLARE_ACCOUNT_ID = account;
    console.log(`deploy:worker: no SITE_URL, so the Worker ${name} goes to ${siteUrl}`);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}
if (!process.env.SITE_URL && dryRun)
  console.log('deploy:worker: no SITE_URL; a dry run asks no account, so it builds for the default address (a deploy uses the workers.dev one).');
const settings = readOrFail();

const run = (what: string, command: string, commandArgs: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => {
  const result = spawnSync(command, commandArgs, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) fail(`${what} failed (${result.status ?? result.signal})`);
};

if (!args.includes('--no-build')) run('the build', process.execPath, [entryFile(ENTRIES.build)], process.cwd());

const config = join(settings.outDir, 'deploy', 'worker', WORKER_CONFIG);
const manifestFile = join(settings.outDir, MANIFEST_FILE);
if (!existsSync(config) || !existsSync(manifestFile)) fail(`${settings.outDir} holds no build with deploy/worker/${WORKER_CONFIG}: run without --no-build.`);
const builtFor = (JSON.parse(readFileSync(manifestFile, 'utf8')) as { site_url: string }).site_url;
if (!dryRun && builtFor !== settings.siteUrl)
  fail(
    `the build in ${settings.outDir} is for ${builtFor}, but the Worker answers at ` +
      `${settings.siteUrl}: build with SITE_URL=${settings.siteUrl}, or run without ` +
      '--no-build.',
  );
const domain = customDomain(settings.siteUrl);
if (domain && !wranglerArgs.some((a) => a === '--domain' || a === '--domains' || a === '--route' || a === '--routes')) wranglerArgs.push('--domain', domain);
const outdirAt = wranglerArgs.indexOf('--outdir');
// wrangler runs in a temporary folder: a relative --outdir means this one
if (outdirAt >= 0 && wranglerArgs[outdirAt + 1]) wranglerArgs[outdirAt + 1] = resolve(wranglerArgs[outdirAt + 1] as string);
const localVars = workerVars(process.env);
const built = JSON.parse(readFileSync(config, 'utf8')) as { name: string; triggers?: { crons?: string[] } };
const builtCrons = built.triggers?.crons ?? [];
// A build without the watch's settings would deploy a Worker that no longer watches: keep what
// the live one runs, read from the account, or refuse (wrangler keeps the Worker's secrets).
if (!dryRun && builtCrons.length === 0) {
  let live: LiveWatch | undefined;
  try {
    const api = cloudflareApi(wranglerCredentials(process.env), process.env);
    live = await readLiveWatch(api, await accountId(api, process.env), built.name);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    fail(
      `this machine has no watch settings and the live Worker's could not be read (${why}): ` +
        "set SYNC_DISPATCH_REPOSITORY and a source's settings (GOOGLE_LOCATION or TRUSTPILOT_BUSINESS_UNIT_ID) as the repository has them, then deploy again.",
    );
  }
  const kept = keepLiveWatch(builtCrons, localVars, live);
  Object.assign(localVars, kept.vars);
  for (const cron of kept.crons) wranglerArgs.push('--triggers', cron);
  const keptVars = Object.keys(kept.vars).length > 0 ? `; ${Object.keys(kept.vars).join(', ')}` : '';
  if (kept.crons.length > 0)
    console.log(`deploy:worker: this machine has no watch settings; keeping the live Worker's watch (${kept.crons.join(', ')}${keptVars}).`);
}
const vars = Object.entries(localVars).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
// Secrets go up as the Worker's secrets, from a file only this user can read, removed on exit
// (a signal too; a SIGKILLed run's folder goes at the next run): never a var, never an argument.
const secrets = workerSecrets(process.env);
const secretArgs: string[] = [];
if (Object.keys(secrets).length > 0) {
  removeAbandoned('deploy-secrets');
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => process.exit(1));
  const file = join(privateTempDir('deploy-secrets'), 'secrets.json');
  writePrivateFile(file, workerSecretsFile(secrets, 'json'));
  secretArgs.push('--secrets-file', file);
}
// wrangler keeps its state (.wrangler/) where it runs: a temporary folder, never the repository
run(
  'wrangler deploy',
  process.execPath,
  [toolBin('wrangler', 'bin/wrangler.js'), 'deploy', '--config', resolve(config), ...vars, ...secretArgs, ...wranglerArgs],
  tempDir('deploy-worker'),
  { ...process.env, WRANGLER_SEND_METRICS: 'false' },
);

if (!dryRun && !args.includes('--no-publish')) {
  // the hub is the Worker's own: ping it at SITE_URL unless SIDECAR_URL says otherwise. The
  // upload succeeded: what the ping cannot do it says, and the deploy still exits 0.
  const waitArgs = publishWait === undefined ? [] : ['--wait-s', publishWait];
  const ping = spawnSync(process.execPath, [entryFile(ENTRIES.publish), '--after-deploy', ...waitArgs], { cwd: process.cwd(), stdio: 'inherit' });
  if (ping.status !== 0)
    console.error('The Worker is deployed, but the publish ping did not run to its end: retry with `npm run publish` (`reviews publish`).');
}
