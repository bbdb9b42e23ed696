// `npm run sync` end to end: the real sync child process against HTTPS fakes of Google and
// Trustpilot, the real build, a real deploy command and the publish ping to the real sidecar.
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeApis } from '../helpers/stand-ins/fake-apis.ts';
import { makeTestPki, type TestPki } from '../helpers/pki.ts';
import { buildInProcess } from '../helpers/build.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { sleep } from '../helpers/hub/subscriber.ts';
import { runImport } from '../helpers/import.ts';
import { filesUnder, issuedAccessTokens, newGoogleReview, readJson, runSync, SECRETS, seed, startFakes, transcript, workspace } from '../helpers/sync.ts';

const SITE = 'https://reviews.example';
let pki: TestPki;
let fake: FakeApis;
let server: RunningServer;
let w: ReturnType<typeof workspace>;
let env: Record<string, string>;

const read = (file: string) => readFileSync(file, 'utf8');
const ids = (dir: string, prefix: string) =>
  readJson(join(dir, 'reviews.json'))
    .filter((r: { id: string }) => r.id.startsWith(prefix))
    .map((r: { id: string }) => r.id);
/** The body the sidecar serves at `path` once it holds `text` (the sidecar picks a new build up within RELOAD_INTERVAL_MS). */
async function servedWith(path: string, text: string): Promise<string> {
  let body = '';
  for (let i = 0; i < 100 && !body.includes(text); i++) {
    body = await (await fetch(`${server.url}${path}`)).text();
    if (!body.includes(text)) await sleep(100);
  }
  return body;
}

beforeAll(async () => {
  pki = makeTestPki();
  fake = await startFakes(pki);
  seed(fake);
  w = workspace();
  await buildInProcess({ CONTENT_DIR: w.content, OUT_DIR: w.out, SITE_URL: SITE });
  server = await startServer({ OUT_DIR: w.out, SITE_URL: SITE });
  env = {
    ...fake.settings(),
    CONTENT_DIR: w.content,
    OUT_DIR: w.out,
    SYNC_DIR: w.syncDir,
    SITE_URL: SITE,
    SIDECAR_URL: server.url,
    NODE_EXTRA_CA_CERTS: pki.caFile,
  };
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

describe('npm run sync', { timeout: 180_000 }, () => {
  it('merges both sources, builds, and pings the hub; the sidecar serves the new reviews', async () => {
    const run = await runSync(env);
    expect(run.status, run.stderr + run.stdout).toBe(0);
    expect(run.stdout).toMatch(/google: full sweep, 3 pages/);
    expect(run.stdout).toMatch(/trustpilot: full sweep, 1 page/);
    expect(run.stdout).toMatch(/Build: done/);
    expect(run.stdout).toMatch(/Publish ping: done/);
    expect(ids(w.content, 'google-')).toHaveLength(fake.googleReviews.filter((r) => r.starRating !== 'STAR_RATING_UNSPECIFIED').length);
    expect(ids(w.content, 'trustpilot-')).toHaveLength(30);
    // Google says nothing of its reviewers: the sync verifies none of them by itself
    const google = readJson(join(w.content, 'reviews.json')).filter((r: { id: string }) => r.id.startsWith('google-'));
    expect(google.filter((r: { verified: boolean; evidence?: unknown }) => r.verified || r.evidence)).toEqual([]);
    const imports = readJson(join(w.content, 'imports.json'));
    expect(imports.google.in_export).toBe(120);
    expect(imports.trustpilot).toEqual({ in_export: 30, imported: 30, left_out: {}, newest: { id: expect.any(String), at: expect.stringMatching(/Z$/) } });
    const status = readJson(join(w.syncDir, 'status.json'));
    expect(status.pass).toMatchObject({ outcome: 'ok', content_changed: true, built: true, published: true });
    expect(status.sources.google).toMatchObject({ last_outcome: 'ok', sweep: 'full', pages: 3 });
    expect(status.sources.trustpilot).toMatchObject({ last_outcome: 'ok', sweep: 'full', pages: 1, added: 30 });
    const trustpilotId = ids(w.content, 'trustpilot-')[0];
    expect(await servedWith('/reviews.json', trustpilotId)).toContain(trustpilotId);
  });

  it('changes nothing, builds nothing and notifies nobody when no review changed, reading one Google page', async () => {
    const etags = async () =>
      Promise.all(['/reviews.json', '/api/feed.json', '/feed.xml'].map(async (p) => (await fetch(`${server.url}${p}`)).headers.get('etag')));
    const before = {
      reviews: read(join(w.content, 'reviews.json')),
      imports: read(join(w.content, 'imports.json')),
      build: realpathSync(w.out),
      etags: await etags(),
    };
    const pages = fake.count('/v4/');
    const run = await runSync(env);
    expect(run.status, run.stderr).toBe(0);
    expect(fake.count('/v4/') - pages).toBe(1);
    expect(run.stdout).toMatch(/Nothing changed in the content/);
    expect(run.stdout).not.toMatch(/Build|Publish ping/);
    expect(read(join(w.content, 'reviews.json'))).toBe(before.reviews);
    expect(read(join(w.content, 'imports.json'))).toBe(before.imports);
    expect(realpathSync(w.out)).toBe(before.build);
    // status.json changed; the public documents did not
    expect(await etags()).toEqual(before.etags);
    const status = readJson(join(w.syncDir, 'status.json'));
    expect(status.pass).toMatchObject({ outcome: 'ok', content_changed: false });
    expect(status.pass.built).toBeUndefined();
    expect(status.sources.google.sweep).toBe('incremental');
  });

  it('brings a new Google review in with an incremental pass of one page, and the feed serves it', async () => {
    fake.googleReviews.push(newGoogleReview(1, 'Brand new review: Jonas fixed the furnace in the snow.'));
    const pages = fake.count('/v4/');
    const run = await runSync(env);
    expect(run.status, run.stderr).toBe(0);
    expect(fake.count('/v4/') - pages).toBe(1);
    expect(run.stdout).toMatch(/added: {5}1 \(google-NewReview0001\)/);
    const imports = readJson(join(w.content, 'imports.json'));
    expect(imports.google.in_export).toBe(121);
    expect(await servedWith('/api/feed.json', 'furnace in the snow')).toContain('furnace in the snow');
  });

  it('gives the same ids and files as `npm run import` of the same reviews.list pages', async () => {
    const pagesDir = join(w.root, 'pages');
    const sorted = [...fake.googleReviews].sort((a, b) => (String(a.updateTime) < String(b.updateTime) ? 1 : -1));
    mkdirSync(pagesDir);
    for (let i = 0; i < sorted.length; i += 50) {
      const page: Record<string, unknown> = { reviews: sorted.slice(i, i + 50), totalReviewCount: sorted.length };
      if (i + 50 < sorted.length) page.nextPageToken = `t${i}`;
      writeFileSync(join(pagesDir, `page-${i}.json`), JSON.stringify(page));
    }
    const imported = workspace();
    const byImport = runImport(['google', pagesDir, '--content', imported.content]);
    expect(byImport.status, byImport.stderr).toBe(0);
    const synced = workspace();
    const googleOnly = { ...env, CONTENT_DIR: synced.content, SYNC_DIR: synced.syncDir, TRUSTPILOT_BUSINESS_UNIT_ID: '' };
    const run = await runSync(googleOnly, ['--content-only']);
    expect(run.status, run.stderr).toBe(0);
    expect(read(join(synced.content, 'reviews.json'))).toBe(read(join(imported.content, 'reviews.json')));
    // the sync also records each source's newest review (`newest`, what the Worker's watch compares with)
    const records = (file: string) =>
      Object.fromEntries(Object.entries(readJson(file) as Record<string, { newest?: unknown }>).map(([k, { newest: _, ...r }]) => [k, r]));
    expect(records(join(synced.content, 'imports.json'))).toEqual(records(join(imported.content, 'imports.json')));
  });

  it('keeps a review gone from a complete sweep by default, prunes it with SYNC_DELETIONS=prune, and never after an incremental pass', async () => {
    const removed = fake.googleReviews.splice(5, 1)[0] as { reviewId: string };
    const id = `google-${removed.reviewId}`;
    const incremental = await runSync({ ...env, SYNC_DELETIONS: 'prune' }, ['--content-only']);
    expect(incremental.status, incremental.stderr).toBe(0);
    expect(ids(w.content, 'google-')).toContain(id);

    const keep = await runSync(env, ['--full', '--content-only']);
    expect(keep.status, keep.stderr).toBe(0);
    expect(keep.stdout).toMatch(/gone from the source: 1 .*kept; --prune removes them/);
    expect(ids(w.content, 'google-')).toContain(id);
    expect(readJson(join(w.syncDir, 'status.json')).sources.google).toMatchObject({ sweep: 'full', gone: 1, pruned: false });

    const prune = await runSync({ ...env, SYNC_DELETIONS: 'prune' }, ['--full']);
    expect(prune.status, prune.stderr).toBe(0);
    expect(prune.stdout).toMatch(/gone from the source: 1 .*removed/);
    expect(ids(w.content, 'google-')).not.toContain(id);
    expect(readJson(join(w.syncDir, 'status.json')).sources.google).toMatchObject({ gone: 1, pruned: true });
  });

  it('runs DEPLOY_COMMAND with the new build folder; a failed deploy sends no ping and the next pass deploys again', async () => {
    const log = join(w.root, 'deploys.log');
    writeFileSync(log, '');
    const deploy = `echo "deploy $DEPLOY_DIR" >> '${log}'; env >> '${join(w.root, 'deploy-env.txt')}'`;
    fake.googleReviews.push(newGoogleReview(2));
    const failing = await runSync({ ...env, DEPLOY_COMMAND: `${deploy}; echo 'wrangler: upload refused' >&2; exit 3` });
    expect(failing.status).toBe(1);
    expect(failing.stderr).toMatch(/Deploy \(DEPLOY_COMMAND\) failed:\n[\s\S]*upload refused[\s\S]*No publish ping sent; the next pass deploys again/);
    expect(failing.stdout).not.toMatch(/Publish ping/);
    const status = readJson(join(w.syncDir, 'status.json'));
    expect(status.pass).toMatchObject({ outcome: 'failed', built: true, deployed: false });
    expect(status.release.published).not.toBe(status.release.content);

    const retry = await runSync({ ...env, DEPLOY_COMMAND: deploy });
    expect(retry.status, retry.stderr).toBe(0);
    expect(retry.stdout).toMatch(/Nothing changed in the content/);
    expect(retry.stdout).not.toMatch(/Build…/);
    expect(retry.stdout).toMatch(/Publish ping: done/);
    const lines = read(log).trim().split('\n');
    expect(lines).toEqual([`deploy ${realpathSync(w.out)}`, `deploy ${realpathSync(w.out)}`]);
    expect(readJson(join(w.syncDir, 'status.json')).release).toMatchObject({ deployed: status.release.content, published: status.release.content });
  });

  it('never lets a secret reach the output, the content, the status, the build or the deploy environment', () => {
    const accessTokens = issuedAccessTokens(fake);
    expect(accessTokens.length).toBeGreaterThan(0);
    const secrets = [SECRETS.clientSecret, SECRETS.refreshToken, SECRETS.apiKey, ...accessTokens];
    const files = [...filesUnder(w.content), ...filesUnder(w.syncDir), ...filesUnder(join(w.root, '.builds')), join(w.root, 'deploy-env.txt')];
    expect(files.length).toBeGreaterThan(50);
    for (const secret of secrets) {
      for (const text of transcript) expect(text).not.toContain(secret);
      for (const file of files) expect(readFileSync(file).includes(secret), `${secret} in ${file}`).toBe(false);
      expect(server.output()).not.toContain(secret);
    }
  });
});
