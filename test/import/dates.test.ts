// A date far in the past or the future (0025-06-01, the 9999-12-31 "no date" placeholder) is
// refused by every way in, with a message naming file, record and field, and nothing written.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/paths.ts';
import { contentDir, read, runImport } from '../helpers/import.ts';

const BAD = ['0025-06-01', '9999-12-31'];
const TOMORROW_RE = /after \d{4}-\d{2}-\d{2}, tomorrow in America\/Denver/;

function expectRefused(dir: string, run: { status: number | null; stderr: string }, file: string, records: RegExp[], field: string) {
  expect(run.status).toBe(1);
  for (const [i, record] of records.entries()) {
    const line = run.stderr.split('\n').find((l) => l.includes(file) && record.test(l) && l.includes(`field "${field}"`));
    expect(line, run.stderr).toBeDefined();
    if (i === 0) expect(line).toMatch(/is 0025-06-01, before 1995-01-01/);
    else expect(line).toMatch(/is 9999-12-3[01], after/);
  }
  expect(run.stderr).toMatch(TOMORROW_RE);
  expect(existsSync(join(dir, 'reviews.json'))).toBe(false);
}

const googleReview = (n: number, createTime: string) => ({
  name: `accounts/1111/locations/9001/reviews/AbFvDates${n}`,
  reviewId: `AbFvDates${n}`,
  reviewer: { displayName: `Reviewer ${n}` },
  starRating: 'FOUR',
  comment: 'Jonas fixed the furnace.',
  createTime,
  updateTime: createTime,
});

describe('dates outside 1995-01-01 … tomorrow, every way in', { timeout: 60_000 }, () => {
  it('CSV', () => {
    const dir = contentDir();
    const csv = join(tempDir('dates'), 'spreadsheet.csv');
    writeFileSync(csv, `date,rating,text,author\n2024-05-01,5,Fine.,Ann\n${BAD[0]},4,Old.,Bo\n${BAD[1]},3,Someday.,Cy\n`);
    const run = runImport(['csv', csv, '--source', 'nextdoor', '--content', dir]);
    expectRefused(dir, run, 'spreadsheet.csv', [/row 3/, /row 4/], 'date');
  });

  it('CSV: a reply dated in the future', () => {
    const dir = contentDir();
    const csv = join(tempDir('dates'), 'replies.csv');
    writeFileSync(csv, `date,rating,text,author,response_date,response_text\n2024-05-01,5,Fine.,Ann,9999-12-31,Thanks!\n`);
    const run = runImport(['csv', csv, '--source', 'nextdoor', '--content', dir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/replies\.csv: row 2: field "response\.date": is 9999-12-31, after \d{4}-\d{2}-\d{2}, tomorrow in America\/Denver/);
  });

  it('Trustpilot CSV', () => {
    const dir = contentDir();
    const csv = join(tempDir('dates'), 'trustpilot.csv');
    writeFileSync(
      csv,
      `Review Created (UTC),Review Title,Review Content,Review Stars,Review Id,Review Username\n${BAD[0]} ` +
        `12:00:00,Old,Old.,4,660b8a1f2c3d4e5f6a7b8c01,Bo\n${BAD[1]} ` +
        '12:00:00,Late,Someday.,3,660b8a1f2c3d4e5f6a7b8c02,Cy\n',
    );
    const run = runImport(['trustpilot', csv, '--content', dir]);
    expectRefused(dir, run, 'trustpilot.csv', [/row 2/, /row 3/], 'date');
  });

  it('a Google Takeout export', () => {
    const dir = contentDir();
    const root = tempDir('dates');
    const folder = join(root, 'Takeout', 'Google Business Profile', 'account-1111', 'location-9001');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'reviews.json'), JSON.stringify({ reviews: [googleReview(1, `${BAD[0]}T18:00:00Z`), googleReview(2, `${BAD[1]}T18:00:00Z`)] }));
    const run = runImport(['google', root, '--content', dir]);
    expectRefused(dir, run, 'reviews.json', [/review 0/, /review 1/], 'date');
  });

  it('Google API pages (reviews.list)', () => {
    const dir = contentDir();
    const page = join(tempDir('dates'), 'page-1.json');
    writeFileSync(
      page,
      JSON.stringify({ reviews: [googleReview(3, `${BAD[0]}T18:00:00.5Z`), googleReview(4, `${BAD[1]}T23:59:59Z`)], averageRating: 4, totalReviewCount: 2 }),
    );
    const run = runImport(['google', page, '--content', dir]);
    expectRefused(dir, run, 'page-1.json', [/review 0/, /review 1/], 'date');
  });

  it('a review before the business was founded (business.json "founded")', () => {
    const business = JSON.parse(read(join(contentDir(), 'business.json')));
    const dir = contentDir();
    writeFileSync(join(dir, 'business.json'), JSON.stringify({ ...business, founded: 2010 }));
    const csv = join(tempDir('dates'), 'early.csv');
    writeFileSync(csv, 'date,rating,text,author\n2009-12-31,5,Fine.,Ann\n2010-01-01,5,Also fine.,Bo\n');
    const run = runImport(['csv', csv, '--source', 'nextdoor', '--content', dir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/early\.csv: row 2: field "date": is 2009-12-31, before 2010-01-01: the business was founded in 2010/);
    expect(run.stderr).not.toMatch(/row 3/);
  });
});
