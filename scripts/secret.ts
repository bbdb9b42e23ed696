// npm run secret -- put NAME | list: the secrets of the site's own Cloudflare Worker, through
// `wrangler secret` with the Worker's name (no wrangler configuration needed in the site). The
// value of `put` comes from stdin (a pipe, or wrangler's hidden prompt in a terminal), never from
// the command line, where the shell's history and the process list would keep it. Only the
// service's secrets are taken: any other setting belongs in the config file or the environment.
import { readFileSync } from 'node:fs';
import { ALL_SETTINGS, SECRET_SETTING_NAMES } from '../src/settings/all.ts';
import { readSettings, type Settings } from '../src/settings/index.ts';
import { readTable } from '../src/settings/table.ts';
import { siteWorkerName } from './cloudflare/address.ts';
import { accountId, cloudflareApi, workerExists, wranglerCredentials } from './cloudflare/api.ts';
import { runWrangler } from './cloudflare/wrangler.ts';

const USAGE = 'Usage: npm run secret -- put NAME (the value on stdin), or npm run secret -- list';

function fail(sentence: string): never {
  console.error(`secret: ${sentence}`);
  process.exit(1);
}

const [command, name, ...rest] = process.argv.slice(2);
if (command !== 'put' && command !== 'list') fail(`${command === undefined ? 'no command' : `unknown command "${command}"`}. ${USAGE}`);
if (command === 'list' && name !== undefined) fail(`list takes no name. ${USAGE}`);
if (command === 'put') {
  if (name === undefined) fail(`put needs the secret's name. ${USAGE}`);
  if (rest.length > 0) fail('the value is read from stdin, never from the command line: pipe it in, or type it at the prompt.');
  if (!SECRET_SETTING_NAMES.includes(name))
    fail(
      `${name} is not one of the service's secrets ` +
        `(${SECRET_SETTING_NAMES.join(', ')}); a setting that is not secret goes in the ` +
        'config file or the environment.',
    );
}

/** The value piped in, checked by its setting's row (whose errors never quote a secret); undefined in a terminal, where wrangler asks. */
function pipedValue(secretName: string): string | undefined {
  if (process.stdin.isTTY) return undefined;
  const value = readFileSync(0, 'utf8').replace(/\r?\n$/, '');
  if (value === '') fail(`no value on stdin for ${secretName}: pipe it in, e.g. printf %s "$VALUE" | npm run secret -- put ${secretName}`);
  const row = ALL_SETTINGS[secretName];
  try {
    if (row) readTable({ [secretName]: row }, { [secretName]: value });
  } catch (error) {
    fail(`${error instanceof Error ? error.message : String(error)}.`);
  }
  return value;
}

const input = command === 'put' ? pipedValue(name as string) : undefined;
let settings: Settings;
try {
  settings = readSettings(process.env);
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}.`);
}
const worker = siteWorkerName(settings, Boolean(process.env.SITE_URL));
if (!worker) fail('the Worker has no name yet: set WORKER_NAME (or SITE_URL), as for the deploy.');

let account: string;
try {
  const api = cloudflareApi(wranglerCredentials(process.env), process.env);
  account = await accountId(api, process.env);
  // wrangler would create an empty Worker of that name, taking its address before the first deploy
  if (!(await workerExists(api, account, worker)))
    fail(`this Cloudflare account has no Worker named ${worker} yet: deploy first (npm run deploy:worker), then set its secrets.`);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const wranglerArgs = command === 'put' ? ['secret', 'put', name as string, '--name', worker] : ['secret', 'list', '--name', worker];
const run = runWrangler(wranglerArgs, { stdio: 'inherit', env: { ...process.env, CLOUDFLARE_ACCOUNT_ID: account }, ...(input === undefined ? {} : { input }) });
if (run.status !== 0) fail(`wrangler secret ${command} failed (${run.status ?? run.signal}).`);
