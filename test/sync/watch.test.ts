// The Worker's watch of the sources, on workerd (preview:worker) against HTTPS fakes of Google,
// Trustpilot and GitHub: the real sync writes each source's newest review into the content, the
// real build carries it into the Worker with the Cron Trigger, and /__scheduled runs the cron.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeApis, FakeRequest } from '../helpers/stand-ins/fake-apis.ts';
import { makeTestPki, type TestPki } from '../helpers/pki.ts';
import { signPublish } from '../../sidecar/hub/publish-signature.ts';
import { WATCH_STATUS_PATH } from '../../sidecar/runtime/cloudflare/bindings.ts';
import { watchCron } from '../../src/settings/watch.ts';
import { buildInProcess } from '../helpers/build.ts';
import { NODE, ROOT } from '../helpers/paths.ts';
import { type RunningWorker, startWorker } from '../helpers/worker.ts';
import {
  ACCOUNT,
  filesUnder,
  issuedAccessTokens,
  LOCATION,
  newGoogleReview,
  readJson,
  runSync,
  SECRETS,
  seed,
  startFakes,
  UNIT,
  workspace,
} from '../helpers/sync.ts';

const SITE = 'https://reviews.example.com';
const GITHUB_TOKEN = 'github_pat_11TESTTOKEN0000watch9f8e7d6c5b4a';
const PUBLISH_SECRET = 'status-secret-0123456789abcdef';
const REPOSITORY = 'acme-plumbing/reviews-site';
/** workerd's log reaches this process through wrangler's pipe, after the request that wrote it has been answered */
const LOGGED = { timeout: 10_000, interval: 50 };

let pki: TestPki;
let fake: FakeApis;
let worker: RunningWorker;
let w: ReturnType<typeof workspace>;
let env: Record<string, string>;

const dispatches = () => fake.dispatches.length;
const asked = (prefix: string) => fake.count(prefix);
const GOOGLE_LIST = `/v4/accounts/${ACCOUNT}/locations/${LOCATION}/reviews`;
const TRUSTPILOT_LIST = `/v1/business-units/${UNIT}/reviews`;
const GITHUB_DISPATCH = `/repos/${REPOSITORY}/actions/workflows/sync.yml/dispatches`;

/** One run of the Cron Trigger, as `wrangler dev --test-scheduled` offers it; resolves once the check is done. */
async function cron(): Promise<void> {
  const res = await fetch(`${worker.url}/__scheduled?cron=${encodeURIComponent('* * * * *')}`);
  expect(res.status).toBe(200);
  await res.text();
}

let asks = 0;
async function status(signed = true): Promise<Response> {
  // the body makes each signature new: the Worker refuses one it has seen
  const body = `ask=${++asks}`;
  const headers: Record<string, string> = signed ? { 'x-hub-publish-signature': await signPublish(PUBLISH_SECRET, WATCH_STATUS_PATH, body, Date.now()) } : {};
  return fetch(`${worker.url}${WATCH_STATUS_PATH}`, { method: 'POST', headers, body });
}

async function report(): Promise<{ build: string; sources: Record<string, { outcome: string; kind?: string; error?: string }>; dispatch?: unknown }> {
  const res = await status();
  expect(res.status).toBe(200);
  return res.json();
}

/** The sync workflow's pass, run here: merge, build, publish; resolves when the Worker serves the new build. */
async function syncPass(): Promise<void> {
  const run = await runSync(env);
  expect(run.status, run.stderr).toBe(0);
  const buildId = (readJson(join(w.out, 'manifest.json')) as { build_id: string }).build_id;
  for (let i = 0; (await report()).build !== buildId; i++) {
    if (i > 300) throw new Error('the Worker did not serve the new build');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const trustpilotReview = (n: number) => ({
  id: `65ffee${String(n).padStart(18, '0')}`,
  consumer: { id: `6a${String(n).padStart(22, '0')}`, displayName: `New Trustpilot Customer ${n}`, numberOfReviews: 1 },
  businessUnit: { id: UNIT, identifyingName: 'example.com', displayName: 'Example' },
  stars: 5,
  title: `New review ${n}`,
  text: 'They came the same day and fixed the boiler.',
  language: 'en',
  createdAt: new Date().toISOString(),
  updatedAt: null,
  status: 'active',
  isVerified: true,
});

const answer = (when: (r: FakeRequest) => boolean, status: number, headers: Record<string, string> = {}) => {
  fake.hook = (r) => (when(r) ? { status, body: JSON.stringify({ message: `fake ${status}` }), headers } : undefined);
};

beforeAll(async () => {
  pki = makeTestPki();
  fake = await startFakes(pki, { githubRepository: REPOSITORY, githubToken: GITHUB_TOKEN });
  seed(fake, 12, 6);
  w = workspace();
  env = { ...fake.settings(), CONTENT_DIR: w.content, OUT_DIR: w.out, SYNC_DIR: w.syncDir, SITE_URL: SITE, NODE_EXTRA_CA_CERTS: pki.caFile };
  // the first pass merges only; its build is the one the Worker starts with
  const first = await runSync(env, ['--content-only']);
  expect(first.status, first.stderr).toBe(0);
  await buildInProcess(env);
  worker = await startWorker({ outDir: w.out, env: { ...fake.settings(), NODE_EXTRA_CA_CERTS: pki.caFile, HUB_PUBLISH_SECRET: PUBLISH_SECRET } });
  // later passes build and ping the Worker's hub, signed, as the workflow's do
  env = { ...env, SIDECAR_URL: worker.url, HUB_PUBLISH_SECRET: PUBLISH_SECRET };
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await fake?.close();
});

describe("the Worker's watch of the sources", { timeout: 120_000 }, () => {
  it('is written into wrangler.json with the marks of what the sync read, and only when a source and a repository are set', () => {
    const config = readJson(join(w.out, 'deploy', 'worker', 'wrangler.json'));
    expect(config.triggers).toEqual({ crons: ['* * * * *'] });
    const imports = readJson(join(w.content, 'imports.json'));
    expect(imports.google.newest).toMatchObject({ id: expect.any(String), at: expect.stringMatching(/Z$/) });
    expect(imports.trustpilot.newest).toMatchObject({ id: expect.any(String) });
    expect(watchCron({ GOOGLE_LOCATION: 'accounts/1/locations/2' })).toBeUndefined();
    expect(watchCron({ SYNC_DISPATCH_REPOSITORY: REPOSITORY })).toBeUndefined();
    expect(watchCron({ TRUSTPILOT_BUSINESS_UNIT_ID: UNIT, SYNC_DISPATCH_REPOSITORY: REPOSITORY, SYNC_WATCH_CRON: '*/2 * * * *' })).toBe('*/2 * * * *');
  });

  it('sends no dispatch while nothing is new, and asks Google for a token once for many checks', async () => {
    const tokensBefore = asked('/token');
    for (let i = 0; i < 3; i++) await cron();
    expect(dispatches()).toBe(0);
    expect(asked('/token') - tokensBefore).toBeLessThanOrEqual(1);
    const lists = fake.requests.filter((r) => r.path === GOOGLE_LIST).slice(-3);
    for (const r of lists) expect(r.query.get('orderBy')).toBe('updateTime desc');
    for (const r of lists) expect(Number(r.query.get('pageSize'))).toBeLessThanOrEqual(10);
    expect((await report()).sources).toMatchObject({ google: { outcome: 'quiet' }, trustpilot: { outcome: 'quiet' } });
    await expect.poll(() => worker.output(), LOGGED).toMatch(/watch: google: quiet/);
  });

  it("dispatches once for a new Google review, in GitHub's shape, and not again while that one is in flight", async () => {
    fake.googleReviews.push(newGoogleReview(1));
    await cron();
    expect(dispatches()).toBe(1);
    const d = fake.dispatches[0] as FakeRequest;
    expect(d.method).toBe('POST');
    expect(d.path).toBe(GITHUB_DISPATCH);
    expect(d.headers.accept).toBe('application/vnd.github+json');
    expect(d.headers.authorization).toBe(`Bearer ${GITHUB_TOKEN}`);
    expect(d.headers['x-github-api-version']).toBe('2022-11-28');
    expect(JSON.parse(d.body)).toEqual({ ref: 'main' });
    await cron();
    await cron();
    expect(dispatches()).toBe(1);
    await expect.poll(() => worker.output(), LOGGED).toMatch(/watch: github: a dispatch is in flight since/);
  });

  it('is quiet again once the new build is live', async () => {
    await syncPass();
    await cron();
    expect(dispatches()).toBe(1);
    expect((await report()).sources.google?.outcome).toBe('quiet');
  });

  it('dispatches once for a new Trustpilot review', async () => {
    fake.trustpilotReviews.push(trustpilotReview(1));
    await cron();
    await cron();
    expect(dispatches()).toBe(2);
    expect(JSON.parse((fake.dispatches[1] as FakeRequest).body)).toEqual({ ref: 'main' });
    await syncPass();
    await cron();
    expect(dispatches()).toBe(2);
  });

  it('loses nothing when a source answers 5xx: the next check asks again', async () => {
    answer((r) => r.path === GOOGLE_LIST, 503);
    const before = asked(GOOGLE_LIST);
    await cron();
    expect(asked(GOOGLE_LIST)).toBe(before + 1);
    expect((await report()).sources.google).toMatchObject({ outcome: 'failed', kind: 'transient' });
    fake.hook = undefined;
    fake.googleReviews.push(newGoogleReview(2));
    await cron();
    expect(dispatches()).toBe(3);
    await syncPass();
  });

  it('takes a new access token when Google no longer accepts the cached one', async () => {
    fake.expireAccessTokens();
    const tokens = asked('/token');
    await cron();
    expect(asked('/token')).toBe(tokens + 1);
    expect((await report()).sources.google?.outcome).toBe('quiet');
  });

  it('reports a revoked refresh token, keeps no token, and recovers when it is valid again', async () => {
    fake.revokeRefreshToken();
    fake.expireAccessTokens();
    await cron();
    const failed = (await report()).sources.google;
    expect(failed).toMatchObject({ outcome: 'failed', kind: 'authorisation' });
    expect(failed?.error).toMatch(/invalid_grant/);
    fake.revokeRefreshToken(false);
    await cron();
    expect((await report()).sources.google?.outcome).toBe('quiet');
    expect(dispatches()).toBe(3);
  });

  it('tries the dispatch again after GitHub refuses it or fails, and sends exactly one', async () => {
    fake.googleReviews.push(newGoogleReview(3));
    answer((r) => r.path === GITHUB_DISPATCH, 401);
    await cron();
    answer((r) => r.path === GITHUB_DISPATCH, 502);
    await cron();
    expect(dispatches()).toBe(3);
    await expect.poll(() => worker.output(), LOGGED).toMatch(/watch: github: dispatch failed \(authorisation\).*SYNC_DISPATCH_TOKEN is expired or revoked/);
    await expect.poll(() => worker.output(), LOGGED).toMatch(/watch: github: dispatch failed \(transient\)/);
    fake.hook = undefined;
    await cron();
    await cron();
    expect(dispatches()).toBe(4);
    await syncPass();
  });

  it("respects a 429's Retry-After: the source is not asked again before it", async () => {
    answer((r) => r.path === TRUSTPILOT_LIST, 429, { 'retry-after': '3600' });
    await cron();
    const before = asked(TRUSTPILOT_LIST);
    await cron();
    await cron();
    expect(asked(TRUSTPILOT_LIST)).toBe(before);
    expect((await report()).sources.trustpilot?.outcome).toBe('waiting');
    await expect.poll(() => worker.output(), LOGGED).toMatch(/watch: trustpilot: waiting until/);
    fake.hook = undefined;
  });

  it("npm run status prints each source's last outcome, asked with a signed request", () => {
    const run = (extra: Record<string, string>, ...args: string[]) =>
      spawnSync(NODE, [join(ROOT, 'scripts', 'status.ts'), ...args], {
        cwd: ROOT,
        env: { PATH: process.env.PATH, SITE_URL: SITE, SIDECAR_URL: worker.url, ...extra },
        encoding: 'utf8',
      });
    const shown = run({ HUB_PUBLISH_SECRET: PUBLISH_SECRET });
    expect(shown.status, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^live build \S+/);
    expect(shown.stdout).toMatch(/^google: quiet at \S+; newest \S+ at \S+; the live build holds /m);
    expect(shown.stdout).toMatch(/^trustpilot: waiting at /m);
    expect(shown.stdout).toMatch(/^last dispatch: sent at /m);
    const json = run({ HUB_PUBLISH_SECRET: PUBLISH_SECRET }, '--json');
    expect(JSON.parse(json.stdout).sources.google.outcome).toBe('quiet');
    const wrong = run({ HUB_PUBLISH_SECRET: 'not-the-secret-0123456789' });
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(/answered 403: .*the signature does not match/);
    expect(run({}).stderr).toMatch(/set HUB_PUBLISH_SECRET/);
  });

  it('answers its status only to a signed request, and never with a secret', async () => {
    expect((await status(false)).status).toBe(403);
    const text = await (await status()).text();
    for (const secret of [...Object.values(SECRETS), GITHUB_TOKEN, PUBLISH_SECRET, ...issuedAccessTokens(fake)]) expect(text).not.toContain(secret);
  });

  it('puts no secret in the log, the build, the deploy folder or the content', () => {
    const secrets = [...Object.values(SECRETS), GITHUB_TOKEN, PUBLISH_SECRET, ...issuedAccessTokens(fake)];
    expect(secrets.length).toBeGreaterThan(5);
    const output = worker.output();
    for (const secret of secrets) expect(output).not.toContain(secret);
    for (const file of [...filesUnder(w.out), ...filesUnder(w.content)]) {
      const text = readFileSync(file).toString('latin1');
      for (const secret of secrets) expect(text, file).not.toContain(secret);
    }
  });
});
