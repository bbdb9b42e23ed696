// npm run preview:worker: the build in OUT_DIR as the Cloudflare Worker of the no-server deploy
// (dist/deploy/worker/), entirely under `wrangler dev` (workerd), at HOST:PORT for SITE_URL: no
// sidecar process. Durable Object storage lives in WORKER_STATE_DIR. wrangler runs from a
// temporary folder holding its own copy of the configuration (absolute paths into the build),
// so nothing in the repository changes; when the build swaps OUT_DIR, that copy is rewritten
// and wrangler reloads the new build on the same port, keeping the state.
import { type ChildProcess, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { WORKER_ASSETS, WORKER_CONFIG, WORKER_SCRIPT, workerRateLimits, workerSecrets, workerSecretsFile, workerVars } from '../src/build/deploy/worker.ts';
import { MANIFEST_FILE } from '../src/core/http/manifest.ts';
import { readSettings } from '../src/settings/index.ts';
import { freePort } from './run/host-emulators.ts';
import { privateTempDir, removeAbandoned, writePrivateFile } from './run/private-dir.ts';
import { toolBin } from './run/processes.ts';
import { watchSubscriptionCount } from './cloudflare/state-marker.ts';

const settings = readSettings(process.env);
const port = settings.port === 0 ? await freePort() : settings.port;
const inspector = await freePort();
// Its folder holds the secrets (.dev.vars) and wrangler's log: this user's only, removed on exit;
// those of runs that were killed go now.
for (const left of removeAbandoned('preview-worker')) console.error(`preview:worker: removed ${left}, left by a run that was killed`);
const dir = privateTempDir('preview-worker');
const stateDir = settings.workerStateDir ? resolve(settings.workerStateDir) : join(dir, 'state');
// A state folder of the operator's (not this run's own) is checked against the count kept beside it.
const countLine = settings.workerStateDir ? watchSubscriptionCount(stateDir, (line) => console.error(line)) : () => {};
const config = join(dir, WORKER_CONFIG);

/** The build OUT_DIR points to now, and its Worker folder. */
function current(): { buildDir: string; workerDir: string; buildId: string } {
  const noBuild = `There is no build in ${settings.outDir} to preview: run \`npx reviews build\` (in this repository, \`npm run build\`) first.`;
  if (!existsSync(settings.outDir)) throw new Error(noBuild);
  const buildDir = realpathSync(settings.outDir);
  const workerDir = join(buildDir, 'deploy', 'worker');
  if (!existsSync(join(workerDir, WORKER_CONFIG))) throw new Error(noBuild);
  const buildId = (JSON.parse(readFileSync(join(buildDir, MANIFEST_FILE), 'utf8')) as { build_id: string }).build_id;
  return { buildDir, workerDir, buildId };
}

/** The Worker's settings as vars (secrets are not among them): the build's, then those given here, and SITE_URL. */
function vars(built: Record<string, string>): Record<string, string> {
  return { ...built, ...workerVars(process.env), SITE_URL: settings.siteUrl };
}

/**
 * `wrangler dev --test-scheduled` answers GET /__scheduled by running the scheduled handler, with
 * a middleware it bundles in; our script is bundled already (no_bundle), so this entry wraps it
 * the same way, beside a copy of the build's script. Everything else goes to the build's Worker.
 */
const ENTRY_DIR = join(dir, 'entry');
const COPY = 'worker.mjs';
const PREVIEW_ENTRY = `import worker from './${COPY}';
export * from './${COPY}';
export default {
  ...worker,
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname !== '/__scheduled') return worker.fetch(request, env, ctx);
    const waiting = [];
    await worker.scheduled({ cron: url.searchParams.get('cron') ?? '', scheduledTime: Date.now() }, env, { ...ctx, waitUntil: (p) => waiting.push(p) });
    await Promise.all(waiting);
    return new Response('Ran scheduled event');
  },
};
`;

function writeEntry(workerDir: string): string {
  mkdirSync(ENTRY_DIR, { recursive: true });
  copyFileSync(join(workerDir, WORKER_SCRIPT), join(ENTRY_DIR, COPY));
  writeFileSync(join(ENTRY_DIR, 'preview-entry.mjs'), PREVIEW_ENTRY);
  return join(ENTRY_DIR, 'preview-entry.mjs');
}

function writeConfig(workerDir: string): void {
  const built = JSON.parse(readFileSync(join(workerDir, WORKER_CONFIG), 'utf8')) as Record<string, unknown> & {
    name: string;
    vars?: Record<string, string>;
    assets: object;
  };
  const copy = {
    ...built,
    // the build wrote its own limit into the binding; one given here replaces it, as a var would
    ...(process.env.MCP_NEW_SESSIONS_PER_MINUTE === undefined ? {} : { ratelimits: workerRateLimits(built.name, settings.mcpNewSessionsPerMinute) }),
    main: writeEntry(workerDir),
    find_additional_modules: true,
    base_dir: ENTRY_DIR,
    rules: [{ type: 'ESModule', globs: [COPY] }],
    assets: { ...built.assets, directory: join(workerDir, WORKER_ASSETS) },
    vars: vars(built.vars ?? {}),
  };
  writeFileSync(config, `${JSON.stringify(copy, null, 2)}\n`);
}

// wrangler dev reads the secrets from .dev.vars beside its configuration, as secret bindings.
const secrets = workerSecrets(process.env);
if (Object.keys(secrets).length > 0) writePrivateFile(join(dir, '.dev.vars'), workerSecretsFile(secrets, 'dev.vars'));

let build: ReturnType<typeof current>;
try {
  build = current();
} catch (err) {
  console.error(`preview:worker: ${(err as Error).message}`);
  process.exit(1);
}
const builtFor = (JSON.parse(readFileSync(join(build.buildDir, MANIFEST_FILE), 'utf8')) as { site_url: string }).site_url;
if (builtFor !== settings.siteUrl) console.error(`warning: the build was made for ${builtFor}, but SITE_URL is ${settings.siteUrl}`);
writeConfig(build.workerDir);

const args = [toolBin('wrangler', 'bin/wrangler.js'), 'dev', '--config', config];
args.push('--ip', settings.host, '--port', String(port), '--inspector-port', String(inspector), '--persist-to', stateDir);
args.push('--show-interactive-dev-session=false', '--log-level', 'info');
const child: ChildProcess = spawn(process.execPath, args, {
  cwd: dir,
  env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_LOG_PATH: join(dir, 'logs'), NO_COLOR: '1', FORCE_COLOR: '0' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const host = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
let ready = false;
let log = '';
let partial = '';
const onData = (chunk: Buffer) => {
  process.stderr.write(chunk);
  const lines = (partial + chunk.toString()).split('\n');
  partial = lines.pop() ?? '';
  for (const line of lines) countLine(line);
  if (ready) return;
  log += chunk.toString();
  if (/Ready on http/.test(log)) {
    ready = true;
    // Tests and scripts read this line to learn the address.
    console.log(`Listening on http://${host}:${port} (worker, build ${build.buildId}, state in ${stateDir})`);
  }
};
child.stdout?.on('data', onData);
child.stderr?.on('data', onData);
child.once('exit', (code, signal) => {
  console.error(`preview:worker: wrangler exited (${signal ?? code})`);
  process.exit(code ?? 1);
});

// A rebuild swaps OUT_DIR: point the copy at the new build, and wrangler reloads it.
const watch = setInterval(() => {
  try {
    const next = current();
    if (next.buildDir === build.buildDir) return;
    build = next;
    writeConfig(build.workerDir);
    console.error(`preview:worker: serving build ${build.buildId}`);
  } catch (err) {
    console.error(`preview:worker: keeping build ${build.buildId}: ${(err as Error).message}`);
  }
}, settings.reloadIntervalMs);

function stop() {
  clearInterval(watch);
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 5000).unref();
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
process.on('SIGHUP', stop);
// However this process ends (a crash included), wrangler ends with it; the folder goes on exit.
process.once('exit', () => {
  if (child.exitCode === null) child.kill('SIGTERM');
});
