// The sync matches new and edited reviews against the jobs the site holds, in the same pass, and
// the owner's decisions stand; the matching key never reaches its output or its files.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FakeApis } from '../helpers/stand-ins/fake-apis.ts';
import type { TestPki } from '../helpers/pki.ts';
import { addDays } from '../../src/core/schemas/dates.ts';
import { dayInZone } from '../../src/core/schemas/time-zone.ts';
import { NODE, ROOT, tempDir } from '../helpers/paths.ts';
import { filesUnder, newGoogleReview, readJson, runSync, useFakeApis, workspace } from '../helpers/sync.ts';

let pki: TestPki;
let fake: FakeApis;
useFakeApis((p, f) => {
  pki = p;
  fake = f;
});

const KEY = 'sync-jobs-test-key-0123456789abcdef';

function importJobs(content: string, rows: string[]) {
  const file = join(tempDir('sync-jobs'), 'jobs.csv');
  writeFileSync(file, ['job_id,date,customer,technicians,service', ...rows].join('\n'));
  return spawnSync(NODE, [join(ROOT, 'scripts', 'import.ts'), 'jobs', file, '--content', content], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, JOBS_MATCH_KEY: KEY },
  });
}

// biome-ignore lint/suspicious/noExplicitAny: reviews read back from disk are checked field by field
const review = (content: string, id: string): any => readJson(join(content, 'reviews.json')).find((r: { id: string }) => r.id === id);

describe('the sync and job evidence', { timeout: 180_000 }, () => {
  it('matches a new review to the job the site holds, keeps a rejection, and never writes the key', async () => {
    const w = workspace();
    const env = { ...fake.settings(), CONTENT_DIR: w.content, OUT_DIR: w.out, SYNC_DIR: w.syncDir, NODE_EXTRA_CA_CERTS: pki.caFile, JOBS_MATCH_KEY: KEY };
    const threeDaysAgo = addDays(dayInZone(Date.now(), 'America/Denver'), -3);
    const imported = importJobs(w.content, [
      `J-77,${threeDaysAgo},María García,Jonas Mader,furnace-repair`,
      `J-78,${threeDaysAgo},Pat Doyle,Grace Okafor,ac-repair`,
    ]);
    expect(imported.status, imported.stderr).toBe(0);
    fake.googleReviews.push(
      { ...newGoogleReview(1, 'Warm again, thank you.'), reviewer: { displayName: 'Maria Garcia' } },
      { ...newGoogleReview(2, 'Cool house now.'), reviewer: { displayName: 'Pat Doyle' } },
    );
    const first = await runSync(env, ['--content-only']);
    expect(first.status, first.stderr).toBe(0);
    const maria = readJson(join(w.content, 'reviews.json')).find((r: { author: { name: string } }) => r.author.name === 'Maria Garcia');
    expect(maria).toMatchObject({
      verified: true,
      evidence: { kind: 'job', job_id: 'J-77', job_date: threeDaysAgo, by: 'match' },
      credited: { technicians: ['Jonas Mader'], services: ['furnace-repair'] },
    });
    expect(maria.technicians).toContain('Jonas Mader');
    const pat = readJson(join(w.content, 'reviews.json')).find((r: { author: { name: string } }) => r.author.name === 'Pat Doyle');
    expect(pat.evidence.job_id).toBe('J-78');

    // The owner rejects Pat's match; the next pass (the review edited) keeps it rejected.
    const reject = spawnSync(NODE, [join(ROOT, 'scripts', 'verify.ts'), 'reject', pat.id, '--content', w.content], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, JOBS_MATCH_KEY: KEY },
    });
    expect(reject.status, reject.stderr).toBe(0);
    const edited = fake.googleReviews.find((r) => (r as { reviewer?: { displayName?: string } }).reviewer?.displayName === 'Pat Doyle') as Record<
      string,
      unknown
    >;
    Object.assign(edited, { comment: 'Cool house now. Edited: still cool.', updateTime: new Date().toISOString() });
    const second = await runSync(env, ['--content-only', '--full']);
    expect(second.status, second.stderr).toBe(0);
    expect(review(w.content, pat.id)).toMatchObject({ verified: false, text: 'Cool house now. Edited: still cool.' });
    expect(review(w.content, pat.id).evidence).toBeUndefined();
    expect(review(w.content, maria.id).evidence.job_id).toBe('J-77');

    for (const text of [first.stdout, first.stderr, second.stdout, second.stderr]) expect(text).not.toContain(KEY);
    for (const file of filesUnder(w.root)) expect(readFileSync(file, 'utf8').includes(KEY), file).toBe(false);
    expect(readFileSync(join(w.content, 'jobs.json'), 'utf8')).not.toMatch(/Garc|Doyle/);
  });

  it('without the key, says new reviews are not matched and keeps the matches made', async () => {
    const w = workspace();
    const env = { ...fake.settings(), CONTENT_DIR: w.content, OUT_DIR: w.out, SYNC_DIR: w.syncDir, NODE_EXTRA_CA_CERTS: pki.caFile, JOBS_MATCH_KEY: KEY };
    const yesterday = addDays(dayInZone(Date.now(), 'America/Denver'), -1);
    expect(importJobs(w.content, [`J-90,${yesterday},Maria Garcia,Jonas Mader,furnace-repair`]).status).toBe(0);
    const google = { ...newGoogleReview(3, 'Fine.'), reviewer: { displayName: 'Maria Garcia' } };
    fake.googleReviews.push(google);
    expect((await runSync(env, ['--content-only'])).status).toBe(0);
    const id = readJson(join(w.content, 'reviews.json')).find((r: { author: { name: string } }) => r.author.name === 'Maria Garcia').id;
    expect(review(w.content, id).evidence.job_id).toBe('J-90');
    Object.assign(google, { comment: 'Fine, edited.', updateTime: new Date().toISOString() });
    const run = await runSync({ ...env, JOBS_MATCH_KEY: '' }, ['--content-only', '--full']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).toContain('new reviews are not matched to jobs: JOBS_MATCH_KEY is not set');
    expect(review(w.content, id)).toMatchObject({ text: 'Fine, edited.', verified: true, evidence: { job_id: 'J-90', by: 'match' } });
  });
});
