// `reviews import jobs` and `reviews verify` as the owner runs them: real processes in a content
// folder, the vendors' layouts, idempotence, all or nothing, decisions that stick, and no
// customer's name, email, phone or address in any file or output.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE, ROOT, tempDir } from '../helpers/paths.ts';
import { FIXTURES as IMPORT_FIXTURES } from '../helpers/import.ts';

const JOBS = join(ROOT, 'test', 'fixtures', 'jobs');
const KEY = 'jobs-test-key-not-a-real-secret-0123';

function run(script: 'import' | 'verify', args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(NODE, [join(ROOT, 'scripts', `${script}.ts`), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, CONTENT_DIR: '', JOBS_MATCH_KEY: KEY, ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, all: r.stdout + r.stderr };
}

/** A content folder with the made-up reviews of test/fixtures/jobs/reviews.csv, none verified. */
function site(): string {
  const dir = tempDir('jobs');
  copyFileSync(join(IMPORT_FIXTURES, 'business.json'), join(dir, 'business.json'));
  const r = run('import', ['csv', join(JOBS, 'reviews.csv'), '--source', 'google', '--content', dir]);
  expect(r.status, r.all).toBe(0);
  return dir;
}

const files = (dir: string) =>
  Object.fromEntries(
    ['reviews.json', 'jobs.json', 'verification.json'].map((f) => [f, existsSync(join(dir, f)) ? readFileSync(join(dir, f), 'utf8') : undefined]),
  );
// biome-ignore lint/suspicious/noExplicitAny: reviews read back from disk are checked field by field
const reviews = (dir: string): any[] => JSON.parse(readFileSync(join(dir, 'reviews.json'), 'utf8'));
const byId = (dir: string, id: string) => reviews(dir).find((r) => r.id === id);

/** Everything personal the job files hold: customers' names, emails, phones, addresses. */
const PERSONAL = [
  'García',
  'Garcia',
  'Gomez',
  'Robert Smith',
  'Li Wei',
  'maria.garcia@example.com',
  'bob@example.com',
  '555-0101',
  '555 0101',
  '4 Elm St',
  'Birch Ln',
  'Acme',
];

function expectNothingPersonal(text: string, where: string) {
  for (const p of PERSONAL) expect(text.includes(p), `${where} holds "${p}"`).toBe(false);
}

describe('reviews import jobs', () => {
  for (const [layout, file] of [
    ['generic CSV', 'generic.csv'],
    ['ServiceTitan jobs report export', 'servicetitan.csv'],
    ['Housecall Pro job report export', 'housecallpro.csv'],
    ['Jobber jobs export', 'jobber.csv'],
  ] as const) {
    it(`reads the ${layout} and matches the reviews it can, keeping no plain personal data`, () => {
      const dir = site();
      const r = run('import', ['jobs', join(JOBS, file), '--content', dir]);
      expect(r.status, r.all).toBe(0);
      expect(r.stdout).toContain(`${layout}, `);
      // Robert Smith's review as "Bob Smith", María García's as "Maria Garcia"
      expect(byId(dir, 'r-bob')).toMatchObject({ verified: true, evidence: { kind: 'job', by: 'match' } });
      expect(byId(dir, 'r-bob').credited.technicians).toEqual(['Aylin Yilmaz', 'Grace Okafor']);
      expect(byId(dir, 'r-bob').services).toEqual(['water-heater']);
      expect(byId(dir, 'r-garcia')).toMatchObject({ verified: true, evidence: { kind: 'job', job_date: '2026-03-02' } });
      // two customers fit "Maria G.": left to the owner
      expect(byId(dir, 'r-maria-g')).toMatchObject({ verified: false });
      for (const id of ['r-anon', 'r-first', 'r-acme', 'r-nobody', 'r-late']) expect(byId(dir, id).verified, id).toBe(false);
      // the two jobs of Li Wei in the window before the review: the latest
      if (file !== 'housecallpro.csv') expect(byId(dir, 'r-li').evidence.job_date).toBe('2026-02-20');
      const written = files(dir);
      for (const [name, text] of Object.entries(written)) if (name !== 'reviews.json') expectNothingPersonal(text ?? '', name);
      expectNothingPersonal(r.all, 'the output');
    });
  }

  it('reads a Housecall Pro invoice in segments as its own job, and a company customer never matches', () => {
    const dir = site();
    const r = run('import', ['jobs', join(JOBS, 'housecallpro.csv'), '--content', dir]);
    expect(r.status, r.all).toBe(0);
    const jobs = JSON.parse(readFileSync(join(dir, 'jobs.json'), 'utf8')).jobs;
    expect(jobs.map((j: { id: string }) => j.id).sort()).toEqual(['1201', '1202', '1203', '1203-2', '1204']);
    expect(jobs.find((j: { id: string }) => j.id === '1204').names).toEqual({});
    expect(jobs.find((j: { id: string }) => j.id === '1203').date).toBe('2026-03-09');
  });

  it('is idempotent: the same export again changes no byte, and a newer one updates what changed', () => {
    const dir = site();
    expect(run('import', ['jobs', join(JOBS, 'generic.csv'), '--content', dir]).status).toBe(0);
    const before = files(dir);
    const mtime = statSync(join(dir, 'jobs.json')).mtimeMs;
    const again = run('import', ['jobs', join(JOBS, 'generic.csv'), '--content', dir]);
    expect(again.status, again.all).toBe(0);
    expect(again.stdout).toContain('0 added, 0 updated, 6 unchanged');
    expect(again.stdout).toContain('Nothing changed');
    expect(files(dir)).toEqual(before);
    expect(statSync(join(dir, 'jobs.json')).mtimeMs).toBe(mtime);

    // A newer export: one job moved to another technician, one new job; the older jobs stay.
    const newer = join(tempDir('jobs-newer'), 'jobs.csv');
    writeFileSync(
      newer,
      [
        'job_id,date,customer,technicians,service',
        'J-1002,2026-03-05,Robert Smith,Mike Chen,Water heater repair',
        'J-2001,2026-06-20,Robert Smith,Grace Okafor,drain-cleaning',
      ].join('\n'),
    );
    const r = run('import', ['jobs', newer, '--content', dir]);
    expect(r.status, r.all).toBe(0);
    expect(r.stdout).toContain('1 added, 1 updated, 0 unchanged; 7 in jobs.json');
    expect(byId(dir, 'r-bob').credited.technicians).toEqual(['Mike Chen']);
    expect(byId(dir, 'r-bob').technicians).toEqual(['Mike Chen']);
    // the review that waited for its job finds it
    expect(byId(dir, 'r-late')).toMatchObject({ verified: true, evidence: { job_id: 'J-2001' } });
  });

  it('changes nothing with --dry-run', () => {
    const dir = site();
    const before = files(dir);
    const r = run('import', ['jobs', join(JOBS, 'generic.csv'), '--content', dir, '--dry-run']);
    expect(r.status, r.all).toBe(0);
    expect(r.stdout).toContain('Dry run: nothing written.');
    expect(r.stdout).toContain('would change: 3 gained job evidence');
    expect(files(dir)).toEqual(before);
  });

  it('fails on a bad row naming file, row and field, and changes nothing', () => {
    const dir = site();
    expect(run('import', ['jobs', join(JOBS, 'generic.csv'), '--content', dir]).status).toBe(0);
    const before = files(dir);
    const bad = join(tempDir('jobs-bad'), 'bad.csv');
    writeFileSync(
      bad,
      [
        'job_id,date,customer,technicians,service',
        'J-3001,2026-04-01,Nina Novak,Ann Nobody,drain-cleaning',
        'J-3002,2026-13-01,Nina Novak,Mike Chen,drain-cleaning',
        'J-3003,nina@example.com,Nina Novak,Mike Chen,drain-cleaning',
        ',2026-04-01,Nina Novak,Mike Chen,drain-cleaning',
        'J-3004,2026-04-01,,Mike Chen,drain-cleaning',
      ].join('\n'),
    );
    const r = run('import', ['jobs', bad, '--content', dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${bad}: row 2: field "technicians": "Ann Nobody" is not a technician in business.json`);
    expect(r.stderr).toContain(`${bad}: row 3: field "date": "2026-13-01" is not a date (YYYY-MM-DD)`);
    expect(r.stderr).toContain(`${bad}: row 4: field "date": is not a date`);
    expect(r.stderr).toContain(`${bad}: row 5: field "job_id": is empty`);
    expect(r.stderr).toContain(`${bad}: row 6: field "customer": is empty`);
    expect(r.all).not.toContain('nina@example.com');
    expect(r.all).not.toContain('Nina Novak');
    expect(files(dir)).toEqual(before);
  });

  it('refuses to run without the key, and refuses jobs.json made with another key', () => {
    const dir = site();
    const none = run('import', ['jobs', join(JOBS, 'generic.csv'), '--content', dir], { JOBS_MATCH_KEY: '' });
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('JOBS_MATCH_KEY is not set');
    expect(run('import', ['jobs', join(JOBS, 'generic.csv'), '--content', dir]).status).toBe(0);
    const before = files(dir);
    const other = run('import', ['jobs', join(JOBS, 'generic.csv'), '--content', dir], { JOBS_MATCH_KEY: 'another-key-0123456789abcdef' });
    expect(other.status).toBe(1);
    expect(other.stderr).toContain('field "key_check": was made with another JOBS_MATCH_KEY');
    expect(other.all).not.toContain(KEY);
    expect(files(dir)).toEqual(before);
  });
});

describe('reviews verify', () => {
  it('lists matches and undecided reviews with their candidate jobs, and prints the matches as JSON', () => {
    const dir = site();
    expect(run('import', ['jobs', join(JOBS, 'generic.csv'), '--content', dir]).status).toBe(0);
    const list = run('verify', ['list', '--content', dir]);
    expect(list.status, list.all).toBe(0);
    expect(list.stdout).toContain('Matched to a job: 3');
    expect(list.stdout).toMatch(
      /r-maria-g {2}"Maria G\." {2}2026-03-15: 2 customers fit\n {6}J-1003 \(2026-03-09, Mike Reyes\)\n {6}J-1001 \(2026-03-02, Jonas Mader\)/,
    );
    expectNothingPersonal(list.stdout.replace('"Maria Garcia"', '').replace('"Li Wei"', ''), 'verify list');
    const json = run('verify', ['list', '--json', '--content', dir]);
    expect(json.status, json.all).toBe(0);
    const rows = JSON.parse(json.stdout);
    expect(rows.map((r: { review_id: string; job_id: string }) => [r.review_id, r.job_id]).sort()).toEqual([
      ['r-bob', 'J-1002'],
      ['r-garcia', 'J-1001'],
      ['r-li', 'J-1005'],
    ]);
    expectNothingPersonal(json.stdout, 'verify list --json');
  });

  it('records confirm and reject, which stick across later imports of reviews and jobs', () => {
    const dir = site();
    expect(run('import', ['jobs', join(JOBS, 'generic.csv'), '--content', dir]).status).toBe(0);
    const dry = run('verify', ['confirm', 'r-maria-g', 'J-1003', '--content', dir, '--dry-run']);
    expect(dry.status, dry.all).toBe(0);
    expect(byId(dir, 'r-maria-g').verified).toBe(false);

    expect(run('verify', ['confirm', 'r-maria-g', 'J-1003', '--content', dir]).status).toBe(0);
    expect(run('verify', ['reject', 'r-bob', '--content', dir]).status).toBe(0);
    const check = () => {
      expect(byId(dir, 'r-maria-g')).toMatchObject({ verified: true, evidence: { kind: 'job', job_id: 'J-1003', by: 'owner' }, technicians: ['Mike Reyes'] });
      expect(byId(dir, 'r-bob')).toMatchObject({ verified: false, technicians: [], services: [] });
      expect(byId(dir, 'r-bob').evidence).toBeUndefined();
    };
    check();
    expect(run('import', ['csv', join(JOBS, 'reviews.csv'), '--source', 'google', '--content', dir]).status).toBe(0);
    expect(run('import', ['jobs', join(JOBS, 'servicetitan.csv'), '--content', dir]).status).toBe(0);
    expect(run('import', ['jobs', join(JOBS, 'generic.csv'), '--content', dir]).status).toBe(0);
    check();
    const decisions = JSON.parse(readFileSync(join(dir, 'verification.json'), 'utf8')).decisions;
    expect(decisions).toEqual([
      { review_id: 'r-bob', decision: 'rejected' },
      { review_id: 'r-maria-g', decision: 'confirmed', job_id: 'J-1003', job_date: '2026-03-09' },
    ]);
  });

  it('refuses an unknown review or job, and a job after the review, changing nothing', () => {
    const dir = site();
    expect(run('import', ['jobs', join(JOBS, 'generic.csv'), '--content', dir]).status).toBe(0);
    const before = files(dir);
    expect(run('verify', ['confirm', 'r-nope', 'J-1001', '--content', dir]).stderr).toContain('r-nope: there is no review with this id');
    expect(run('verify', ['confirm', 'r-bob', 'J-9999', '--content', dir]).stderr).toContain('J-9999: there is no job with this id');
    expect(run('verify', ['confirm', 'r-li', 'J-1003', '--content', dir]).stderr).toContain('is 2026-03-09, after the review (2026-03-01)');
    expect(files(dir)).toEqual(before);
  });
});
