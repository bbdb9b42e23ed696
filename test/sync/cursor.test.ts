// The incremental cursor lives in SYNC_DIR, the reviews in CONTENT_DIR: a pass trusts the
// cursor only when the content still holds what the pass that set it merged. Otherwise an
// emptied, restored or other content folder would get Google's first page and nothing older.
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FakeApis } from '../helpers/stand-ins/fake-apis.ts';
import type { TestPki } from '../helpers/pki.ts';
import { newGoogleReview, readJson, runSync, useFakeApis, workspace } from '../helpers/sync.ts';

let pki: TestPki;
let fake: FakeApis;

useFakeApis((p, f) => {
  pki = p;
  fake = f;
});

const googleIds = (content: string): string[] =>
  readJson(join(content, 'reviews.json'))
    .map((r: { id: string }) => r.id)
    .filter((id: string) => id.startsWith('google-'));
const rated = () => fake.googleReviews.filter((r) => r.starRating !== 'STAR_RATING_UNSPECIFIED').length;

function envFor(w: ReturnType<typeof workspace>, syncDir = w.syncDir): Record<string, string> {
  return { ...fake.settings(), CONTENT_DIR: w.content, OUT_DIR: w.out, SYNC_DIR: syncDir, NODE_EXTRA_CA_CERTS: pki.caFile, SYNC_RETRIES: '1' };
}

async function pass(env: Record<string, string>) {
  const run = await runSync(env, ['--content-only']);
  expect(run.status, run.stderr).toBe(0);
  return run;
}

describe('the sync cursor follows the content', { timeout: 120_000 }, () => {
  it('an emptied content folder gets every Google review back, not just the first page', async () => {
    const w = workspace();
    const env = envFor(w);
    await pass(env);
    expect(googleIds(w.content)).toHaveLength(rated());
    // the same content: the cursor holds and the pass reads one page
    const again = await pass(env);
    expect(again.stdout).toMatch(/google: incremental sweep, 1 page/);

    writeFileSync(join(w.content, 'reviews.json'), '[]\n');
    rmSync(join(w.content, 'imports.json'));
    const run = await pass(env);
    expect(run.stdout).toMatch(/does not hold what the last pass merged/);
    expect(run.stdout).toMatch(/google: full sweep, 3 pages/);
    expect(googleIds(w.content)).toHaveLength(rated());
  });

  it('a content folder restored from an older copy gets the reviews that came in since', async () => {
    const w = workspace();
    const env = envFor(w);
    await pass(env);
    const backup = join(w.root, 'backup.json');
    copyFileSync(join(w.content, 'reviews.json'), backup);
    for (let n = 1; n <= 60; n++) fake.googleReviews.push(newGoogleReview(n));
    await pass(env);
    expect(googleIds(w.content)).toHaveLength(rated());

    copyFileSync(backup, join(w.content, 'reviews.json'));
    expect(googleIds(w.content)).toHaveLength(rated() - 60);
    const run = await pass(env);
    expect(run.stdout).toMatch(/google: full sweep/);
    expect(googleIds(w.content)).toHaveLength(rated());
  });

  it('a second CONTENT_DIR with the same SYNC_DIR gets every Google review', async () => {
    const a = workspace();
    await pass(envFor(a));
    const b = workspace();
    const run = await pass(envFor(b, a.syncDir));
    expect(run.stdout).toMatch(/google: full sweep, 3 pages/);
    expect(googleIds(b.content)).toHaveLength(rated());
    expect(readJson(join(b.content, 'imports.json')).google.in_export).toBe(120);
  });
});
