// npm run deploy:cloudflare [-- --no-build] [-- --no-publish] [-- wrangler deploy options]:
// the whole service to Cloudflare as one Worker, no server: builds (unless --no-build), runs
// `wrangler deploy` on OUT_DIR's deploy/worker/ folder, then sends the publish ping to the
// Worker's hub (unless --no-publish or --dry-run). Other options go to wrangler, so
// `-- --dry-run --outdir DIR` writes what would be uploaded, without an account.
// wrangler reads CLOUDFLARE_API_TOKEN and CLOUDFLARE_ACCOUNT_ID (or a `wrangler login`).
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { WORKER_CONFIG, workerSecrets, workerSecretsFile, workerVars } from '../src/build/deploy/worker.ts';
import { readSettings } from '../src/settings/index.ts';
import { privateTempDir, removeAbandoned, writePrivateFile } from './harness/private-dir.ts';
import { ROOT, tempDir } from './harness/processes.ts';

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

if (!args.includes('--no-build')) run('the build', process.execPath, [join(ROOT, 'scripts', 'build.ts')], ROOT);

const config = join(settings.outDir, 'deploy', 'worker', WORKER_CONFIG);
const outdirAt = wranglerArgs.indexOf('--outdir');
// wrangler runs in a temporary folder: a relative --outdir means this one
if (outdirAt >= 0 && wranglerArgs[outdirAt + 1]) wranglerArgs[outdirAt + 1] = resolve(wranglerArgs[outdirAt + 1] as string);
const vars = Object.entries(workerVars(process.env)).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
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
  [join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js'), 'deploy', '--config', resolve(config), ...vars, ...secretArgs, ...wranglerArgs],
  tempDir('deploy-cloudflare'),
  { ...process.env, WRANGLER_SEND_METRICS: 'false' },
);

if (!dryRun && !args.includes('--no-publish')) {
  // the hub is the Worker's own: ping it at SITE_URL unless SIDECAR_URL says otherwise
  run('the publish ping', process.execPath, [join(ROOT, 'scripts', 'publish.ts')], ROOT);
}
