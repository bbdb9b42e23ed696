// The Cloudflare path on a new account, in the order a person takes it: the first deploy with no
// SITE_URL and no domain lands on the account's workers.dev subdomain, a secret is set on the
// site's own Worker, and a second deploy of the same build uploads no asset again. wrangler and
// our commands talk to a local stand-in for Cloudflare's API (test/helpers/stand-ins/cloudflare-api.ts,
// through CLOUDFLARE_API_BASE_URL), which keeps what each upload carried. The site's address is
// not routed here (SIDECAR_URL points the ping at a server that knows no site), as on a new
// workers.dev name before its DNS is live: the deploy still succeeds, and says how to publish.
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CloudflareApi, startCloudflareApi } from '../helpers/stand-ins/cloudflare-api.ts';
import { DURABLE_OBJECT_MIGRATIONS, DURABLE_OBJECTS } from '../../sidecar/runtime/cloudflare/bindings.ts';

/** The tag of the last migration: a new Worker gets every step at once. */
const LAST_TAG = DURABLE_OBJECT_MIGRATIONS.at(-1)?.tag;

import { SECRET_SETTING_NAMES } from '../../src/settings/all.ts';
import { NODE, ROOT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { finished } from '../helpers/processes.ts';

const NAME = 'reviews-tiny-sons';
const SECRET = 'a-publish-secret-of-some-length';
/** A domain the account holds, for the custom domain added later. */
const ZONE = 'tiny-sons.example';

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** A script of ours as a person runs it; not spawnSync: the stand-in answers from this process. */
function runScript(script: string, args: string[], env: Record<string, string>, input = ''): Promise<Run> {
  // no secret of this process's environment goes with it: each test gives its own
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SECRET_SETTING_NAMES.includes(name)));
  return finished(spawn(NODE, [join(ROOT, 'scripts', script), ...args], { cwd: ROOT, env: { ...inherited, ...env } }), input);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `/${relative(dir, join(e.parentPath, e.name))}`)
    .sort();
}

interface Binding {
  name: string;
  type: string;
  text?: string;
  class_name?: string;
}

let nowhere: Server;
let nowhereUrl: string;
const open: CloudflareApi[] = [];

beforeAll(async () => {
  // what answers a name that routes to no Worker yet
  nowhere = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('There is nothing here yet.'));
  await new Promise<void>((resolve) => nowhere.listen(0, '127.0.0.1', resolve));
  nowhereUrl = `http://127.0.0.1:${(nowhere.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(open.map((api) => api.close()));
  nowhere.closeAllConnections();
  await new Promise((resolve) => nowhere.close(resolve));
});

async function account(subdomain: string | undefined) {
  const api = await startCloudflareApi({ subdomain, zones: [ZONE] });
  open.push(api);
  const home = tempDir('cloudflare-home');
  const env = {
    CLOUDFLARE_API_BASE_URL: api.baseUrl,
    CLOUDFLARE_API_TOKEN: api.token,
    CLOUDFLARE_ACCOUNT_ID: '',
    SITE_URL: '',
    WORKER_NAME: NAME,
    CONTENT_DIR: SMALL_CONTENT,
    OUT_DIR: join(tempDir('cloudflare-deploy'), 'dist'),
    SIDECAR_URL: nowhereUrl,
    // a setting of the Worker's given at deploy time, which goes with it as a var
    HUB_LEASE_MIN_S: '120',
    // no login of this machine's user reaches wrangler
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
  };
  return { api, env };
}

describe('a new Cloudflare account', () => {
  it('without a workers.dev subdomain: the deploy says in one sentence how to make one, and uploads nothing', async () => {
    const { api, env } = await account(undefined);
    const run = await runScript('deploy-worker.ts', [], env);
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr).toMatch(
      new RegExp(`no workers\\.dev subdomain yet: choose one once at https://dash\\.cloudflare\\.com/${api.accountId}/workers/onboarding`),
    );
    expect(api.workers.size).toBe(0);
    expect(run.stdout + run.stderr).not.toContain(api.token);
  });

  describe('with its workers.dev subdomain, deployed as a person does it', () => {
    let api: CloudflareApi;
    let env: Record<string, string>;
    let first: Run;
    const url = `https://${NAME}.stand-in.workers.dev`;

    beforeAll(async () => {
      ({ api, env } = await account('stand-in'));
      // a secret in the deploy's environment goes up as a secret binding, never as a var
      first = await runScript('deploy-worker.ts', ['--publish-wait-s', '1'], { ...env, HUB_PUBLISH_SECRET: SECRET });
    });

    it('builds for the Worker workers.dev address, uploads the script, assets, Durable Object migration and vars, and turns workers.dev on', () => {
      expect(first.status, `${first.stdout}\n${first.stderr}`).toBe(0);
      expect(first.stdout).toContain(url);
      const manifest = JSON.parse(readFileSync(join(env.OUT_DIR as string, 'manifest.json'), 'utf8')) as { site_url: string };
      expect(manifest.site_url).toBe(url);

      const worker = api.workers.get(NAME);
      expect(worker, [...api.workers.keys()].join()).toBeDefined();
      if (!worker) return;
      expect(worker.workersDev).toBe(true);
      const folder = join(env.OUT_DIR as string, 'deploy', 'worker');
      expect(worker.modules['worker.js']?.equals(readFileSync(join(folder, 'worker.js')))).toBe(true);
      expect(worker.metadata.main_module).toBe('worker.js');
      expect(worker.metadata.migrations).toEqual({
        new_tag: LAST_TAG,
        steps: DURABLE_OBJECT_MIGRATIONS.map(({ new_sqlite_classes }) => ({ new_sqlite_classes })),
      });
      expect(DURABLE_OBJECT_MIGRATIONS.flatMap((m) => m.new_sqlite_classes).sort()).toEqual(Object.values(DURABLE_OBJECTS).sort());
      const bindings = worker.metadata.bindings as Binding[];
      for (const [name, className] of Object.entries(DURABLE_OBJECTS))
        expect(bindings).toContainEqual(expect.objectContaining({ name, type: 'durable_object_namespace', class_name: className }));
      expect(bindings).toContainEqual({ name: 'SITE_URL', type: 'plain_text', text: url });
      expect(bindings).toContainEqual({ name: 'CACHE_MAX_AGE_S', type: 'plain_text', text: '60' });
      expect(bindings).toContainEqual({ name: 'HUB_LEASE_MIN_S', type: 'plain_text', text: '120' });
      expect(bindings.filter((b) => b.type === 'plain_text' && SECRET_SETTING_NAMES.includes(b.name))).toEqual([]);
      expect(bindings).toContainEqual(expect.objectContaining({ name: 'HUB_PUBLISH_SECRET', type: 'secret_text' }));
      expect(first.stdout + first.stderr).not.toContain(SECRET);
      // every built asset, each uploaded once
      expect(Object.keys(worker.assets).sort()).toEqual(filesUnder(join(folder, 'assets')));
      expect(new Set(api.assetUploads.values())).toEqual(new Set([1]));
      expect(api.unknown).toEqual([]);
    });

    it('ends with one line on the ping it could not send while the address does not route, and the command to retry', () => {
      const lines = first.stderr.split('\n').filter((line) => /npm run publish/.test(line));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^The deploy succeeded, but after 1 s .* answered 404; no subscriber was notified: retry with `npm run publish` \(`reviews publish`\) once https:\/\/reviews-tiny-sons\.stand-in\.workers\.dev answers\.$/,
      );
    });

    it('sets a secret on the site Worker from stdin, lists it, and refuses a name that is not a secret or a value on the command line', async () => {
      const put = await runScript('secret.ts', ['put', 'HUB_PUBLISH_SECRET'], env, `${SECRET}\n`);
      expect(put.status, put.stderr).toBe(0);
      expect(api.workers.get(NAME)?.secrets.get('HUB_PUBLISH_SECRET')).toBe(SECRET);
      expect(api.requests.some((r) => r.method === 'PUT' && r.path === `/accounts/${api.accountId}/workers/scripts/${NAME}/secrets`)).toBe(true);
      expect(put.stdout + put.stderr).not.toContain(SECRET);

      const list = await runScript('secret.ts', ['list'], env);
      expect(list.status, list.stderr).toBe(0);
      expect(list.stdout).toContain('HUB_PUBLISH_SECRET');
      expect(list.stdout + list.stderr).not.toContain(SECRET);

      const notSecret = await runScript('secret.ts', ['put', 'CACHE_MAX_AGE_S'], env, '60\n');
      expect(notSecret.status).toBe(1);
      expect(notSecret.stderr).toMatch(
        /CACHE_MAX_AGE_S is not one of the service's secrets \(.*HUB_PUBLISH_SECRET.*\); a setting that is not secret goes in the config file or the environment\./,
      );
      const onCommandLine = await runScript('secret.ts', ['put', 'HUB_PUBLISH_SECRET', SECRET], env);
      expect(onCommandLine.status).toBe(1);
      expect(onCommandLine.stderr).toMatch(/read from stdin, never from the command line/);
      const empty = await runScript('secret.ts', ['put', 'HUB_PUBLISH_SECRET'], env, '');
      expect(empty.status).toBe(1);
      expect(api.workers.get(NAME)?.secrets.get('HUB_PUBLISH_SECRET')).toBe(SECRET);
    });

    it('works through `wrangler login` as well as with an API token', async () => {
      // what `npx wrangler login` leaves in wrangler's config folder (its OAuth token, not yet expired)
      const home = tempDir('cloudflare-login');
      const config = join(home, '.config', '.wrangler', 'config');
      mkdirSync(config, { recursive: true });
      const expires = new Date(Date.now() + 3600_000).toISOString();
      writeFileSync(join(config, 'default.toml'), `oauth_token = "${api.token}"\nrefresh_token = "unused"\nexpiration_time = "${expires}"\n`);
      const before = api.requests.length;
      const list = await runScript('secret.ts', ['list'], { ...env, CLOUDFLARE_API_TOKEN: '', HOME: home, XDG_CONFIG_HOME: join(home, '.config') });
      expect(list.status, list.stderr).toBe(0);
      expect(list.stdout).toContain('HUB_PUBLISH_SECRET');
      // the account was asked of the API with the login's token, then the Worker's secrets
      expect(api.requests.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(
        expect.arrayContaining(['GET /accounts', `GET /accounts/${api.accountId}/workers/scripts/${NAME}/secrets`]),
      );
      expect(list.stdout + list.stderr).not.toContain(api.token);

      const nobody = tempDir('cloudflare-nobody');
      const none = await runScript('secret.ts', ['list'], { ...env, CLOUDFLARE_API_TOKEN: '', HOME: nobody, XDG_CONFIG_HOME: join(nobody, '.config') });
      expect(none.status).toBe(1);
      expect(none.stderr).toMatch(/No Cloudflare credentials: run `npx wrangler login` once, or set CLOUDFLARE_API_TOKEN/);
    });

    it('deploys the same build again without uploading any asset, keeping the secret and the migration', async () => {
      const before = api.requests.length;
      const again = await runScript('deploy-worker.ts', ['--no-build', '--no-publish'], env);
      expect(again.status, `${again.stdout}\n${again.stderr}`).toBe(0);
      const requests = api.requests.slice(before);
      expect(requests.some((r) => r.path.endsWith('/assets-upload-session'))).toBe(true);
      expect(requests.filter((r) => r.path.endsWith('/workers/assets/upload'))).toEqual([]);
      expect(new Set(api.assetUploads.values())).toEqual(new Set([1]));
      const worker = api.workers.get(NAME);
      expect(worker?.uploads).toBe(2);
      expect(worker?.migrationTag).toBe(LAST_TAG);
      expect(worker?.metadata.migrations).toBeUndefined();
      expect(worker?.secrets.get('HUB_PUBLISH_SECRET')).toBe(SECRET);
      expect(JSON.stringify(requests.map((r) => r.body))).not.toContain(SECRET);
      expect(api.unknown).toEqual([]);
    });

    it('adds a custom domain later with one setting and one redeploy, keeping the workers.dev address', async () => {
      const custom = `https://reviews.${ZONE}`;
      const run = await runScript('deploy-worker.ts', ['--no-publish'], { ...env, SITE_URL: custom });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      const worker = api.workers.get(NAME);
      expect(worker?.uploads).toBe(3);
      expect(worker?.domains).toEqual([`reviews.${ZONE}`]);
      expect(worker?.workersDev).toBe(true);
      expect(worker?.metadata.bindings).toContainEqual({ name: 'SITE_URL', type: 'plain_text', text: custom });
      expect(worker?.secrets.get('HUB_PUBLISH_SECRET')).toBe(SECRET);
      expect(api.unknown).toEqual([]);
    });
  });
});
