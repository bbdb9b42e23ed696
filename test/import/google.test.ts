import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { googleReviews, takeoutEntries } from '../helpers/google-export.ts';
import { writeZip } from '../helpers/zip-writer.ts';
import { tempDir } from '../helpers/paths.ts';
import { byText, contentDir, FIXTURES, folderEntries, read, reviewsOf, runImport, TAKEOUT_V1, TAKEOUT_V2 } from '../helpers/import.ts';

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('npm run import google: a Takeout folder', () => {
  const dir = contentDir();
  const first = runImport(['google', TAKEOUT_V1, '--content', dir]);
  const reviews = reviewsOf(dir);

  it('imports every review with a star rating and reports the one without', () => {
    expect(first.stderr).toBe('');
    expect(first.status).toBe(0);
    expect(reviews).toHaveLength(9);
    expect(first.stdout).toMatch(/added: +9/);
    expect(first.stdout).toMatch(/skipped: +1\n +1: no star rating/);
  });

  it('never imports the Maps (your places) decoy, and says so', () => {
    expect(reviews.some((r) => r.text.includes('Cold coffee'))).toBe(false);
    expect(first.stdout).toMatch(/Maps \(your places\)\/Reviews\.json ignored/);
  });

  it("derives short, stable ids from Google's long ones", () => {
    for (const r of reviews) expect(r.id).toMatch(/^google-[A-Za-z0-9_-]{22}$/);
    expect(new Set(reviews.map((r) => r.id)).size).toBe(9);
  });

  it("turns createTime into the day in the business's time zone; replies are never dated before the review", () => {
    const r1 = byText(reviews, 'Jonas was on time');
    expect(r1.date).toBe('2024-03-01'); // 04:30 UTC on 2 March is the evening of 1 March in Denver
    expect(r1.response.date).toBe('2024-03-02');
    const r7 = byText(reviews, 'Technician was late');
    expect(r7.date).toBe('2024-05-02');
    expect(r7.response.date).toBe('2024-05-02'); // the reply's own day (1 May in Denver) is clamped
  });

  it("keeps the original words and Google's translation apart", () => {
    const de = byText(reviews, 'Herr Mader war');
    expect(de.text).toBe('Herr Mader war sehr freundlich und der Boiler in Fountain läuft wieder.');
    expect(de.translation).toEqual({ language: 'en', text: 'Herr Mader was very friendly and the water heater in Fountain works again.', by: 'Google' });
    const es = byText(reviews, 'Muy buen trabajo');
    expect(es.translation.text).toBe('Very good work by Aylin, very clean.');
  });

  it('links technicians, services and areas, with titles and surnames', () => {
    const pick = (start: string) => {
      const r = byText(reviews, start);
      return { technicians: r.technicians, services: r.services, service_area: r.service_area };
    };
    expect(pick('Herr Mader')).toEqual({ technicians: ['Jonas Mader'], services: ['water-heater'], service_area: 'Fountain' });
    expect(pick('Mrs Okafor')).toEqual({ technicians: ['Grace Okafor'], services: ['ac-repair'], service_area: undefined });
    expect(pick('Frau Yilmaz')).toEqual({ technicians: ['Aylin Yilmaz'], services: [], service_area: undefined });
    expect(pick('Nobody showed up')).toEqual({ technicians: [], services: ['drain-cleaning'], service_area: 'Monument' });
  });

  it('lists an ambiguous first name instead of guessing', () => {
    expect(byText(reviews, 'Mike was great').technicians).toEqual([]);
    expect(first.stdout).toMatch(/ambiguous names.*: 1\n +google-\S+: Mike\n/);
  });

  it('names anonymous reviewers as Google does and keeps rating-only reviews', () => {
    const anonymous = reviews.filter((r) => r.author.name === 'A Google user');
    expect(anonymous).toHaveLength(1);
    expect(anonymous[0]).toMatchObject({ rating: 4, text: '' });
  });

  it('counts a location under two manager accounts once, keeping the later edit', () => {
    const r6 = byText(reviews, 'Mrs Okafor');
    expect(r6.text).toMatch(/Update: the AC has run perfectly all summer\.$/);
    expect(byText(reviews, 'Jonas was on time').response.text).toBe('Thank you, Dana! Jonas will be glad to hear it.');
    expect(first.stdout).toMatch(/2 reviews appeared more than once/);
  });

  it('changes nothing, byte for byte, when the same export comes in again', () => {
    const before = sha(join(dir, 'reviews.json'));
    const importsBefore = sha(join(dir, 'imports.json'));
    const again = runImport(['google', TAKEOUT_V1, '--content', dir]);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/added: +0\n +updated: +0\n +unchanged: 9/);
    expect(again.stdout).toMatch(/Nothing changed/);
    expect(sha(join(dir, 'reviews.json'))).toBe(before);
    expect(sha(join(dir, 'imports.json'))).toBe(importsBefore);
  });

  it('leaves no temporary files behind', () => {
    expect(readdirSync(dir).sort()).toEqual(['business.json', 'imports.json', 'reviews.json']);
  });

  it('records what it imported and left out in imports.json', () => {
    expect(JSON.parse(read(join(dir, 'imports.json')))).toEqual({ google: { in_export: 10, imported: 9, left_out: { no_star_rating: 1 } } });
  });
});

describe('npm run import google: a newer export', () => {
  it('updates exactly what changed, adds what is new, reports what is gone and prunes only when asked', () => {
    const dir = contentDir();
    expect(runImport(['google', TAKEOUT_V1, '--content', dir]).status).toBe(0);
    const v1 = reviewsOf(dir);
    const r = runImport(['google', TAKEOUT_V2, '--content', dir]);
    expect(r.status).toBe(0);
    const v2 = reviewsOf(dir);
    expect(r.stdout).toMatch(/added: +1 \(google-/);
    expect(r.stdout).toMatch(/updated: +2\n +google-\S+: response\n +google-\S+: text, technicians\n +unchanged: 6/);
    const gone = byText(v1, 'Nobody showed up').id;
    expect(r.stdout).toContain(`gone from the source: 1 (${gone}): kept; --prune removes them`);
    expect(v2).toHaveLength(10);
    // an edit resolves the shared first name: the text now names Mike Reyes
    expect(byText(v2, 'Mike was great').technicians).toEqual(['Mike Reyes']);
    // ids and dates never move; updateTime changed but the review's day did not
    expect(byText(v2, 'Mike was great').id).toBe(byText(v1, 'Mike was great').id);
    expect(byText(v2, 'Mike was great').date).toBe('2024-04-10');
    // untouched reviews are the same objects in the same place
    expect(v2.slice(1, 3)).toEqual(v1.slice(1, 3));

    const pruned = runImport(['google', TAKEOUT_V2, '--content', dir, '--prune']);
    expect(pruned.status).toBe(0);
    expect(pruned.stdout).toMatch(/removed \(--prune\)/);
    expect(reviewsOf(dir).map((x) => x.id)).not.toContain(gone);
    expect(reviewsOf(dir)).toHaveLength(9);
  });

  it('refuses --prune when pages of the export are missing', () => {
    const dir = contentDir();
    expect(runImport(['google', TAKEOUT_V1, '--content', dir]).status).toBe(0);
    const before = read(join(dir, 'reviews.json'));
    const r = runImport(['google', join(FIXTURES, 'api', 'page-1.json'), '--content', dir, '--prune']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/--prune: refused: the export looks incomplete \(every page has a nextPageToken/);
    expect(read(join(dir, 'reviews.json'))).toBe(before);
    const without = runImport(['google', join(FIXTURES, 'api', 'page-1.json'), '--content', dir]);
    expect(without.status).toBe(0);
    expect(without.stdout).toMatch(/note: every page has a nextPageToken/);
    expect(without.stdout).toMatch(/gone from the source: 5 .*kept/);
  });

  it('keeps a technician filled in by hand where the text was ambiguous', () => {
    const dir = contentDir();
    expect(runImport(['google', TAKEOUT_V1, '--content', dir]).status).toBe(0);
    const reviews = reviewsOf(dir);
    byText(reviews, 'Mike was great').technicians = ['Mike Chen'];
    writeFileSync(join(dir, 'reviews.json'), `${JSON.stringify(reviews, null, 2)}\n`);
    const before = read(join(dir, 'reviews.json'));
    const again = runImport(['google', TAKEOUT_V1, '--content', dir]);
    expect(again.stdout).toMatch(/unchanged: 9/);
    expect(again.stdout).not.toMatch(/ambiguous/);
    expect(read(join(dir, 'reviews.json'))).toBe(before);
  });

  it('never verifies a Google reviewer by itself; keeps what the owner marked by hand, unless --verified is given', () => {
    const dir = contentDir();
    expect(runImport(['google', TAKEOUT_V1, '--content', dir]).status).toBe(0);
    const reviews = reviewsOf(dir);
    expect(reviews.every((r: { verified: boolean; evidence?: unknown }) => r.verified === false && r.evidence === undefined)).toBe(true);
    // written before evidence existed: read as the owner's word
    byText(reviews, 'Technician was late').verified = true;
    writeFileSync(join(dir, 'reviews.json'), `${JSON.stringify(reviews, null, 2)}\n`);
    const again = runImport(['google', TAKEOUT_V1, '--content', dir]);
    expect(again.stdout).toMatch(/unchanged: 9/);
    expect(again.stdout).toMatch(
      /9 reviews; 1 with evidence that the reviewer is a customer \(0 matched to a job, 0 verified by their platform, 1 marked verified/,
    );
    expect(byText(reviewsOf(dir), 'Technician was late').verified).toBe(true); // the file stays as the owner wrote it
    const none = runImport(['google', TAKEOUT_V1, '--content', dir, '--verified', 'none']);
    expect(none.stdout).toMatch(/updated: +1\n +google-\S+: verified, evidence\n/);
    expect(byText(reviewsOf(dir), 'Technician was late').verified).toBe(false);
  });

  it('never prunes reviews written by hand, even with the same source', () => {
    const dir = contentDir();
    const hand = {
      id: 'r-hand-1',
      date: '2023-01-05',
      rating: 5,
      text: 'Typed in from a thank-you card.',
      author: { name: 'Pat' },
      verified: true,
      source: 'google',
      technicians: [],
      services: [],
    };
    writeFileSync(join(dir, 'reviews.json'), `${JSON.stringify([hand], null, 2)}\n`);
    const r = runImport(['google', TAKEOUT_V2, '--content', dir, '--prune']);
    expect(r.status).toBe(0);
    expect(reviewsOf(dir)[0]).toEqual(hand);
    expect(r.stdout).not.toMatch(/gone from the source/);
  });
});

describe('npm run import google: other shapes of the same export', () => {
  it('reads the Takeout as a .zip, with the same result as the folder', () => {
    const folder = contentDir();
    runImport(['google', TAKEOUT_V1, '--content', folder]);
    const zipped = contentDir();
    const zip = join(tempDir('zip'), 'takeout-20240901T120000Z-001.zip');
    writeZip(zip, folderEntries(TAKEOUT_V1));
    const r = runImport(['google', zip, '--content', zipped]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(read(join(zipped, 'reviews.json'))).toBe(read(join(folder, 'reviews.json')));
    expect(r.stdout).toMatch(/takeout-20240901T120000Z-001\.zip:Takeout\/Maps \(your places\)\/Reviews\.json ignored/);
  });

  it('reads a ZIP64 archive (Takeouts over 4 GB) and stored entries', () => {
    const folder = contentDir();
    runImport(['google', TAKEOUT_V1, '--content', folder]);
    const zipped = contentDir();
    const zip = join(tempDir('zip'), 'takeout-zip64.zip');
    writeZip(
      zip,
      folderEntries(TAKEOUT_V1).map((e, i) => ({ ...e, method: i % 2 ? 0 : 8 })),
      { zip64: true },
    );
    const r = runImport(['google', zip, '--content', zipped]);
    expect(r.stderr).toBe('');
    expect(read(join(zipped, 'reviews.json'))).toBe(read(join(folder, 'reviews.json')));
  });

  it('reads the JSON pages of reviews.list, and gives each review the same id as the Takeout', () => {
    const takeout = contentDir();
    runImport(['google', TAKEOUT_V1, '--content', takeout]);
    const api = contentDir();
    const r = runImport(['google', join(FIXTURES, 'api'), '--content', api]);
    expect(r.status).toBe(0);
    // the API pages are the first account's copy: review 6 before its later edit
    const ids = (dir: string) =>
      reviewsOf(dir)
        .map((x) => x.id)
        .sort();
    expect(ids(api)).toEqual(ids(takeout));
    // and importing the Takeout over them counts as the same reviews
    const over = runImport(['google', TAKEOUT_V1, '--content', api]);
    expect(over.stdout).toMatch(/added: +0\n +updated: +1\n +google-\S+: text\n/);
  });

  it('imports a generated Takeout of realistic size exactly', () => {
    const count = 2500;
    const dir = contentDir();
    const zip = join(tempDir('zip'), 'takeout.zip');
    writeZip(zip, takeoutEntries({ count, perPage: 1000 }));
    const unrated = googleReviews({ count }).filter((r) => r.starRating === 'STAR_RATING_UNSPECIFIED').length;
    const r = runImport(['google', zip, '--content', dir]);
    expect(r.status).toBe(0);
    expect(reviewsOf(dir)).toHaveLength(count - unrated);
    expect(r.stdout).toContain(`skipped:   ${unrated}`);
    expect(reviewsOf(dir).filter((x) => x.translation).length).toBeGreaterThan(count * 0.05);
  });

  it('--tz wins over business.json and moves the days', () => {
    const dir = contentDir();
    expect(runImport(['google', TAKEOUT_V1, '--content', dir, '--tz', 'Europe/Berlin']).status).toBe(0);
    expect(byText(reviewsOf(dir), 'Jonas was on time').date).toBe('2024-03-02');
  });

  it('--dry-run reports and writes nothing', () => {
    const dir = contentDir();
    const r = runImport(['google', TAKEOUT_V1, '--content', dir, '--dry-run']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Dry run: nothing written\. 9 reviews in the export\./);
    expect(existsSync(join(dir, 'reviews.json'))).toBe(false);
    expect(existsSync(join(dir, 'imports.json'))).toBe(false);
  });

  it('asks for --location when the export holds several, and imports just that one', () => {
    const root = tempDir('two-locations');
    const entries = [...takeoutEntries({ count: 30, location: '9001' }), ...takeoutEntries({ count: 20, location: '9002', seed: 99 })];
    for (const e of entries) {
      mkdirSync(join(root, e.name, '..'), { recursive: true });
      writeFileSync(join(root, e.name), e.data);
    }
    const dir = contentDir();
    const r = runImport(['google', root, '--content', dir]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/holds reviews of 2 locations \(9001, 9002\); pick one with --location/);
    expect(existsSync(join(dir, 'reviews.json'))).toBe(false);
    const one = runImport(['google', root, '--content', dir, '--location', 'location-9002']);
    expect(one.status).toBe(0);
    expect(one.stdout).toMatch(/of other locations \(9001\) left out by --location/);
    expect(reviewsOf(dir).length).toBeGreaterThan(15);
    expect(reviewsOf(dir).length).toBeLessThanOrEqual(20);
  });
});
