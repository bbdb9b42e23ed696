// A site made before the engine is on the registry installs wherever it is cloned: `reviews init
// --engine PATH.tgz` keeps the tarball in the site's engine/ folder and names it by that relative
// path; the committed site, cloned elsewhere after the packed file is gone, runs the workflow's
// first step and its install step on an empty npm cache (the registry for everything but the
// engine), then `reviews build`; `reviews upgrade NEWER.tgz` replaces the kept tarball.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedEngine } from '../helpers/shared-build.ts';
import { installSite, reviewsBin, SITE_PATH } from '../helpers/new-site.ts';
import { NODE, tempDir } from '../helpers/paths.ts';
import { finished } from '../helpers/processes.ts';
import { runStep, stepScript } from '../helpers/workflow-step.ts';

const work = tempDir('clone-install');
const site = join(work, 'made', 'acme-reviews');
const clone = join(work, 'elsewhere', 'acme-reviews');
let tarball = '';
const env = { ...process.env, PATH: SITE_PATH };
const git = (args: string[], cwd: string) => {
  const run = spawnSync('git', ['-c', 'user.name=agency', '-c', 'user.email=agency@example.com', ...args], { cwd, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')} failed:\n${run.stderr}`);
  return run.stdout;
};

/** A command without blocking this process. */
function run(command: string, args: string[], cwd: string, extra: Record<string, string> = {}): Promise<{ status: number | null; out: string }> {
  return finished(spawn(command, args, { cwd, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] }));
}

beforeAll(async () => {
  mkdirSync(join(work, 'made'), { recursive: true });
  tarball = await sharedEngine(work);
  // a bare path, relative to where init runs, as a person types it
  const init = spawnSync(
    NODE,
    [
      reviewsBin(),
      'init',
      'acme-reviews',
      '--name',
      'Acme Plumbing',
      '--time-zone',
      'America/Denver',
      '--country',
      'US',
      '--engine',
      '../reviews-service-1.0.0.tgz',
    ],
    { cwd: join(work, 'made'), encoding: 'utf8', env },
  );
  if (init.status !== 0) throw new Error(`reviews init failed:\n${init.stderr}`);
  installSite(site);
  git(['init', '-q', '-b', 'main'], site);
  git(['add', '.'], site);
  git(['commit', '-qm', 'A new site'], site);
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('a site made from a packed engine', () => {
  it('keeps the tarball in engine/ and names it by a relative path, in package.json and the lockfile', () => {
    const pkg = JSON.parse(readFileSync(join(site, 'package.json'), 'utf8'));
    expect(pkg.dependencies['reviews-service']).toBe('file:engine/reviews-service-1.0.0.tgz');
    expect(readFileSync(join(site, 'engine/reviews-service-1.0.0.tgz'))).toEqual(readFileSync(tarball));
    const lock = readFileSync(join(site, 'package-lock.json'), 'utf8');
    expect(lock).toContain('"resolved": "file:engine/reviews-service-1.0.0.tgz"');
    expect(lock).not.toContain(work);
    expect(git(['ls-files'], site).split('\n')).toEqual(expect.arrayContaining(['engine/reviews-service-1.0.0.tgz', 'package-lock.json']));
    expect(readFileSync(join(site, 'README.md'), 'utf8')).toContain('npx reviews upgrade PATH-TO-NEWER.tgz');
  });

  it('cloned elsewhere, with the packed file gone and an empty npm cache: the workflow steps install it and reviews build builds', async () => {
    rmSync(tarball);
    mkdirSync(join(work, 'elsewhere'), { recursive: true });
    git(['clone', '-q', site, clone], work);
    const workflow = readFileSync(join(clone, '.github/workflows/sync.yml'), 'utf8');
    const cache = join(work, 'empty-npm-cache');
    const runner = { npm_config_cache: cache };

    const check = await runStep(stepScript(workflow, 'check'), clone, join(work, 'runner'), { ...env, ...runner });
    expect(check.status, check.out).toBe(0);
    expect(check.output).toBe('run=false\n');
    expect(check.out).toMatch(/^::notice::No source is configured/m);

    // the workflow's install step, as it is written there
    const installLine = /^\s*run: (npm install[^\n]*)$/m.exec(workflow)?.[1] as string;
    expect(installLine).toBe('npm install --no-audit --no-fund');
    const install = await run('bash', ['-eo', 'pipefail', '-c', installLine], clone, runner);
    expect(install.status, install.out).toBe(0);
    expect(JSON.parse(readFileSync(join(clone, 'node_modules/reviews-service/package.json'), 'utf8')).version).toBe('1.0.0');

    const build = await run(NODE, [reviewsBin(clone), 'build'], clone, { SITE_URL: 'https://reviews.acme.example' });
    expect(build.status, build.out).toBe(0);
    expect(JSON.parse(readFileSync(join(clone, 'dist/site/reviews.json'), 'utf8')).business.name).toBe('Acme Plumbing');
    // npm may rewrite the lockfile for this platform (the workflow commits content/ only); the rest is as committed
    expect(git(['status', '--porcelain', '--', '.', ':!package-lock.json'], clone)).toBe('');
  }, 900_000);

  it('reviews upgrade NEWER.tgz keeps the newer tarball in place of the older and installs it', async () => {
    // a real newer engine: the same package, its version raised, packed again
    const unpacked = join(work, 'newer');
    mkdirSync(unpacked, { recursive: true });
    spawnSync('tar', ['-xzf', join(site, 'engine/reviews-service-1.0.0.tgz'), '-C', unpacked]);
    const manifest = join(unpacked, 'package/package.json');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace('"version": "1.0.0"', '"version": "1.0.1"'));
    const newer = join(work, 'reviews-service-1.0.1.tgz');
    spawnSync('tar', ['-czf', newer, '-C', unpacked, 'package']);

    const upgraded = await run(NODE, [reviewsBin(site), 'upgrade', newer], site, { npm_config_prefer_offline: 'true' });
    expect(upgraded.status, upgraded.out).toBe(0);
    expect(upgraded.out).toContain('The site now depends on file:engine/reviews-service-1.0.1.tgz.');
    expect(readdirSync(join(site, 'engine'))).toEqual(['reviews-service-1.0.1.tgz']);
    expect(JSON.parse(readFileSync(join(site, 'package.json'), 'utf8')).dependencies['reviews-service']).toBe('file:engine/reviews-service-1.0.1.tgz');
    expect(JSON.parse(readFileSync(join(site, 'node_modules/reviews-service/package.json'), 'utf8')).version).toBe('1.0.1');

    const missing = await run(NODE, [reviewsBin(site), 'upgrade', join(work, 'no-such.tgz')], site);
    expect(missing.status).toBe(1);
    expect(missing.out).toMatch(/^reviews: .*no-such\.tgz is not a packed tarball \(\.tgz\); name the file npm pack wrote/m);
    expect(readdirSync(join(site, 'engine'))).toEqual(['reviews-service-1.0.1.tgz']);
  }, 300_000);

  it('init refuses a tarball that does not exist, writing nothing', () => {
    const refused = spawnSync(
      NODE,
      [reviewsBin(), 'init', 'other', '--name', 'Other', '--time-zone', 'UTC', '--country', 'GB', '--engine', 'file:./gone.tgz'],
      { cwd: work, encoding: 'utf8', env },
    );
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^reviews: --engine names .*gone\.tgz, which does not exist; pack the engine first/);
    expect(existsSync(join(work, 'other'))).toBe(false);
  });
});
