// npm run deploy:cloudflare [-- --no-build] [-- --no-publish] [-- wrangler deploy options]:
// the whole service to Cloudflare as one Worker, no server: builds (unless --no-build), runs
// `wrangler deploy` on OUT_DIR's deploy/worker/ folder, then sends the publish ping to the
// Worker's hub (unless --no-publish or --dry-run). Other options go to wrangler, so
// `-- --dry-run --outdir DIR` writes what would be uploaded, without an account.
// wrangler reads CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (or a `wrangler login`).
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { WORKER_CONFIG, workerVars } from '../src/build/deploy/worker.ts';
import { readSettings } from '../src/settings/index.ts';
import { entryFile, tempDir, toolBin } from './harness/processes.ts';

const args = process.argv.slice(2);
const own = new Set(['--no-build', '--no-publish']);
const wranglerArgs = args.filter((a) => !own.has(a));
const dryRun = wranglerArgs.includes('--dry-run');
const settings = readSettings(process.env);

const run = (what: string, command: string, commandArgs: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => {
  const result = spawnSync(command, commandArgs, { cwd, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`deploy:cloudflare: ${what} failed (${result.status ?? result.signal})`);
    process.exit(1);
  }
};

if (!args.includes('--no-build')) run('the build', process.execPath, [entryFile('scripts/build')], process.cwd());

const config = join(settings.outDir, 'deploy', 'worker', WORKER_CONFIG);
const outdirAt = wranglerArgs.indexOf('--outdir');
// wrangler runs in a temporary folder: a relative --outdir means this one
if (outdirAt >= 0 && wranglerArgs[outdirAt + 1]) wranglerArgs[outdirAt + 1] = resolve(wranglerArgs[outdirAt + 1] as string);
const vars = Object.entries(workerVars(process.env)).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
// wrangler keeps its state (.wrangler/) where it runs: a temporary folder, never the repository
run(
  'wrangler deploy',
  process.execPath,
  [toolBin('wrangler', 'bin/wrangler.js'), 'deploy', '--config', resolve(config), ...vars, ...wranglerArgs],
  tempDir('deploy-cloudflare'),
  { ...process.env, WRANGLER_SEND_METRICS: 'false' },
);

if (!dryRun && !args.includes('--no-publish')) {
  // the hub is the Worker's own: ping it at SITE_URL unless SIDECAR_URL says otherwise
  run('the publish ping', process.execPath, [entryFile('scripts/publish')], process.cwd());
}
