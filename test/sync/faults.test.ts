// Every fault a real source gives, against the HTTPS fakes: the sync either heals (a 401 cured
// by a fresh token, a 429 that passes) or fails with a message naming source, request and
// status, leaving the content folder byte for byte as it was.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FakeApis, FakeRequest } from '../helpers/stand-ins/fake-apis.ts';
import type { TestPki } from '../helpers/pki.ts';
import { filesUnder, issuedAccessTokens, readJson, runSync, SECRETS, transcript, useFakeApis, workspace } from '../helpers/sync.ts';

let pki: TestPki;
let fake: FakeApis;
const roots: string[] = [];

useFakeApis((p, f) => {
  pki = p;
  fake = f;
});

/** A fresh content folder; `synced` runs one good pass first (so there is something to lose). */
async function setup(synced = false, extra: Record<string, string> = {}) {
  const w = workspace();
  roots.push(w.root);
  const env = { ...fake.settings(), CONTENT_DIR: w.content, OUT_DIR: w.out, SYNC_DIR: w.syncDir, NODE_EXTRA_CA_CERTS: pki.caFile, SYNC_RETRIES: '1', ...extra };
  if (synced) {
    const run = await runSync(env, ['--content-only']);
    expect(run.status, run.stderr).toBe(0);
  }
  const snapshot = () =>
    ['reviews.json', 'imports.json'].map((f) => {
      try {
        return readFileSync(join(w.content, f), 'utf8');
      } catch {
        return 'missing';
      }
    });
  return { w, env, snapshot, before: snapshot() };
}

const isPage = (r: FakeRequest, n: number) =>
  r.path.startsWith('/v4/') && (n === 1 ? !r.query.get('pageToken') : r.query.get('pageToken') === Buffer.from(String((n - 1) * 50)).toString('base64url'));
const status = (dir: string) => readJson(join(dir, 'status.json'));

describe('faults', { timeout: 120_000 }, () => {
  it('a 401 that a token refresh cures: the pass succeeds with one more token request', async () => {
    const { env, w } = await setup();
    let expired = false;
    fake.hook = (r) => {
      if (isPage(r, 2) && !expired) {
        expired = true;
        fake.expireAccessTokens();
      }
      return undefined;
    };
    const tokens = fake.count('/token');
    const run = await runSync(env, ['--content-only']);
    expect(run.status, run.stderr).toBe(0);
    expect(fake.count('/token') - tokens).toBe(2);
    expect(readJson(join(w.content, 'reviews.json')).length).toBeGreaterThan(100);
  });

  it('reuses the access token for every page of a pass', async () => {
    const { env } = await setup();
    const tokens = fake.count('/token');
    const run = await runSync(env, ['--content-only']);
    expect(run.status, run.stderr).toBe(0);
    expect(fake.count('/token') - tokens).toBe(1);
  });

  it('a revoked refresh token: tells the owner to authorise again, content untouched', async () => {
    const { env, w, snapshot, before } = await setup(true);
    fake.googleReviews.push({
      ...(fake.googleReviews[0] as object),
      reviewId: 'X1',
      name: 'accounts/1111/locations/9001/reviews/X1',
      updateTime: new Date().toISOString(),
    });
    fake.revokeRefreshToken();
    try {
      const run = await runSync({ ...env, TRUSTPILOT_BUSINESS_UNIT_ID: '' }, ['--content-only']);
      expect(run.status).toBe(1);
      expect(run.stderr).toMatch(/google: failed \(authorisation\)/);
      expect(run.stderr).toMatch(/POST https:\/\/127\.0\.0\.1:\d+\/token answered 400 invalid_grant: .*Authorise again/);
      expect(snapshot()).toEqual(before);
      expect(status(w.syncDir).sources.google).toMatchObject({ last_outcome: 'failed', error_kind: 'authorisation' });
      expect(status(w.syncDir).pass.outcome).toBe('failed');
    } finally {
      fake.revokeRefreshToken(false);
    }
  });

  it('403 or 404: a configuration error naming the setting to check', async () => {
    const { env, snapshot, before } = await setup(true);
    const wrong = await runSync({ ...env, GOOGLE_LOCATION: 'accounts/1111/locations/4040', TRUSTPILOT_BUSINESS_UNIT_ID: '' }, ['--content-only']);
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(
      /google: failed \(configuration\).*GET https:\/\/127\.0\.0\.1:\d+\/v4\/accounts\/1111\/locations\/4040\/reviews\?pageSize=50&orderBy=updateTime\+desc answered 404: no such location; check GOOGLE_LOCATION/,
    );

    fake.hook = (r) =>
      r.path.startsWith('/v4/')
        ? { status: 403, body: JSON.stringify({ error: { code: 403, message: 'The caller does not have permission', status: 'PERMISSION_DENIED' } }) }
        : undefined;
    const denied = await runSync({ ...env, TRUSTPILOT_BUSINESS_UNIT_ID: '' }, ['--content-only']);
    expect(denied.status).toBe(1);
    expect(denied.stderr).toMatch(
      /answered 403 \(The caller does not have permission\): the Google account that granted GOOGLE_REFRESH_TOKEN must manage GOOGLE_LOCATION/,
    );
    fake.hook = undefined;

    const key = await runSync({ ...env, GOOGLE_LOCATION: '', TRUSTPILOT_API_KEY: 'wrong-key-0000' }, ['--content-only']);
    expect(key.status).toBe(1);
    expect(key.stderr).toMatch(
      /trustpilot: failed \(configuration\).*GET https:\/\/127\.0\.0\.1:\d+\/v1\/business-units\/507f191e810c19729de860ea\/reviews\?page=1&perPage=100&orderBy=createdat\.desc answered 401 \(Invalid ApiKey\): check TRUSTPILOT_API_KEY/,
    );
    const unit = await runSync({ ...env, GOOGLE_LOCATION: '', TRUSTPILOT_BUSINESS_UNIT_ID: 'nosuchunit' }, ['--content-only']);
    expect(unit.status).toBe(1);
    expect(unit.stderr).toMatch(/answered 404: no such business unit; check TRUSTPILOT_BUSINESS_UNIT_ID/);
    expect(snapshot()).toEqual(before);
  });

  it('429 and 5xx: retries that honour Retry-After, then success', async () => {
    const { env } = await setup();
    let refused = 0;
    fake.hook = (r) =>
      isPage(r, 2) && refused++ < 2
        ? { status: 429, body: '{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","message":"Quota exceeded"}}', headers: { 'retry-after': '1' } }
        : undefined;
    const run = await runSync({ ...env, SYNC_RETRIES: '2' }, ['--content-only']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/answered 429: Quota exceeded; retrying in 1 s \(attempt 2 of 3\)/);
    const page2 = fake.requests.filter((r) => isPage(r, 2)).slice(-3);
    expect(page2).toHaveLength(3);
    expect((page2[1] as FakeRequest).at - (page2[0] as FakeRequest).at).toBeGreaterThanOrEqual(950);
    expect((page2[2] as FakeRequest).at - (page2[1] as FakeRequest).at).toBeGreaterThanOrEqual(950);
  });

  it('5xx past the retries: a failure naming source, request and status; everything as it was', async () => {
    const { env, w, snapshot, before } = await setup(true, { SYNC_DELETIONS: 'prune' });
    fake.hook = (r) => (r.path.startsWith('/v1/') ? { status: 503, body: 'Service Unavailable' } : undefined);
    const run = await runSync({ ...env, GOOGLE_LOCATION: '' });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /trustpilot: failed \(transient\).*GET https:\/\/127\.0\.0\.1:\d+\/v1\/business-units\/\S+ answered 503: Service Unavailable \(2 attempts\)/,
    );
    expect(snapshot()).toEqual(before);
    expect(status(w.syncDir).sources.trustpilot).toMatchObject({ last_outcome: 'failed', error_kind: 'transient' });
    expect(run.stdout).toMatch(/Nothing changed in the content/);
  });

  it('a Retry-After longer than SYNC_MAX_RETRY_AFTER_S fails at once', async () => {
    const { env, snapshot, before } = await setup(true);
    fake.hook = (r) => (r.path.startsWith('/v1/') ? { status: 429, body: '{}', headers: { 'retry-after': '3600' } } : undefined);
    const started = Date.now();
    const run = await runSync({ ...env, GOOGLE_LOCATION: '' }, ['--content-only']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/asks to wait 3600 s \(Retry-After\), longer than SYNC_MAX_RETRY_AFTER_S/);
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(snapshot()).toEqual(before);
  });

  it('a page that fails mid-pagination: nothing from that source is merged and nothing is pruned; the other source still comes in', async () => {
    const { env, w, snapshot, before } = await setup(true, { SYNC_DELETIONS: 'prune' });
    const gone = fake.googleReviews.splice(3, 1)[0] as { reviewId: string };
    fake.trustpilotReviews.push({ ...(fake.trustpilotReviews[0] as object), id: 'aaaaaaaaaaaaaaaaaaaaaaaa', createdAt: new Date().toISOString() });
    fake.hook = (r) => (isPage(r, 3) ? 'reset' : undefined);
    const run = await runSync(env, ['--full', '--content-only']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/google: failed \(transient\).*pageToken=\S+ failed: .*\(2 attempts\)/);
    const reviews = readJson(join(w.content, 'reviews.json')).map((r: { id: string }) => r.id);
    expect(reviews).toContain(`google-${gone.reviewId}`);
    expect(reviews).toContain('trustpilot-aaaaaaaaaaaaaaaaaaaaaaaa');
    expect(snapshot()[0]).not.toEqual(before[0]);
    expect(readJson(join(w.content, 'imports.json')).google).toEqual(JSON.parse(before[1] as string).google);
  });

  it('malformed JSON: the import message naming source and page; content untouched', async () => {
    const { env, snapshot, before } = await setup(true);
    fake.hook = (r) => (isPage(r, 2) ? { status: 200, body: '{"reviews": [ {"name": ' } : undefined);
    const run = await runSync({ ...env, TRUSTPILOT_BUSINESS_UNIT_ID: '' }, ['--full', '--content-only']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /google: failed \(data\).*nothing merged from google \(1 problem\):\npage 2 \(GET https:\/\/127\.0\.0\.1:\d+\/v4\/accounts\/1111\/locations\/9001\/reviews\?\S+\): is not valid JSON/,
    );
    expect(snapshot()).toEqual(before);
  });

  it('a record that breaks the schema: the message names source, page, review and field', async () => {
    const { env, snapshot, before } = await setup(true);
    fake.googleReviews.push({
      ...(fake.googleReviews[0] as object),
      reviewId: 'BadStars',
      name: 'accounts/1111/locations/9001/reviews/BadStars',
      starRating: 'SIX',
      updateTime: new Date().toISOString(),
    });
    fake.trustpilotReviews.push({ ...(fake.trustpilotReviews[0] as object), id: 'bbbbbbbbbbbbbbbbbbbbbbbb', stars: 9, createdAt: new Date().toISOString() });
    const run = await runSync(env, ['--content-only']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /nothing merged from google \(1 problem\):\npage 1 \(GET [^)]+\): review 0 \("BadStars"\): field "starRating": must be ONE, TWO, THREE, FOUR or FIVE, got "SIX"/,
    );
    expect(run.stderr).toMatch(
      /nothing merged from trustpilot \(1 problem\):\npage 1 \(GET [^)]+\): review 0 \("bbbbbbbbbbbbbbbbbbbbbbbb"\): field "stars": must be 1 to 5, got 9/,
    );
    expect(snapshot()).toEqual(before);
  });

  it('a source that hangs: a timeout, and the content as it was', async () => {
    const { env, snapshot, before } = await setup(true);
    fake.hook = (r) => (r.path.startsWith('/v4/') ? 'hang' : undefined);
    const run = await runSync({ ...env, TRUSTPILOT_BUSINESS_UNIT_ID: '', SYNC_TIMEOUT_S: '1', SYNC_RETRIES: '0' }, ['--content-only']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/google: failed \(transient\).*GET \S+ got no complete answer within 1 s \(SYNC_TIMEOUT_S\) \(1 attempt\)/);
    expect(snapshot()).toEqual(before);
  });

  it('refuses plain http off loopback and a redirect, and names missing settings', async () => {
    const { env } = await setup();
    const http = await runSync({ ...env, GOOGLE_API_URL: 'http://mybusiness.example' }, ['--content-only']);
    expect(http.status).toBe(1);
    expect(http.stderr).toMatch(/Setting GOOGLE_API_URL must be an https URL \(plain http only on a loopback address\)/);
    const missing = await runSync({ ...env, GOOGLE_REFRESH_TOKEN: '' }, ['--content-only']);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/Setting GOOGLE_REFRESH_TOKEN must be set when GOOGLE_LOCATION is set/);
    const none = await runSync({ ...env, GOOGLE_LOCATION: '', TRUSTPILOT_BUSINESS_UNIT_ID: '' }, ['--content-only']);
    expect(none.status).toBe(1);
    expect(none.stderr).toMatch(/No source is configured/);
    fake.hook = (r) => (r.path.startsWith('/v1/') ? { status: 302, body: '', headers: { location: 'https://attacker.example/steal' } } : undefined);
    const redirect = await runSync({ ...env, GOOGLE_LOCATION: '' }, ['--content-only']);
    expect(redirect.status).toBe(1);
    expect(redirect.stderr).toMatch(/answered 302 \(a redirect, to https:\/\/attacker\.example\/steal\)/);
  });

  it('scrubs secrets a server echoes back in an error', async () => {
    const { env } = await setup();
    fake.hook = (r) =>
      r.path === '/token'
        ? { status: 500, body: JSON.stringify({ error: 'server_error', error_description: `bad request body: ${r.body}` }) }
        : r.path.startsWith('/v1/')
          ? { status: 500, body: `key ${r.headers.apikey} rejected` }
          : undefined;
    const run = await runSync({ ...env, SYNC_RETRIES: '0' }, ['--content-only']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/\[secret\]/);
    for (const secret of Object.values(SECRETS)) expect(run.stderr + run.stdout).not.toContain(secret);
  });

  it("never lets a secret reach any output or file of this file's passes", () => {
    const accessTokens = issuedAccessTokens(fake);
    const secrets = [...Object.values(SECRETS), ...accessTokens];
    const files = roots.flatMap((root) => filesUnder(root));
    expect(files.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      for (const text of transcript) expect(text).not.toContain(secret);
      for (const file of files) expect(readFileSync(file).includes(secret), `${secret} in ${file}`).toBe(false);
    }
    writeFileSync(join(roots[0] as string, 'checked'), 'ok');
  });
});
