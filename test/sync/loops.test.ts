// A source that loops or never ends: the sync reads it within SYNC_MAX_PAGES and SYNC_MAX_MB,
// fails it with a message naming source and request, still takes in the other source, and
// ends status.json with the outcome. The child runs with a small heap, so a sync that holds
// every page (the old way) dies here instead of taking the machine's memory.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FakeApis, FakeRequest, Override } from '../helpers/stand-ins/fake-apis.ts';
import type { TestPki } from '../helpers/pki.ts';
import { readSettings } from '../../src/settings/index.ts';
import { readSyncSettings } from '../../src/settings/sync.ts';
import { runPass } from '../../src/sync/pass.ts';
import { NODE, ROOT } from '../helpers/paths.ts';
import { readJson, runSync, SECRETS, startSync, useFakeApis, workspace } from '../helpers/sync.ts';

let pki: TestPki;
let fake: FakeApis;

useFakeApis((p, f) => {
  pki = p;
  fake = f;
});

const SMALL_HEAP = '--max-old-space-size=160';
const PAD = 'The furnace works again. '.repeat(400);

function setup(extra: Record<string, string> = {}) {
  const w = workspace();
  const env = {
    ...fake.settings(),
    CONTENT_DIR: w.content,
    OUT_DIR: w.out,
    SYNC_DIR: w.syncDir,
    NODE_EXTRA_CA_CERTS: pki.caFile,
    SYNC_RETRIES: '0',
    NODE_OPTIONS: SMALL_HEAP,
    ...extra,
  };
  return { w, env };
}

const ids = (content: string, prefix: string): string[] =>
  readJson(join(content, 'reviews.json'))
    .map((r: { id: string }) => r.id)
    .filter((id: string) => id.startsWith(prefix));
const statusOf = (dir: string) => readJson(join(dir, 'status.json'));
const ok = (body: unknown): Override => ({ status: 200, body: JSON.stringify(body) });

/** A Google page of 50 long reviews (about 0.5 MB) that links to `next`. */
function googlePage(next: string) {
  return ok({ reviews: fake.googleReviews.slice(0, 50).map((r) => ({ ...r, comment: PAD })), totalReviewCount: 5000, nextPageToken: next });
}
const isGoogle = (r: FakeRequest) => r.path.startsWith('/v4/');

describe('a looping or endless source', { timeout: 180_000 }, () => {
  it('Google: a nextPageToken that leads back to a page already read fails Google alone, at once', async () => {
    const { w, env } = setup();
    // page 1 → A → B → A → B …
    fake.hook = (r) => (isGoogle(r) ? googlePage(r.query.get('pageToken') === 'A' ? 'B' : 'A') : undefined);
    const before = fake.count('/v4/');
    const run = await runSync(env, ['--content-only']);
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/google: failed \(data\).*nextPageToken leads back to page 2, already read: the pages go round in a loop/);
    expect(fake.count('/v4/') - before).toBe(3);
    expect(ids(w.content, 'trustpilot-')).toHaveLength(30);
    expect(ids(w.content, 'google-')).toHaveLength(0);
    const status = statusOf(w.syncDir);
    expect(status.pass.outcome).toBe('failed');
    expect(status.pass.error).toMatch(/go round in a loop/);
    expect(status.pass.reading).toBeUndefined();
    expect(status.sources.google).toMatchObject({ last_outcome: 'failed', error_kind: 'data' });
    expect(status.sources.trustpilot).toMatchObject({ last_outcome: 'ok', added: 30 });
  });

  it('Google: fresh tokens without end stop at SYNC_MAX_PAGES; Trustpilot still comes in', async () => {
    const { w, env } = setup({ SYNC_MAX_PAGES: '12' });
    fake.hook = (r) => (isGoogle(r) ? googlePage(`p${Number((r.query.get('pageToken') ?? 'p1').slice(1)) + 1}`) : undefined);
    const before = fake.count('/v4/');
    const run = await runSync(env, ['--content-only']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/google: failed \(data\).*12 pages read \(SYNC_MAX_PAGES\) and the API still links a next page/);
    expect(fake.count('/v4/') - before).toBe(12);
    expect(ids(w.content, 'trustpilot-')).toHaveLength(30);
    expect(statusOf(w.syncDir).pass.outcome).toBe('failed');
  });

  it('Google: fresh tokens without end stop at SYNC_MAX_MB, whatever the page count', async () => {
    const { w, env } = setup({ SYNC_MAX_MB: '2' });
    fake.hook = (r) => (isGoogle(r) ? googlePage(`p${Number((r.query.get('pageToken') ?? 'p1').slice(1)) + 1}`) : undefined);
    const before = fake.count('/v4/');
    const run = await runSync(env, ['--content-only']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/google: failed \(data\).*answered more than the \d+ bytes left of SYNC_MAX_MB \(2 MB for one source/);
    expect(fake.count('/v4/') - before).toBeLessThanOrEqual(5);
    expect(ids(w.content, 'trustpilot-')).toHaveLength(30);
  });

  it('the default bounds stop an endless Google source before the heap runs out', async () => {
    const { w, env } = setup();
    fake.hook = (r) => (isGoogle(r) ? googlePage(`p${Number((r.query.get('pageToken') ?? 'p1').slice(1)) + 1}`) : undefined);
    const run = await runSync(env, ['--content-only']);
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/google: failed \(data\).*SYNC_MAX_(MB|PAGES)/);
    expect(ids(w.content, 'trustpilot-')).toHaveLength(30);
    expect(statusOf(w.syncDir).pass.outcome).toBe('failed');
  });

  it('Trustpilot: pages that repeat the first one fail Trustpilot alone; Google still comes in', async () => {
    const { w, env } = setup();
    const unit = fake.settings().TRUSTPILOT_BUSINESS_UNIT_ID as string;
    const reviews = fake.trustpilotReviews.map((r) => ({ ...r, text: PAD }));
    // a server that ignores ?page= and always links a next page
    fake.hook = (r) =>
      r.path.startsWith('/v1/')
        ? ok({ reviews, links: [{ href: `${fake.origin}/v1/business-units/${unit}/reviews?page=2`, method: 'GET', rel: 'next-page' }] })
        : undefined;
    const before = fake.count('/v1/');
    const run = await runSync(env, ['--content-only']);
    expect(run.signal).toBeNull();
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/trustpilot: failed \(data\).*every review on page 2 was on an earlier page, and it links a next page/);
    expect(fake.count('/v1/') - before).toBe(2);
    expect(ids(w.content, 'google-').length).toBeGreaterThan(100);
    expect(ids(w.content, 'trustpilot-')).toHaveLength(0);
    expect(statusOf(w.syncDir).sources.trustpilot).toMatchObject({ last_outcome: 'failed', error_kind: 'data' });
  });

  it('Trustpilot: new pages without end stop at SYNC_MAX_PAGES', async () => {
    const { w, env } = setup({ SYNC_MAX_PAGES: '7' });
    const unit = fake.settings().TRUSTPILOT_BUSINESS_UNIT_ID as string;
    fake.hook = (r) => {
      if (!r.path.startsWith('/v1/')) return undefined;
      const page = Number(r.query.get('page'));
      const reviews = fake.trustpilotReviews.map((t, i) => ({ ...t, id: `${String(page).padStart(8, '0')}${String(i).padStart(16, '0')}`, text: PAD }));
      return ok({ reviews, links: [{ href: `${fake.origin}/v1/business-units/${unit}/reviews?page=${page + 1}`, method: 'GET', rel: 'next-page' }] });
    };
    const run = await runSync(env, ['--content-only']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/trustpilot: failed \(data\).*7 pages read \(SYNC_MAX_PAGES\)/);
    expect(ids(w.content, 'google-').length).toBeGreaterThan(100);
  });

  it('a pass killed while reading leaves status.json at running; the next pass records what happened and ends it', async () => {
    const { w, env } = setup({ SYNC_TIMEOUT_S: '120' });
    fake.hook = (r) => (isGoogle(r) ? 'hang' : undefined);
    const base = fake.count('/v4/');
    const victim = startSync(env, ['--content-only']);
    for (let i = 0; i < 200 && fake.count('/v4/') === base; i++) await new Promise((r) => setTimeout(r, 100));
    expect(fake.count('/v4/')).toBeGreaterThan(base);
    victim.child.kill('SIGKILL');
    await victim.done;
    const left = statusOf(w.syncDir);
    expect(left.pass).toMatchObject({ outcome: 'running', reading: 'google', pid: victim.child.pid });

    fake.hook = undefined;
    const next = await runSync(env, ['--content-only']);
    expect(next.status, next.stderr).toBe(0);
    expect(next.stderr).toMatch(new RegExp(`the pass before this one \\(pid ${victim.child.pid}, started .*\\) ended without finishing while reading google`));
    const status = statusOf(w.syncDir);
    expect(status.pass.outcome).toBe('ok');
    expect(status.pass.repaired).toMatch(/ended without finishing while reading google/);
    expect(status.sources.google.last_outcome).toBe('ok');
    for (const secret of Object.values(SECRETS)) expect(readFileSync(join(w.syncDir, 'status.json'), 'utf8')).not.toContain(secret);
  });

  it('a pass that throws ends status.json with the outcome and the error (try/finally)', async () => {
    const w = workspace();
    // Trustpilot on a closed loopback port: it fails at once, and the pass goes on to the build
    const env = {
      CONTENT_DIR: w.content,
      OUT_DIR: w.out,
      SYNC_DIR: w.syncDir,
      SYNC_RETRIES: '0',
      TRUSTPILOT_BUSINESS_UNIT_ID: 'unit1',
      TRUSTPILOT_API_KEY: SECRETS.apiKey,
      TRUSTPILOT_API_URL: 'http://127.0.0.1:1',
    };
    const lines: string[] = [];
    const outcome = await runPass({
      settings: readSettings(env),
      sync: readSyncSettings(env),
      env,
      full: false,
      contentOnly: false,
      root: ROOT,
      node: NODE,
      publishScript: join(ROOT, 'scripts', 'publish.ts'),
      build: async () => {
        throw new Error('the build blew up');
      },
      say: (l) => lines.push(l),
      warn: (l) => lines.push(l),
    });
    expect(outcome).toBe('failed');
    const status = statusOf(w.syncDir);
    expect(status.pass).toMatchObject({ outcome: 'failed', pid: process.pid });
    expect(status.pass.finished_at).toBeDefined();
    expect(status.pass.error).toMatch(/the pass stopped on an unexpected error, nothing more done: the build blew up/);
    expect(status.sources.trustpilot.last_outcome).toBe('failed');
  });
});
