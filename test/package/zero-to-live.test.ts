// docs/zero-to-live.md, run as written: each command of its ```sh blocks in order, in the folder
// the page is in at that point, each ```text block after one checked against what its last
// command printed (its lines in order, `…` standing for anything), the page's business.json and
// .env written as shown. Against the packed engine, the stand-ins for Google and GitHub
// (test/helpers/stand-ins/fake-apis.ts: token, reviews.list, workflow dispatch), a stand-in `gh` keeping
// the names of the repository's secrets and variables, and the Cloudflare API stand-in. The last
// step is the review arriving by itself: a new review at Google, the deployed build's Worker
// under workerd running its Cron Trigger, its dispatch to GitHub, then the dispatched workflow's
// steps (Anything new?, the sync with the workflow's DEPLOY_COMMAND) run in the site.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedEngine } from '../helpers/shared-build.ts';
import { writeTakeoutZip } from '../helpers/google-export.ts';
import { type CloudflareApi, startCloudflareApi } from '../helpers/stand-ins/cloudflare-api.ts';
import type { FakeApis } from '../helpers/stand-ins/fake-apis.ts';
import { SITE_PATH } from '../helpers/new-site.ts';
import { makeTestPki, type TestPki } from '../helpers/pki.ts';
import { ROOT, tempDir } from '../helpers/paths.ts';
import { finished } from '../helpers/processes.ts';
import { runStep, stepScript } from '../helpers/workflow-step.ts';
import { type RunningWorker, startWorker } from '../helpers/worker.ts';
import { ACCOUNT, LOCATION, newGoogleReview, SECRETS, seed, startFakes } from '../helpers/sync.ts';

const PAGE = readFileSync(join(ROOT, 'docs/zero-to-live.md'), 'utf8');
const REPOSITORY = 'acme-agency/acme-reviews';
const DISPATCH_TOKEN = 'github_pat_11AAAAtestDispatchToken0123456789';
/** Commands the page shows that this machine cannot run, and what stands in for them. */
const NOT_RUN: Record<string, string> = {
  'npx wrangler login': 'the Cloudflare API stand-in takes CLOUDFLARE_API_TOKEN, as CI does',
};

interface Block {
  lang: string;
  body: string;
}

/** The page's fenced blocks in order. */
const blocks = (): Block[] => [...PAGE.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1] as string, body: m[2] as string }));

/** The expected lines appear in `out` in this order; `…` matches anything within a line. */
function printed(out: string, expected: string): void {
  const lines = out.split('\n');
  let at = 0;
  for (const want of expected.trimEnd().split('\n')) {
    const pattern = new RegExp(
      `^${want
        .split('…')
        .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    const found = lines.findIndex((line, i) => i >= at && pattern.test(line.trimEnd()));
    expect(found, `"${want}" after line ${at} of:\n${out}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

const work = tempDir('zero-to-live');
const home = join(work, 'home');
const ghBin = join(work, 'gh-bin');
let pki: TestPki;
let fake: FakeApis;
let cloudflare: CloudflareApi;
let worker: RunningWorker | undefined;
let env: Record<string, string | undefined>;

/** A stand-in `gh`: logged in, keeps the names (never the values) of what is set, lists them as `--json name` does. */
function writeGh(): void {
  mkdirSync(ghBin, { recursive: true });
  writeFileSync(
    join(ghBin, 'gh'),
    `#!/bin/sh
state="$GH_STATE"; touch "$state.secret" "$state.variable"
case "$1 $2" in
  "auth status") echo "github.com: Logged in to github.com account agency"; exit 0 ;;
  "repo create") echo "✓ Created repository $3 on GitHub" ;;
  "secret set") cat > /dev/null; echo "$3" >> "$state.secret"; echo "✓ Set Actions secret $3 for $REPO" ;;
  "variable set") echo "$3" >> "$state.variable"; echo "✓ Created variable $3 for $REPO" ;;
  "secret list"|"variable list") sort -u "$state.$1" | awk 'BEGIN{printf "["} NR>1{printf ","} {printf "{\\"name\\":\\"%s\\"}", $0} END{print "]"}' ;;
  *) echo "unknown command \\"$1 $2\\" for \\"gh\\"" >&2; exit 1 ;;
esac
`,
  );
  chmodSync(join(ghBin, 'gh'), 0o755);
}

/** One command line of the page, in bash, in `cwd`, with stdin. */
function sh(line: string, cwd: string, input = '', more: Record<string, string | undefined> = {}): Promise<{ status: number | null; out: string }> {
  return finished(spawn('bash', ['-eo', 'pipefail', '-c', line], { cwd, env: { ...env, ...more }, stdio: ['pipe', 'pipe', 'pipe'] }), input);
}

beforeAll(async () => {
  mkdirSync(join(home, 'Downloads'), { recursive: true });
  await sharedEngine(work);
  writeTakeoutZip(join(home, 'Downloads/takeout-20261127.zip'), { count: 40, account: ACCOUNT, location: LOCATION, seed: 5 });
  pki = makeTestPki();
  const clientId = /^GOOGLE_CLIENT_ID=(.*)$/m.exec(PAGE)?.[1] as string;
  fake = await startFakes(pki, { clientId, githubRepository: REPOSITORY, githubToken: DISPATCH_TOKEN });
  seed(fake, 40, 0);
  cloudflare = await startCloudflareApi({ subdomain: 'acme-agency' });
  writeGh();
  const cache = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout.trim();
  const urls = Object.fromEntries(Object.entries(fake.settings()).filter(([name]) => name.endsWith('_URL') && !name.startsWith('TRUSTPILOT')));
  env = {
    ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(GOOGLE|TRUSTPILOT|SYNC|HUB|CLOUDFLARE)_/.test(name))),
    PATH: `${ghBin}:${SITE_PATH}`,
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    npm_config_cache: cache,
    npm_config_prefer_offline: 'true',
    npm_config_update_notifier: 'false',
    GH_STATE: join(work, 'gh-state'),
    REPO: REPOSITORY,
    GIT_AUTHOR_NAME: 'Agency',
    GIT_AUTHOR_EMAIL: 'dev@agency.example',
    GIT_COMMITTER_NAME: 'Agency',
    GIT_COMMITTER_EMAIL: 'dev@agency.example',
    NODE_EXTRA_CA_CERTS: pki.caFile,
    CLOUDFLARE_API_BASE_URL: cloudflare.baseUrl,
    CLOUDFLARE_API_TOKEN: cloudflare.token,
    CLOUDFLARE_ACCOUNT_ID: cloudflare.accountId,
    ...urls,
  };
}, 300_000);

afterAll(async () => {
  await worker?.stop();
  await fake?.close();
  await cloudflare?.close();
  rmSync(work, { recursive: true, force: true });
});

describe('docs/zero-to-live.md', () => {
  it('runs from nothing to a live Worker whose new review arrives by itself', { timeout: 1_500_000 }, async () => {
    let cwd = work;
    const site = () => join(work, 'acme-reviews');
    let last = '';
    let everything = '';
    for (const block of blocks()) {
      if (block.lang === 'json') writeFileSync(join(site(), 'content/business.json'), block.body);
      else if (block.lang === 'dotenv') {
        // the page's values, where it shows one; the stand-ins' credentials where it elides them
        const given = parseEnv(block.body) as Record<string, string>;
        const secret: Record<string, string> = {
          GOOGLE_CLIENT_SECRET: SECRETS.clientSecret,
          GOOGLE_REFRESH_TOKEN: SECRETS.refreshToken,
          SYNC_DISPATCH_TOKEN: DISPATCH_TOKEN,
        };
        const lines = Object.entries(given).map(([name, value]) => `${name}=${value.includes('…') ? secret[name] : value}`);
        writeFileSync(join(site(), '.env'), `${readFileSync(join(site(), '.env'), 'utf8')}${lines.join('\n')}\n`);
      } else if (block.lang === 'text') printed(last, block.body);
      else if (block.lang === 'sh') {
        last = '';
        for (const line of block.body.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'))) {
          const command = line.replace(/\s+#.*$/, '');
          if (Object.keys(NOT_RUN).some((prefix) => command.startsWith(prefix))) continue;
          if (command.startsWith('cd ')) {
            cwd = join(cwd, command.slice(3).trim());
            continue;
          }
          if (command === 'npx reviews status') await reviewArrives();
          const dotenv = existsSync(join(site(), '.env')) ? (parseEnv(readFileSync(join(site(), '.env'), 'utf8')) as Record<string, string>) : {};
          const setting = /^gh secret set (\S+)/.exec(command)?.[1];
          const input = setting ? (dotenv[setting] ?? env[setting] ?? '') : '';
          const run = await sh(command === 'npx reviews status' ? `SIDECAR_URL=${worker?.url} ${command}` : command, cwd, input);
          expect(run.status, `${command}\n${run.out}`).toBe(0);
          last += run.out;
          everything += run.out;
        }
      }
    }
    everything += await dispatchedRun();
    // no command printed a secret: the page's, the stand-ins' or the one openssl made
    const made = parseEnv(readFileSync(join(site(), '.env'), 'utf8')) as Record<string, string>;
    const secrets = [SECRETS.clientSecret, SECRETS.refreshToken, DISPATCH_TOKEN, cloudflare.token, made.HUB_PUBLISH_SECRET as string];
    expect(made.HUB_PUBLISH_SECRET).toMatch(/^[0-9a-f]{64}$/);
    for (const secret of secrets) expect(everything).not.toContain(secret);
  });
});

/** A customer's new review at Google; the deployed build's Worker runs its Cron Trigger and dispatches the workflow. */
async function reviewArrives(): Promise<void> {
  const site = join(work, 'acme-reviews');
  fake.googleReviews.push(newGoogleReview(41, 'Aylin Yilmaz cleared our clogged drain the same evening.'));
  const dotenv = parseEnv(readFileSync(join(site, '.env'), 'utf8')) as Record<string, string>;
  const urls = Object.fromEntries(Object.entries(env).filter(([name]) => name.endsWith('_URL')) as [string, string][]);
  worker = await startWorker({ outDir: join(site, 'dist'), env: { ...dotenv, ...urls, NODE_EXTRA_CA_CERTS: pki.caFile } });
  const cron = (cloudflare.workers.get('acme-plumbing')?.crons ?? [])[0] as string;
  expect(cron).toBe('* * * * *');
  const ran = await fetch(`${worker.url}/__scheduled?cron=${encodeURIComponent(cron)}`);
  expect(ran.status).toBe(200);
  expect(fake.dispatches.map((d) => d.path)).toEqual([`/repos/${REPOSITORY}/actions/workflows/sync.yml/dispatches`]);
}

/** The workflow run the dispatch started, its steps as the runner runs them in the checkout. */
async function dispatchedRun(): Promise<string> {
  const site = join(work, 'acme-reviews');
  const workflow = readFileSync(join(site, '.github/workflows/sync.yml'), 'utf8');
  const secrets = parseEnv(readFileSync(join(site, '.env'), 'utf8')) as Record<string, string>;
  const deployCommand = /^\s*DEPLOY_COMMAND: (.*)$/m.exec(workflow)?.[1] as string;
  const runner = { ...env, ...secrets, SITE_URL: 'https://acme-plumbing.acme-agency.workers.dev', SYNC_DIR: 'data/sync', DEPLOY_COMMAND: deployCommand };
  const check = await runStep(stepScript(workflow, 'check'), site, join(work, 'runner'), runner);
  expect(check.output, check.out).toBe('run=true\n');
  const uploads = cloudflare.workers.get('acme-plumbing')?.uploads ?? 0;
  // the pass's publish ping goes to the Worker's hub, here the one under workerd
  const sync = await sh('npm run sync', site, '', { ...runner, SIDECAR_URL: worker?.url });
  expect(sync.status, sync.out).toBe(0);
  const reviews = JSON.parse(readFileSync(join(site, 'content/reviews.json'), 'utf8')) as { text: string; technicians: string[] }[];
  expect(reviews.find((r) => r.text.startsWith('Aylin Yilmaz cleared'))?.technicians).toEqual(['Aylin Yilmaz']);
  expect(cloudflare.workers.get('acme-plumbing')?.uploads).toBe(uploads + 1);
  return check.out + sync.out;
}
