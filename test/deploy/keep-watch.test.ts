// A redeploy never switches off the watch that runs: the Worker deployed with its watch (a source
// and SYNC_DISPATCH_REPOSITORY), then deployed again from a machine without those settings, keeps
// its Cron Trigger, the watch's settings and its secrets, read from the account; when the account
// cannot be read the deploy refuses in one sentence naming the settings to add, uploading nothing.
// wrangler and our commands talk to the stand-in for Cloudflare's API (test/helpers/stand-ins/cloudflare-api.ts).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CloudflareApi, startCloudflareApi } from '../helpers/stand-ins/cloudflare-api.ts';
import { SECRET_SETTING_NAMES } from '../../src/settings/all.ts';
import { NODE, ROOT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { finished } from '../helpers/processes.ts';

const NAME = 'reviews-watched-sons';
const WATCH = {
  TRUSTPILOT_BUSINESS_UNIT_ID: '507f191e810c19729de860ea',
  TRUSTPILOT_API_KEY: 'a-trustpilot-key-of-some-length',
  SYNC_DISPATCH_REPOSITORY: 'acme-agency/watched-sons',
  SYNC_DISPATCH_TOKEN: 'github_pat_a-dispatch-token-of-some-length',
  SYNC_WATCH_CRON: '*/2 * * * *',
};

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

function deploy(env: Record<string, string>, args: string[] = []): Promise<Run> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SECRET_SETTING_NAMES.includes(name) && !name.startsWith('SYNC_')));
  return finished(spawn(NODE, [join(ROOT, 'scripts', 'deploy-worker.ts'), '--no-publish', ...args], { cwd: ROOT, env: { ...inherited, ...env } }));
}

interface Binding {
  name: string;
  type: string;
  text?: string;
}

let api: CloudflareApi;
let base: Record<string, string>;
const bindings = () => (api.workers.get(NAME)?.metadata.bindings ?? []) as Binding[];
const plain = () => Object.fromEntries(bindings().flatMap((b) => (b.type === 'plain_text' ? [[b.name, b.text]] : [])));
const secretNames = () =>
  bindings()
    .flatMap((b) => (b.type === 'secret_text' ? [b.name] : []))
    .sort();

beforeAll(async () => {
  api = await startCloudflareApi();
  const home = tempDir('keep-watch-home');
  base = {
    CLOUDFLARE_API_BASE_URL: api.baseUrl,
    CLOUDFLARE_API_TOKEN: api.token,
    CLOUDFLARE_ACCOUNT_ID: api.accountId,
    SITE_URL: `https://${NAME}.stand-in.workers.dev`,
    WORKER_NAME: NAME,
    CONTENT_DIR: SMALL_CONTENT,
    OUT_DIR: join(tempDir('keep-watch'), 'dist'),
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
  };
});

afterAll(() => api.close());

describe('a redeploy from a machine without the watch settings', () => {
  it('the first deploy, with them, puts the Cron Trigger, the watch settings as vars and the secrets', async () => {
    const run = await deploy({ ...base, ...WATCH });
    expect(run.status, run.stderr).toBe(0);
    expect(api.workers.get(NAME)?.crons).toEqual([WATCH.SYNC_WATCH_CRON]);
    expect(plain()).toMatchObject({ TRUSTPILOT_BUSINESS_UNIT_ID: WATCH.TRUSTPILOT_BUSINESS_UNIT_ID, SYNC_DISPATCH_REPOSITORY: WATCH.SYNC_DISPATCH_REPOSITORY });
    expect(secretNames()).toEqual(['SYNC_DISPATCH_TOKEN', 'TRUSTPILOT_API_KEY']);
  }, 240_000);

  it('keeps the live cron, vars and secrets, read from the account, and says so without a value', async () => {
    const uploads = api.workers.get(NAME)?.uploads;
    const run = await deploy(base);
    expect(run.status, run.stderr).toBe(0);
    expect(api.workers.get(NAME)?.uploads).toBe((uploads ?? 0) + 1);
    expect(run.stdout).toContain(`keeping the live Worker's watch (${WATCH.SYNC_WATCH_CRON}; `);
    expect(run.stdout).toMatch(/SYNC_DISPATCH_REPOSITORY/);
    expect(api.workers.get(NAME)?.crons).toEqual([WATCH.SYNC_WATCH_CRON]);
    expect(plain()).toMatchObject({ TRUSTPILOT_BUSINESS_UNIT_ID: WATCH.TRUSTPILOT_BUSINESS_UNIT_ID, SYNC_DISPATCH_REPOSITORY: WATCH.SYNC_DISPATCH_REPOSITORY });
    expect(secretNames()).toEqual(['SYNC_DISPATCH_TOKEN', 'TRUSTPILOT_API_KEY']);
    // the schedules and the settings were asked for, and the schedules put back as they were
    const asked = api.requests.map((r) => `${r.method} ${r.path.replace(api.accountId, 'ACCOUNT')}`);
    expect(asked).toContain(`GET /accounts/ACCOUNT/workers/scripts/${NAME}/schedules`);
    expect(asked).toContain(`GET /accounts/ACCOUNT/workers/scripts/${NAME}/settings`);
    for (const value of [WATCH.TRUSTPILOT_API_KEY, WATCH.SYNC_DISPATCH_TOKEN, api.token]) expect(run.stdout + run.stderr).not.toContain(value);
  }, 240_000);

  it('a setting given here wins over the live one', async () => {
    const run = await deploy({ ...base, SYNC_DISPATCH_REF: 'live' }, ['--no-build']);
    expect(run.status, run.stderr).toBe(0);
    expect(plain()).toMatchObject({ SYNC_DISPATCH_REF: 'live', SYNC_DISPATCH_REPOSITORY: WATCH.SYNC_DISPATCH_REPOSITORY });
    expect(api.workers.get(NAME)?.crons).toEqual([WATCH.SYNC_WATCH_CRON]);
  }, 240_000);

  it('refuses in one sentence naming the settings to add when the account cannot be read, uploading nothing', async () => {
    const uploads = api.workers.get(NAME)?.uploads;
    const run = await deploy({ ...base, CLOUDFLARE_API_TOKEN: 'a-token-the-account-refuses' }, ['--no-build']);
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^deploy:worker: this machine has no watch settings and the live Worker's could not be read \(.*403.*\): /);
    expect(run.stderr).toContain(": set SYNC_DISPATCH_REPOSITORY and a source's settings (GOOGLE_LOCATION or TRUSTPILOT_BUSINESS_UNIT_ID)");
    expect(api.workers.get(NAME)?.uploads).toBe(uploads);
    expect(run.stderr).not.toContain('a-token-the-account-refuses');
  }, 120_000);
});
