// The sync reads dates through the same review schema as the import and the build: a Google
// createTime or a Trustpilot createdAt far in the past or the future fails that source with a
// message naming source, page, review and field; the other source still comes in.
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

function setup() {
  const w = workspace();
  return { w, env: { ...fake.settings(), CONTENT_DIR: w.content, OUT_DIR: w.out, SYNC_DIR: w.syncDir, NODE_EXTRA_CA_CERTS: pki.caFile, SYNC_RETRIES: '0' } };
}
const ids = (content: string, prefix: string): string[] =>
  readJson(join(content, 'reviews.json'))
    .map((r: { id: string }) => r.id)
    .filter((id: string) => id.startsWith(prefix));

describe('absurd dates from the APIs', { timeout: 120_000 }, () => {
  it('Google createTime 0025-06-01 and 9999-12-31: Google fails naming page, review and field; Trustpilot comes in', async () => {
    const { w, env } = setup();
    const now = new Date().toISOString();
    fake.googleReviews.push(
      { ...newGoogleReview(1), createTime: '0025-06-01T15:00:00Z', updateTime: now },
      { ...newGoogleReview(2), createTime: '9999-12-31T15:00:00Z', updateTime: now },
    );
    const run = await runSync(env, ['--content-only']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/nothing merged from google \(2 problems\)/);
    expect(run.stderr).toMatch(/page 1 \(GET [^)]*\): review \d+ \("NewReview0001"\): field "date": is 0025-06-01, before 1995-01-01/);
    expect(run.stderr).toMatch(
      /page 1 \(GET [^)]*\): review \d+ \("NewReview0002"\): field "date": is 9999-12-31, after \d{4}-\d{2}-\d{2}, tomorrow in America\/Denver/,
    );
    expect(ids(w.content, 'google-')).toHaveLength(0);
    expect(ids(w.content, 'trustpilot-')).toHaveLength(30);
    expect(readJson(join(w.syncDir, 'status.json')).sources.google).toMatchObject({ last_outcome: 'failed', error_kind: 'data' });
  });

  it('Trustpilot createdAt 0025-06-01 and 9999-12-31: Trustpilot fails naming page, review and field; Google comes in', async () => {
    const { w, env } = setup();
    Object.assign(fake.trustpilotReviews[0] as object, { createdAt: '0025-06-01T15:00:00Z' });
    Object.assign(fake.trustpilotReviews[1] as object, { createdAt: '9999-12-31T15:00:00Z', companyReply: null });
    const run = await runSync(env, ['--content-only']);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/nothing merged from trustpilot \(2 problems\)/);
    expect(run.stderr).toMatch(/page 1 \(GET [^)]*\): review \d+ \("64a1b2c3d4e5f60000000000"\): field "date": is 0025-06-01, before 1995-01-01/);
    expect(run.stderr).toMatch(/page 1 \(GET [^)]*\): review \d+ \("64a1b2c3d4e5f60000000001"\): field "date": is 9999-12-31, after/);
    expect(ids(w.content, 'trustpilot-')).toHaveLength(0);
    expect(ids(w.content, 'google-').length).toBeGreaterThan(100);
  });
});
