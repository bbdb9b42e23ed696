import { createHash } from 'node:crypto';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeZip } from '../helpers/zip-writer.ts';
import { tempDir } from '../helpers/paths.ts';
import { contentDir, FIXTURES, runImport, TAKEOUT_V1 } from '../helpers/import.ts';

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const REVIEWS = '{"reviews":[]}';

const SEED = contentDir();
const seedRun = runImport(['google', TAKEOUT_V1, '--content', SEED]);

/** A content folder that already holds a good import (a copy of one made once), and its reviews.json checksum. */
function seeded(): { dir: string; before: string } {
  expect(seedRun.status).toBe(0);
  const dir = tempDir('import-seeded');
  cpSync(SEED, dir, { recursive: true });
  return { dir, before: sha(join(dir, 'reviews.json')) };
}

function expectRefused(args: (dir: string) => string[], message: RegExp) {
  const { dir, before } = seeded();
  const imports = sha(join(dir, 'imports.json'));
  const r = runImport(args(dir));
  expect(r.status).toBe(1);
  expect(r.stdout).toBe('');
  expect(r.stderr).toMatch(/^import: nothing imported, reviews\.json left as it was/);
  expect(r.stderr).toMatch(message);
  expect(sha(join(dir, 'reviews.json'))).toBe(before);
  expect(sha(join(dir, 'imports.json'))).toBe(imports);
}

describe('npm run import: all or nothing', () => {
  it('refuses a file that is not JSON, naming it', () => {
    expectRefused((dir) => ['google', join(FIXTURES, 'broken', 'truncated.json'), '--content', dir], /broken\/truncated\.json: is not valid JSON/);
  });

  it('refuses an unknown star rating, naming file, review and field', () => {
    expectRefused(
      (dir) => ['google', join(FIXTURES, 'broken', 'bad-star.json'), '--content', dir],
      /bad-star\.json: review 2 \("AbFvOqmX003_[^"]*"\): field "starRating": must be ONE, TWO, THREE, FOUR or FIVE, got "SIX"/,
    );
  });

  it('refuses a time that is not RFC 3339', () => {
    expectRefused(
      (dir) => ['google', join(FIXTURES, 'broken', 'bad-time.json'), '--content', dir],
      /review 1 .*field "createTime": must be an RFC 3339 timestamp, got "last Tuesday"/,
    );
  });

  it('refuses an unknown CSV column, a bad rating by row, an unclosed quote and a binary file', () => {
    const csv = (name: string) => (dir: string) => ['csv', join(FIXTURES, 'broken', name), '--source', 'angi', '--content', dir];
    expectRefused(csv('unknown-column.csv'), /unknown-column\.csv: row 1 \(header\): field "stars_given": unknown column "stars_given"/);
    expectRefused(csv('bad-rating.csv'), /bad-rating\.csv: row 4: field "rating": must be a whole number of stars from 1 to 5, got "ten"/);
    expectRefused(csv('unclosed-quote.csv'), /unclosed-quote\.csv: line 2: has a quoted field that is never closed/);
    expectRefused(csv('not-csv.csv'), /not-csv\.csv: .*not a CSV file/);
  });

  it('refuses a review that breaks the schema, with every problem listed', () => {
    const file = join(tempDir('csv'), 'reviews.csv');
    writeFileSync(
      file,
      'date,rating,text,author,technicians,response_date,response_text\n2024-02-30,5,ok,Al,,,\n2024-03-01,4,fine,,Nobody ' +
        'Known,,\n2024-03-05,3,meh,Cy,,2024-03-01,Sorry\n',
    );
    expectRefused(
      (dir) => ['csv', file, '--source', 'angi', '--content', dir],
      /\(4 problems\)[\s\S]*row 2: field "date": must be a date[\s\S]*row 3: field "technicians\[0\]": "Nobody Known" is not in business\.json technicians[\s\S]*row 3: field "author\.name": must not be empty[\s\S]*row 4: field "response\.date": is before the review date/,
    );
  });

  it('refuses an invalid reviews.json already in the folder, and leaves it alone', () => {
    const dir = contentDir();
    writeFileSync(join(dir, 'reviews.json'), '[{"id": "x", "rating": 9}]');
    const r = runImport(['google', TAKEOUT_V1, '--content', dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/reviews\.json: review at index 0: field "rating"/);
    expect(readFileSync(join(dir, 'reviews.json'), 'utf8')).toBe('[{"id": "x", "rating": 9}]');
  });

  it('refuses to guess a time zone, and an unknown one', () => {
    const bare = JSON.parse(readFileSync(join(FIXTURES, 'business.json'), 'utf8'));
    delete bare.time_zone;
    const file = join(tempDir('business'), 'business.json');
    writeFileSync(file, JSON.stringify(bare));
    const dir = contentDir(file);
    const r = runImport(['google', TAKEOUT_V1, '--content', dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--tz: Google gives the time of each review: name the business's time zone/);
    expectRefused((d) => ['google', TAKEOUT_V1, '--content', d, '--tz', 'Mars/Olympus_Mons'], /"Mars\/Olympus_Mons" is not an IANA time zone/);
  });

  it('needs business.json, and a known source and options', () => {
    const empty = tempDir('empty');
    expect(runImport(['google', TAKEOUT_V1, '--content', empty]).stderr).toMatch(/business\.json: is missing/);
    expect(runImport(['yelp', 'x.csv', '--content', empty]).stderr).toMatch(/must be one of google, csv, trustpilot/);
    expect(runImport(['csv', 'x.csv', '--content', empty, '--verified', 'some']).stderr).toMatch(/--verified must be "all" or "none"/);
    expect(runImport(['csv', 'x.csv', '--content', empty, '--min-rating', '4']).status).toBe(1);
  });
});

describe('npm run import: hostile archives', () => {
  const good = (name: string) => ({ name, data: REVIEWS });
  it('refuses entries that climb out of the archive', () => {
    const zip = join(tempDir('zip'), 'evil.zip');
    writeZip(zip, [
      good('Takeout/Google Business Profile/account-1/location-2/reviews.json'),
      { name: 'Takeout/../../account-1/location-2/reviews.json', data: REVIEWS },
    ]);
    expectRefused((dir) => ['google', zip, '--content', dir], /unsafe name/);
  });

  it('refuses an entry whose size header lies (a zip bomb)', () => {
    const zip = join(tempDir('zip'), 'bomb.zip');
    const huge = Buffer.alloc(20 * 1024 * 1024, 0x20);
    writeZip(zip, [{ name: 'Takeout/Google Business Profile/account-1/location-2/reviews.json', data: huge, sizeOverride: 1000 }]);
    expectRefused((dir) => ['google', zip, '--content', dir], /cannot be inflated/);
  });

  it('refuses an entry larger than the limit before inflating it', () => {
    const zip = join(tempDir('zip'), 'big.zip');
    writeZip(zip, [{ name: 'Takeout/Google Business Profile/account-1/location-2/reviews.json', data: REVIEWS, sizeOverride: 300 * 1024 * 1024 }]);
    expectRefused((dir) => ['google', zip, '--content', dir], /more than the 268435456 allowed/);
  });

  it('names the likely mix-up when given the wrong kind of export', () => {
    const zip = join(tempDir('zip'), 'takeout.zip');
    writeZip(zip, [good('Takeout/Google Business Profile/account-1/location-2/reviews.json')]);
    expectRefused(
      (dir) => ['trustpilot', zip, '--content', dir],
      /takeout\.zip: is a ZIP archive, not a CSV file: a Google Takeout is imported with "google" instead of "trustpilot"/,
    );
    const page = join(tempDir('page'), 'reviews.json');
    writeFileSync(page, REVIEWS);
    expectRefused((dir) => ['csv', page, '--content', dir, '--source', 'yelp'], /reviews\.json: is JSON, not a CSV file: .* "google" instead of "csv"/);
    expectRefused((dir) => ['google', join(FIXTURES, 'trustpilot.csv'), '--content', dir], /trustpilot\.csv: looks like a CSV file, not a Google export/);
  });

  it('says a download that was cut short looks cut short', () => {
    const whole = join(tempDir('zip'), 'whole.zip');
    writeZip(whole, [
      {
        name: 'Takeout/Google Business Profile/account-1/location-2/reviews.json',
        data: readFileSync(join(FIXTURES, 'takeout-v1', 'Takeout', 'Google Business Profile', 'account-1111', 'location-9001', 'reviews.json')),
      },
    ]);
    const bytes = readFileSync(whole);
    const cut = join(tempDir('zip'), 'takeout-cut.zip');
    writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    expectRefused((dir) => ['google', cut, '--content', dir], /takeout-cut\.zip: the archive looks cut short.*download it again/);
  });

  it('refuses a damaged archive and a file that is not one', () => {
    const zip = join(tempDir('zip'), 'takeout.zip');
    writeFileSync(zip, 'this is not a zip file');
    expectRefused((dir) => ['google', zip, '--content', dir], /is not a ZIP file/);
  });
});
