// `reviews doctor` in a site made by init: every secret and variable the sync workflow reads has
// its row (what needs it, where its value comes from), is checked here, and, with a stand-in `gh`
// on PATH answering as `gh secret list --json name` and `gh variable list --json name` do
// (https://cli.github.com/manual/gh_secret_list, JSON fields: name, updatedAt, visibility …),
// in the repository by name; the stand-in records what it was asked, so no value is ever asked for.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CI_SETTINGS, workflowSettings } from '../../scripts/cli/ci-settings.ts';
import { NODE, ROOT, tempDir } from '../helpers/paths.ts';

const work = tempDir('doctor');
const site = join(work, 'site');
const bin = join(work, 'bin');
const ghLog = join(work, 'gh.log');
const workflow = readFileSync(join(ROOT, '.github/workflows/sync.yml'), 'utf8');

const EVERYTHING = {
  SITE_URL: 'https://reviews.acme.example',
  CLOUDFLARE_API_TOKEN: 'cf-token-value-never-printed',
  CLOUDFLARE_ACCOUNT_ID: '0123456789abcdef0123456789abcdef',
  HUB_PUBLISH_SECRET: 'hub-secret-value-never-printed',
  SYNC_DISPATCH_REPOSITORY: 'acme-agency/acme-reviews',
  TRUSTPILOT_BUSINESS_UNIT_ID: '507f191e810c19729de860ea',
  TRUSTPILOT_API_KEY: 'tp-key-value-never-printed',
};

/** `reviews doctor` in the site, with only this PATH (node's folder, and the stand-in gh where given). */
function doctor(env: Record<string, string> = {}, withGh = false) {
  const path = [...(withGh ? [bin] : []), dirname(NODE), '/usr/bin', '/bin'].join(':');
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !(name in CI_SETTINGS) && !name.startsWith('GOOGLE_')));
  return spawnSync(NODE, [join(ROOT, 'bin', 'reviews.js'), 'doctor'], { cwd: site, encoding: 'utf8', env: { ...clean, PATH: path, GH_LOG: ghLog, ...env } });
}

const LOGGED_IN = 'echo "github.com: Logged in to github.com account agency (keyring)"; exit 0';
const LOGGED_OUT = 'echo "You are not logged into any GitHub hosts. To log in, run: gh auth login" >&2; exit 1';

/** The stand-in: logged in or not, and the names the repository holds. */
function standInGh(loggedIn: boolean, secrets: string[], variables: string[]) {
  mkdirSync(bin, { recursive: true });
  const json = (names: string[]) => JSON.stringify(names.map((name) => ({ name })));
  writeFileSync(
    join(bin, 'gh'),
    `#!/bin/sh
echo "$*" >> "$GH_LOG"
case "$1 $2" in
  "auth status") ${loggedIn ? LOGGED_IN : LOGGED_OUT} ;;
  "secret list") echo '${json(secrets)}' ;;
  "variable list") echo '${json(variables)}' ;;
  *) echo "unknown command \\"$1 $2\\" for \\"gh\\"" >&2; exit 1 ;;
esac
`,
  );
  chmodSync(join(bin, 'gh'), 0o755);
  rmSync(ghLog, { force: true });
}

beforeAll(() => {
  const init = spawnSync(
    NODE,
    [join(ROOT, 'bin', 'reviews.js'), 'init', site, '--name', 'Acme Plumbing', '--time-zone', 'UTC', '--country', 'GB', '--engine', '^1.0.0'],
    { encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(init.stderr);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('what the sync workflow reads', () => {
  it('has one row each, and no row the workflow does not read', () => {
    const read = workflowSettings(workflow).map((s) => s.name);
    expect(read).toContain('SITE_URL');
    expect(read.sort()).toEqual(Object.keys(CI_SETTINGS).sort());
    for (const { name, kind } of workflowSettings(workflow)) expect(CI_SETTINGS[name]?.kind, name).toBe(kind);
  });

  it("is listed in the site's README, each with where its value comes from", () => {
    const readme = readFileSync(join(site, 'README.md'), 'utf8');
    for (const { name, kind } of workflowSettings(workflow)) expect(readme).toContain(`- \`${name}\` (${kind}, `);
    expect(readme).toContain('npx reviews doctor');
  });
});

describe('reviews doctor', () => {
  it('without gh, names what is missing here and where it comes from, and exits 1', () => {
    const run = doctor();
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('The repository was not checked: the GitHub CLI (gh) is not installed');
    expect(run.stdout).toMatch(/^ {2}SITE_URL \(variable, required\): here: missing\n {6}from: the address the site answers at/m);
    expect(run.stderr).toContain('reviews: Here, SITE_URL, CLOUDFLARE_API_TOKEN, CLOUDFLARE_ACCOUNT_ID are missing: a sync run fails without it.');
    expect(run.stderr).toContain('reviews: Here, no source is set');
  });

  it('with everything in .env, says so and exits 0, printing no value', () => {
    writeFileSync(
      join(site, '.env'),
      Object.entries(EVERYTHING)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    try {
      const run = doctor();
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('Everything the workflow needs is set here.');
      for (const value of Object.values(EVERYTHING)) expect(run.stdout + run.stderr).not.toContain(value);
    } finally {
      rmSync(join(site, '.env'));
    }
  });

  it('a source half set is named', () => {
    const run = doctor({ ...EVERYTHING, TRUSTPILOT_API_KEY: '', GOOGLE_LOCATION: 'accounts/1/locations/2' });
    expect(run.stderr).toContain('reviews: Here, google is half set: add GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_REFRESH_TOKEN');
    expect(run.stderr).toContain('reviews: Here, trustpilot is half set: add TRUSTPILOT_API_KEY');
  });

  it("with gh logged in, checks the repository's secrets and variables by name and exits 1 on what it lacks", () => {
    standInGh(true, ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID', 'TRUSTPILOT_BUSINESS_UNIT_ID', 'TRUSTPILOT_API_KEY'], ['SYNC_DISPATCH_REPOSITORY']);
    const run = doctor(EVERYTHING, true);
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(/^ {2}SITE_URL \(variable, required\): here: set, repository: missing$/m);
    expect(run.stdout).toMatch(/^ {2}CLOUDFLARE_API_TOKEN \(secret, required\): here: set, repository: set$/m);
    expect(run.stderr).toContain('reviews: In the repository, SITE_URL is missing: a sync run fails without it.');
    expect(run.stdout).toMatch(/^ {2}HUB_PUBLISH_SECRET \(secret, recommended\): here: set, repository: missing\n {6}from: `openssl rand -hex 32`/m);
    const asked = readFileSync(ghLog, 'utf8').trim().split('\n');
    expect(asked).toEqual(['auth status', 'secret list --json name', 'variable list --json name']);
    for (const value of Object.values(EVERYTHING)) expect(run.stdout + run.stderr).not.toContain(value);
  });

  it('a variable the committed reviews.config.json holds counts as set in the repository', () => {
    standInGh(
      true,
      ['CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID', 'TRUSTPILOT_BUSINESS_UNIT_ID', 'TRUSTPILOT_API_KEY', 'HUB_PUBLISH_SECRET'],
      ['SYNC_DISPATCH_REPOSITORY'],
    );
    const config = join(site, 'reviews.config.json');
    const before = readFileSync(config, 'utf8');
    writeFileSync(config, JSON.stringify({ ...JSON.parse(before), site_url: EVERYTHING.SITE_URL }));
    try {
      const run = doctor(EVERYTHING, true);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^ {2}SITE_URL \(variable, required\): here: set, repository: set$/m);
      expect(run.stdout).toContain('The repository has everything the workflow needs.');
      expect(run.stderr).toBe('');
    } finally {
      writeFileSync(config, before);
    }
  });

  it('with gh not logged in, checks here only and says how to log in', () => {
    standInGh(false, [], []);
    const run = doctor(EVERYTHING, true);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('The repository was not checked: the GitHub CLI is not logged in (gh auth login)');
  });
});
