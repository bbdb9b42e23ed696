// The new user's path, as a black box: the engine packed, `reviews init` into an empty folder,
// the tarball installed there from the npm cache, a Google Takeout imported and checked, the
// site started (search and MCP answering, with a setting from reviews.config.json), a dry-run
// deploy, the sync workflow's first step run from a copy of the site without node_modules, and
// the refusals. One pack and one install serve every test of this file.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, type Dirent, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedEngine } from '../helpers/shared-build.ts';
import { writeTakeoutZip } from '../helpers/google-export.ts';
import { COMMANDS } from '../../scripts/cli/commands.ts';
import { readSiteEnv } from '../../scripts/cli/site-env.ts';
import { startFakeRegistry } from '../helpers/stand-ins/fake-registry.ts';
import { installSite, reviewsBin, SITE_PATH } from '../helpers/new-site.ts';
import { makeTestPki } from '../helpers/pki.ts';
import { finished } from '../helpers/processes.ts';
import { NODE, ROOT, tempDir } from '../../scripts/run/processes.ts';
import { runStep, stepScript } from '../helpers/workflow-step.ts';
import { BusinessSchema } from '../../src/core/schemas/business.ts';
import { BUNDLES } from '../../src/package/entries.ts';
import { openSession, PROTOCOL, post } from '../helpers/mcp.ts';
import { newGoogleReview, SECRETS, seed, startFakes } from '../helpers/sync.ts';

const work = tempDir('new-site');
const site = join(work, 'acme-reviews');
const children: ChildProcess[] = [];
let tarball = '';

const reviews = (args: string[], cwd = site, env: Record<string, string> = {}) =>
  spawnSync(NODE, [reviewsBin(site), ...args], { cwd, encoding: 'utf8', env: { ...process.env, PATH: SITE_PATH, ...env }, timeout: 120_000 });

beforeAll(async () => {
  tarball = await sharedEngine(work);
  const init = spawnSync(
    NODE,
    [
      reviewsBin(),
      'init',
      site,
      '--name',
      'Acme Plumbing & Heating',
      '--language',
      'en',
      '--time-zone',
      'America/Denver',
      '--country',
      'us',
      '--engine',
      `file:${tarball}`,
    ],
    { encoding: 'utf8', env: { ...process.env, PATH: SITE_PATH } },
  );
  if (init.status !== 0) throw new Error(`reviews init failed:\n${init.stderr}`);
  installSite(site);
}, 600_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  spawnSync('rm', ['-rf', work]);
});

/** `reviews ARGS` in the site without blocking this process. */
const reviewsAsync = (args: string[], env: Record<string, string>) =>
  runAsync(NODE, [reviewsBin(site), ...args], site, { ...process.env, PATH: SITE_PATH, ...env });

/** A command without blocking this process (fakes answering from it keep answering). */
function runAsync(
  command: string,
  args: string[],
  cwd: string,
  env: Record<string, string | undefined>,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return finished(child);
}

/** `reviews start` or `reviews serve` in the site, resolved once it listens. */
async function startSite(command: 'start' | 'serve'): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(NODE, [reviewsBin(site), command], { cwd: site, env: { ...process.env, PATH: SITE_PATH, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let log = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`reviews ${command} did not listen:\n${log}`)), 120_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /Listening on (http:\/\/\S+)/.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve(m[1] as string);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`reviews ${command} exited (${code}):\n${log}`)));
  });
  const stop = async () => {
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  };
  return { url, stop };
}

describe('the package', () => {
  it('carries what a site needs and nothing else', () => {
    const run = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PATH: SITE_PATH },
    });
    const files = (JSON.parse(run.stdout) as { files: { path: string }[] }[])[0]?.files.map((f) => f.path) ?? [];
    for (const needed of [
      'LICENSE',
      'CHANGELOG.md',
      'bin/reviews.js',
      'lib/scripts/cli/main.js',
      'lib/scripts/cli/main.d.ts',
      'lib/sidecar/runtime/node/main.js',
      'lib/src/pages/index.astro',
      'lib/astro.config.mjs',
      'schemas/reviews.config.schema.json',
      'schemas/business.schema.json',
      '.github/workflows/sync.yml',
      'lib/scripts/sync-check.js',
      'docs/keeping-it-fresh.md',
    ])
      expect(files).toContain(needed);
    const unwanted = files.filter((f) =>
      /(^|\/)(test|tests|fixtures|research|bench|\.ci|node_modules)\/|^content\/|\.test\.ts$|bench-|^\.github\/(?!workflows\/sync\.yml$)|vitest|biome\.json$/.test(
        f,
      ),
    );
    expect(unwanted).toEqual([]);
    expect(files.filter((f) => f.startsWith('lib/scripts/') && f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    // each file in one form: compiled, or the source the site's build compiles itself
    const shipped = new Set(files);
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && shipped.has(f.replace(/\.ts$/, '.js')))).toEqual([]);
    for (const bundle of Object.values(BUNDLES)) expect(files).toContain(`lib/${bundle}.js`);
    expect(files.filter((f) => f.startsWith('lib/src/pages/') && f.endsWith('.d.ts'))).toEqual([]);
  });

  it('installs into the site with its production dependencies only', () => {
    const installed = new Set(readdirSync(join(site, 'node_modules')));
    for (const tool of ['vitest', 'playwright-core', 'netlify-cli', '@biomejs', 'node', 'typescript']) expect(installed.has(tool), tool).toBe(false);
    expect(installed.has('wrangler')).toBe(true);
    // the declarations and the module of the config file's reader are importable by name
    const imported = spawnSync(
      NODE,
      ['--input-type=module', '-e', "import { CONFIG_FILE_NAME } from 'reviews-service/config'; console.log(CONFIG_FILE_NAME)"],
      { cwd: site, encoding: 'utf8' },
    );
    expect(imported.stdout.trim(), imported.stderr).toBe('reviews.config.json');
    expect(existsSync(join(site, 'node_modules/reviews-service/lib/src/settings/config-file.d.ts'))).toBe(true);
  });
});

describe('reviews init', () => {
  it('writes a site: content that validates, the config file, the package, the workflow, no engine', () => {
    const business = JSON.parse(readFileSync(join(site, 'content/business.json'), 'utf8'));
    expect(business).toMatchObject({ name: 'Acme Plumbing & Heating', time_zone: 'America/Denver', address: { country: 'US' } });
    expect(BusinessSchema.safeParse(business).success).toBe(true);
    expect(JSON.parse(readFileSync(join(site, 'reviews.config.json'), 'utf8'))).toMatchObject({ worker_name: 'acme-plumbing-heating' });
    const pkg = JSON.parse(readFileSync(join(site, 'package.json'), 'utf8'));
    // the packed engine, kept in the site and named by a relative path (test/package/clone-install.test.ts clones it elsewhere)
    expect(pkg.dependencies['reviews-service']).toBe(`file:engine/${basename(tarball)}`);
    expect(readFileSync(join(site, '.github/workflows/sync.yml'), 'utf8')).toBe(readFileSync(join(ROOT, '.github/workflows/sync.yml'), 'utf8'));
    for (const script of ['sync', 'deploy:worker']) expect(pkg.scripts[script]).toMatch(/^reviews /);
    expect(readFileSync(join(site, '.gitignore'), 'utf8')).toMatch(/^\.env$/m);
    expect(existsSync(join(site, 'src'))).toBe(false);
    // every $schema an editor follows exists once installed
    for (const file of ['reviews.config.json', 'content/business.json']) {
      const schema = JSON.parse(readFileSync(join(site, file), 'utf8')).$schema as string;
      expect(existsSync(join(site, file, '..', schema)), `${file}: ${schema}`).toBe(true);
    }
  });

  it('refuses a folder that is not empty and changes nothing there', () => {
    const before = readFileSync(join(site, 'reviews.config.json'), 'utf8');
    const listing = readdirSync(site).sort();
    const run = reviews(['init', site, '--name', 'Other', '--time-zone', 'UTC', '--country', 'GB'], work);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^reviews: .* is not empty .* nothing was written\.\n$/);
    expect(readdirSync(site).sort()).toEqual(listing);
    expect(readdirSync(work).filter((name) => name.includes('.init-'))).toEqual([]);
    expect(readFileSync(join(site, 'reviews.config.json'), 'utf8')).toBe(before);
  });

  it('in a terminal, asks for what the flags did not say, taking the default on an empty line', () => {
    const dir = join(work, 'asked');
    // `script` gives the command a terminal; the answers are typed ahead
    const run = spawnSync('script', ['-qec', `"${NODE}" "${reviewsBin()}" init "${dir}" --name "Asked Co" --engine ^1.0.0`, '/dev/null'], {
      input: '\nEurope/Berlin\nde\n',
      encoding: 'utf8',
      env: { ...process.env, PATH: SITE_PATH },
    });
    expect(run.stdout).toContain('Its IANA time zone');
    expect(JSON.parse(readFileSync(join(dir, 'content/business.json'), 'utf8'))).toMatchObject({
      name: 'Asked Co',
      language: 'en',
      time_zone: 'Europe/Berlin',
      address: { country: 'DE' },
    });
  });

  it('without a terminal, names the flags it needs', () => {
    const run = reviews(['init', join(work, 'other'), '--name', 'Other'], work);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('Give --time-zone, --country');
    expect(existsSync(join(work, 'other'))).toBe(false);
  });
});

describe('the installed site', () => {
  it('imports a Google Takeout, and reviews check validates and lists what is worth adding', () => {
    const takeout = join(work, 'takeout.zip');
    writeTakeoutZip(takeout, { count: 40 });
    const imported = reviews(['import', 'google', takeout]);
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/added: +\d+/);
    const check = reviews(['check']);
    expect(check.status, check.stderr).toBe(0);
    expect(check.stdout).toMatch(/content is valid: \d+ published reviews/);
    for (const field of ['telephone', 'url', 'services', 'technicians']) expect(check.stdout).toContain(`  - ${field}`);
  });

  it('reviews import jobs and reviews verify: a ServiceTitan export matched, the key from .env, nothing personal kept', () => {
    const content = join(site, 'jobs-content');
    const fixtures = join(ROOT, 'test', 'fixtures', 'jobs');
    cpSync(join(site, 'content', 'business.json'), join(content, 'business.json'));
    const key = 'site-jobs-key-from-dot-env-0123456789';
    writeFileSync(join(site, '.env'), `${existsSync(join(site, '.env')) ? readFileSync(join(site, '.env'), 'utf8') : ''}\nJOBS_MATCH_KEY=${key}\n`);
    const imported = reviews(['import', 'csv', join(fixtures, 'reviews.csv'), '--source', 'google', '--content', content]);
    expect(imported.status, imported.stderr).toBe(0);
    const jobs = reviews(['import', 'jobs', join(fixtures, 'servicetitan.csv'), '--content', content]);
    expect(jobs.status, jobs.stderr).toBe(0);
    expect(jobs.stdout).toContain('ServiceTitan jobs report export, 6 jobs');
    expect(jobs.stdout).toContain('Reviews matched to a job: 3');
    const list = reviews(['verify', 'list', '--json', '--content', content]);
    expect(list.status, list.stderr).toBe(0);
    expect(
      JSON.parse(list.stdout)
        .map((r: { review_id: string }) => r.review_id)
        .sort(),
    ).toEqual(['r-bob', 'r-garcia', 'r-li']);
    const reject = reviews(['verify', 'reject', 'r-bob', '--content', content]);
    expect(reject.status, reject.stderr).toBe(0);
    const kept = readFileSync(join(content, 'jobs.json'), 'utf8') + readFileSync(join(content, 'verification.json'), 'utf8');
    for (const personal of ['García', 'Robert Smith', '555-0101', 'Elm St', key]) expect(kept).not.toContain(personal);
    for (const out of [jobs.stdout, jobs.stderr, list.stdout, reject.stdout]) expect(out).not.toContain(key);
  });

  it('reviews start answers search and MCP, with a setting from reviews.config.json', async () => {
    writeFileSync(join(site, 'reviews.config.json'), JSON.stringify({ worker_name: 'acme-plumbing-heating', cache_max_age_s: 123, port: 0 }));
    const { url, stop } = await startSite('start');
    // a business with no website, telephone or street address yet: its page shows what it has
    const home = await (await fetch(`${url}/`)).text();
    expect(home).toContain('Acme Plumbing &amp; Heating');
    expect(home).not.toMatch(/undefined|null<|href=""/);
    const search = await fetch(`${url}/api/reviews/search?query=furnace`);
    expect(search.status).toBe(200);
    expect(search.headers.get('cache-control')).toContain('max-age=123');
    expect(((await search.json()) as { total: number }).total).toBeGreaterThan(0);
    const session = await openSession(`${url}/mcp`);
    const called = await post(
      `${url}/mcp`,
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search_reviews', arguments: { query: 'furnace' } } },
      { 'mcp-session-id': session, 'mcp-protocol-version': PROTOCOL },
    );
    expect(called.status).toBe(200);
    expect(called.message?.result?.isError).not.toBe(true);
    expect(JSON.stringify(called.message?.result?.structuredContent)).toContain('"total"');
    // the MCP App, bundled from the package's sources by the site's own build
    const app = await fetch(`${url}/mcp-app/`);
    expect(app.status).toBe(200);
    const read = await post(
      `${url}/mcp`,
      { jsonrpc: '2.0', id: 3, method: 'resources/read', params: { uri: 'ui://reviews/app.html' } },
      { 'mcp-session-id': session, 'mcp-protocol-version': PROTOCOL },
    );
    expect((read.message?.result?.contents as { text: string }[] | undefined)?.[0]?.text).toBe(await app.text());
    await stop();
  });

  it("builds the same files from the installed engine's JavaScript as the repository's TypeScript does, byte for byte", () => {
    const installed = join(work, 'installed-build');
    const built = reviews(['build'], site, { OUT_DIR: installed });
    expect(built.status, built.stderr).toBe(0);
    const repository = join(work, 'repository-build');
    const env = { ...readSiteEnv(site).env, CONTENT_DIR: join(site, 'content'), OUT_DIR: repository };
    const own = spawnSync(NODE, [join(ROOT, 'scripts', 'build.ts')], { cwd: ROOT, encoding: 'utf8', env: env as NodeJS.ProcessEnv });
    expect(own.status, own.stderr).toBe(0);
    const files = (dir: string) =>
      (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
        .filter((e) => e.isFile())
        .map((e) => relative(dir, join(e.parentPath, e.name)))
        .sort();
    expect(files(installed)).toEqual(files(repository));
    // What esbuild bundles differs by where the engine sits: esbuild reads the repository's
    // TypeScript with its tsconfig.json, and the package's compiled JavaScript (src/package/entries.ts).
    // The manifest holds their hashes.
    const bundled = /(^|\/)(mcp-app\/index\.html|_worker\.js|worker\.js|manifest\.json)$/;
    const compared = files(installed).filter((f) => !bundled.test(f));
    expect(compared.length).toBeGreaterThan(50);
    // the build's id and time are all two builds of the same content may differ in
    const stamps = (dir: string) => {
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
        build_id: string;
        resources: Record<string, { last_modified: string }>;
      };
      return [manifest.build_id, ...new Set(Object.values(manifest.resources).map((r) => r.last_modified))];
    };
    const [ours, theirs] = [stamps(installed), stamps(repository)];
    expect(theirs.length).toBe(ours.length);
    const asOurs = (text: string) => theirs.reduce((t, stamp, i) => t.replaceAll(stamp, ours[i] as string), text);
    const differ = compared.filter((f) => !readFileSync(join(installed, f)).equals(Buffer.from(asOurs(readFileSync(join(repository, f), 'latin1')), 'latin1')));
    expect(differ).toEqual([]);
  });

  it("reviews sync, as the workflow runs it: new reviews merged, built, deployed through the site's npm script, the hub pinged", async () => {
    const server = await startSite('serve');
    const pki = makeTestPki();
    const fake = await startFakes(pki);
    try {
      seed(fake, 12, 4);
      const outdir = join(work, 'sync-upload');
      // not spawnSync: the fakes answer from this process
      const run = await reviewsAsync(['sync'], {
        ...fake.settings(),
        NODE_EXTRA_CA_CERTS: pki.caFile,
        SIDECAR_URL: server.url,
        SYNC_DIR: join(work, 'sync-status'),
        // the workflow's command, with wrangler's dry run in place of an account
        DEPLOY_COMMAND: `npm run --silent deploy:worker -- --no-build --no-publish --dry-run --outdir '${outdir}'`,
      });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/Build: done/);
      expect(run.stdout).toMatch(/Publish ping: done/);
      expect(existsSync(join(outdir, 'worker.js'))).toBe(true);
      const reviewsJson = readFileSync(join(site, 'content/reviews.json'), 'utf8');
      expect(reviewsJson).toContain('"trustpilot-');
    } finally {
      await fake.close();
      await server.stop();
    }
  }, 240_000);

  it('reviews deploy worker --dry-run writes the upload without an account', () => {
    const outdir = join(work, 'upload');
    const run = reviews(['deploy', 'worker', '--dry-run', '--outdir', outdir]);
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(existsSync(join(outdir, 'worker.js'))).toBe(true);
  });

  it("a host's tool the site did not install is one sentence saying how to add it", () => {
    const run = reviews(['preview', 'netlify']);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('reviews: netlify-cli is not installed: add it to the site (npm install --save-dev netlify-cli) and run the command again.\n');
  });

  it('a secret in reviews.config.json stops every command, naming the key and never the value', () => {
    const config = join(site, 'reviews.config.json');
    const before = readFileSync(config, 'utf8');
    writeFileSync(config, JSON.stringify({ worker_name: 'acme', trustpilot_api_key: 'tp-secret-value-42' }));
    try {
      for (const command of [['check'], ['build'], ['config'], ['sync'], ['deploy', 'worker', '--dry-run']]) {
        const run = reviews(command);
        expect(run.status, command.join(' ')).toBe(1);
        expect(run.stderr).toContain('holds the secret "trustpilot_api_key"');
        expect(run.stderr).toContain('.env');
        expect(`${run.stdout}${run.stderr}`).not.toContain('tp-secret-value-42');
      }
    } finally {
      writeFileSync(config, before);
    }
  });

  it('a value a setting does not take, from the environment, is one sentence naming where to fix it', () => {
    const run = reviews(['check'], site, { PORT: 'eighty' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^reviews: Setting PORT must be an integer from 0 to 65535, got "eighty"; fix it in the environment, \.env or reviews\.config\.json .*\n$/,
    );
  });

  it('reviews config says where each setting came from', () => {
    writeFileSync(join(site, '.env'), 'GOOGLE_CLIENT_SECRET=dotenv-secret-value\nPORT=7000\n');
    const run = reviews(['config'], site, { HOST: '0.0.0.0' });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^cache_max_age_s +"123" +\(reviews\.config\.json\)$/m);
    expect(run.stdout).toMatch(/^port +"7000" +\(\.env\)$/m);
    expect(run.stdout).toMatch(/^host +"0\.0\.0\.0" +\(environment\)$/m);
    expect(run.stdout).toMatch(/^google_client_secret +"\(set, hidden\)" +\(\.env\)$/m);
    expect(run.stdout).not.toContain('dotenv-secret-value');
  });

  it.each(Object.keys(COMMANDS))('reviews %s --help says what it does, with an example', (command) => {
    const run = reviews([command, '--help']);
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(new RegExp(`^reviews ${command}: .+\\n[^]*usage: reviews ${command}[^]*example: .*reviews ${command}`));
  });

  it('reviews --help lists every command; an unknown one is one sentence and a non-zero exit', () => {
    const help = reviews(['--help']);
    expect(help.status).toBe(0);
    for (const command of Object.keys(COMMANDS)) expect(help.stdout).toMatch(new RegExp(`^  ${command} +\\S`, 'm'));
    const unknown = reviews(['deplyo']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toBe('reviews: There is no command "deplyo"; run `reviews --help` to see the commands.\n');
  });
});

describe("the site's sync workflow", () => {
  /** A copy of the site as a runner checks it out: no node_modules, nothing the site ignores. */
  const checkout = (name: string) => {
    const dir = join(work, name);
    const ignored = new Set(['node_modules', 'dist', '.builds', '.astro', 'data', '.env']);
    cpSync(site, dir, { recursive: true, filter: (path) => !ignored.has(basename(path)) });
    return dir;
  };
  const step = (expression = '') => stepScript(readFileSync(join(site, '.github/workflows/sync.yml'), 'utf8'), 'check', expression);
  // the engine's tarball from the npm cache alone, as the site's dependency names it
  const runnerEnv = { ...process.env, PATH: SITE_PATH, npm_config_offline: 'true' };

  it('"Anything new?" with no source configured fetches the engine alone and ends green with a notice', async () => {
    const dir = checkout('checkout-quiet');
    const temp = join(work, 'runner-quiet');
    for (const expression of ['', '--sweep']) {
      const run = await runStep(step(expression), dir, temp, runnerEnv);
      expect(run.status, run.out).toBe(0);
      expect(run.output).toBe('run=false\n');
      expect(run.out).toMatch(/^::notice::No source is configured/m);
    }
    expect(existsSync(join(dir, 'node_modules'))).toBe(false);
    expect(existsSync(join(temp, 'reviews-engine/package/lib/scripts/sync-check.js'))).toBe(true);
    expect(existsSync(join(temp, 'reviews-engine/package/node_modules'))).toBe(false);
    // the same check as a command of the installed site
    const command = reviews(['sync-check', '--sweep'], site, { GITHUB_OUTPUT: '' });
    expect(command.status, command.stderr).toBe(0);
    expect(command.stdout).toMatch(/^::notice::No source is configured/m);
  });

  it('"Anything new?" with the sources in reviews.config.json: news, then nothing after a sync, then news again', async () => {
    const pki = makeTestPki();
    const fake = await startFakes(pki);
    try {
      seed(fake, 12, 4);
      const dir = checkout('checkout-sources');
      const temp = join(work, 'runner-sources');
      // the sources' non-secret settings from the config file, the secrets from the environment (repository secrets)
      const { GOOGLE_CLIENT_SECRET, GOOGLE_REFRESH_TOKEN, TRUSTPILOT_API_KEY, ...plain } = fake.settings();
      const config = JSON.parse(readFileSync(join(dir, 'reviews.config.json'), 'utf8'));
      for (const [name, value] of Object.entries(plain)) config[name.toLowerCase()] = value;
      writeFileSync(join(dir, 'reviews.config.json'), JSON.stringify(config));
      const secrets = { GOOGLE_CLIENT_SECRET, GOOGLE_REFRESH_TOKEN, TRUSTPILOT_API_KEY };
      const env = { ...runnerEnv, ...secrets, NODE_EXTRA_CA_CERTS: pki.caFile };
      // content no sync has read yet: every source is news
      rmSync(join(dir, 'content/imports.json'), { force: true });

      const fresh = await runStep(step(), dir, temp, env);
      expect(fresh.status, fresh.out).toBe(0);
      expect(fresh.output).toBe('run=true\n');
      expect(fresh.out).toMatch(/^::notice::New at google, trustpilot: the pass runs/m);

      // the pass's merge, by the engine the site installed, run in the checkout; its status
      // elsewhere, so that only the content's marks answer the next check
      const merged = await runAsync(NODE, [reviewsBin(site), 'sync', '--content-only'], dir, {
        ...env,
        SYNC_DIR: join(work, 'sync-status-checkout'),
      });
      expect(merged.status, `${merged.stdout}\n${merged.stderr}`).toBe(0);
      const quiet = await runStep(step(), dir, temp, env);
      expect(quiet.output, quiet.out).toBe('run=false\n');
      expect(quiet.out).toMatch(/^::notice::Nothing new at the sources/m);

      fake.googleReviews.push(newGoogleReview(7));
      const news = await runStep(step(), dir, temp, env);
      expect(news.output, news.out).toBe('run=true\n');
      expect(news.out).toMatch(/^::notice::New at google: the pass runs/m);
      for (const secret of Object.values(SECRETS)) expect(fresh.out + quiet.out + news.out).not.toContain(secret);
    } finally {
      await fake.close();
    }
  }, 120_000);

  it('"Anything new?" in a site depending on a range fetches the version its lockfile pins from the registry', async () => {
    // 1.9.0 is in the range but its download fails: only the locked 1.0.0 can be checked with
    const registry = await startFakeRegistry('reviews-service', { '1.0.0': tarball, '1.9.0': undefined });
    try {
      const dir = checkout('checkout-registry');
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      pkg.dependencies['reviews-service'] = '^1.0.0';
      writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
      const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
      expect(lock.packages['node_modules/reviews-service'].version).toBe('1.0.0');
      const env = { ...process.env, PATH: SITE_PATH, npm_config_registry: registry.url, npm_config_cache: join(work, 'npm-cache-registry') };
      const locked = await runStep(step(), dir, join(work, 'runner-registry'), env);
      expect(locked.status, locked.out).toBe(0);
      expect(locked.output).toBe('run=false\n');
      expect(locked.out).toMatch(/^::notice::No source is configured/m);
      expect(registry.requests).toContain('/reviews-service/-/reviews-service-1.0.0.tgz');

      rmSync(join(dir, 'package-lock.json'));
      const unlocked = await runStep(step(), dir, join(work, 'runner-registry'), env);
      expect(unlocked.output, unlocked.out).toBe('run=true\n');
      expect(unlocked.out).toMatch(/^::warning::The engine's package \(reviews-service@\^1\.0\.0\) could not be fetched/m);
      expect(registry.requests).toContain('/reviews-service/-/reviews-service-1.9.0.tgz');
    } finally {
      await registry.close();
    }
  });

  it('"Anything new?" that cannot fetch the engine lets the pass run, with a warning', async () => {
    const dir = checkout('checkout-unreachable');
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    pkg.dependencies['reviews-service'] = `file:${join(work, 'no-such-engine.tgz')}`;
    writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg));
    const run = await runStep(step(), dir, join(work, 'runner-unreachable'), runnerEnv);
    expect(run.status, run.out).toBe(0);
    expect(run.output).toBe('run=true\n');
    expect(run.out).toMatch(/^::warning::The engine's package \(.*no-such-engine\.tgz\) could not be fetched to check for news: the pass runs\.$/m);
  });
});
