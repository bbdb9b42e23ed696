import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/paths.ts';
import { contentDir, FIXTURES, reviewsOf, runImport } from '../helpers/import.ts';

describe('npm run import csv', () => {
  const dir = contentDir();
  const r = runImport(['csv', join(FIXTURES, 'nextdoor.csv'), '--source', 'nextdoor', '--content', dir]);
  const reviews = reviewsOf(dir);
  const row = (n: number) => reviews.find((x) => x.author.name === ['', '', 'Maria G.', 'Ted "T-Bone" Ross', 'Anh N.', 'Jo', 'Rating only'][n]);

  it('reads a BOM, CRLF, quoted commas, quotes and line breaks', () => {
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(reviews).toHaveLength(5);
    expect(row(2).text).toBe('Jonas replaced the igniter, and the furnace has run great since. Fair price, too.');
    expect(row(3).text).toBe('He said "15 minutes", it took 3 hours.\nStill, the drain works now.');
    expect(row(3).title).toBe('Slow');
    expect(row(3).response).toEqual({ date: '2024-02-20', text: 'Ted, sorry for the wait; we have added a second drain truck.' });
  });

  it("lets the source's values win, maps service names to ids and links the rest from the text", () => {
    expect(row(3).technicians).toEqual(['Mike Chen']);
    expect(row(4).services).toEqual(['water-heater', 'ac-repair']);
    expect(row(4).technicians).toEqual(['Grace Okafor']);
    expect(row(4).service_area).toBe('Monument');
    expect(row(2)).toMatchObject({ technicians: ['Jonas Mader'], services: ['furnace-repair'], service_area: 'Colorado Springs' });
  });

  it("turns a time with an offset into the business's day; keeps rating-only rows", () => {
    expect(row(5).date).toBe('2024-03-09');
    expect(row(6)).toMatchObject({ rating: 5, text: '' });
  });

  it('gives every row a stable id and a source', () => {
    for (const x of reviews) {
      expect(x.id).toMatch(/^nextdoor-[A-Za-z0-9_-]{22}$/);
      expect(x.source).toBe('nextdoor');
      // a CSV without a verified column says nothing of the reviewer, so nobody is verified by the import
      expect(x.verified).toBe(false);
      expect(x).not.toHaveProperty('evidence');
    }
    const again = runImport(['csv', join(FIXTURES, 'nextdoor.csv'), '--source', 'nextdoor', '--content', dir]);
    expect(again.stdout).toMatch(/unchanged: 5/);
  });

  it('needs --source when there is no source column', () => {
    const other = contentDir();
    const x = runImport(['csv', join(FIXTURES, 'nextdoor.csv'), '--content', other]);
    expect(x.status).toBe(1);
    expect(x.stderr).toMatch(/there is no "source" column: name the platform with --source <name>/);
  });

  it("--verified all is the owner's word for every reviewer; --verified none takes it back; the report counts each kind", () => {
    const other = contentDir();
    const all = runImport(['csv', join(FIXTURES, 'nextdoor.csv'), '--source', 'nextdoor', '--verified', 'all', '--content', other]);
    expect(all.status).toBe(0);
    expect(reviewsOf(other).every((y) => y.verified === true && y.evidence?.kind === 'owner')).toBe(true);
    expect(all.stdout).toMatch(/5 reviews; 5 with evidence that the reviewer is a customer \(0 matched to a job, 0 verified by their platform, 5 marked/);
    const none = runImport(['csv', join(FIXTURES, 'nextdoor.csv'), '--source', 'nextdoor', '--verified', 'none', '--content', other]);
    expect(none.status).toBe(0);
    expect(reviewsOf(other).every((y) => y.verified === false && y.evidence === undefined)).toBe(true);
    expect(none.stdout).toMatch(/5 reviews; 0 with evidence .* 5 without\. .*no review is ever left out for its rating/);
  });
});

describe('npm run import trustpilot', () => {
  const dir = contentDir();
  const r = runImport(['trustpilot', join(FIXTURES, 'trustpilot.csv'), join(FIXTURES, 'trustpilot-variant.csv'), '--content', dir]);
  const reviews = reviewsOf(dir);

  it('matches both header variants and keeps titles and replies', () => {
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(reviews.map((x) => x.id)).toEqual([
      'trustpilot-660b8a1f2c3d4e5f6a7b8c9d',
      'trustpilot-661c9b2a3d4e5f6a7b8c9d0e',
      'trustpilot-662d0c3b4e5f6a7b8c9d0e1f',
      'trustpilot-663e1d4c5f6a7b8c9d0e1f2a',
    ]);
    expect(reviews[0]).toMatchObject({
      title: 'Booked online, fixed same day',
      rating: 5,
      author: { name: 'Megan R.' },
      source: 'trustpilot',
      technicians: ['Aylin Yilmaz'],
      response: { text: 'Thanks for choosing us!' },
    });
    expect(reviews[3]).toMatchObject({ title: 'Good', technicians: ['Mike Reyes'], services: ['drain-cleaning'] });
  });

  it("carries Trustpilot's verification level as the platform's evidence, and nothing where it says not verified or is silent", () => {
    const platform = { verified: true, evidence: { kind: 'platform', platform: 'trustpilot' } };
    expect(reviews[0]).toMatchObject(platform); // verified
    expect(reviews[1].verified).toBe(false); // not-verified
    expect(reviews[1]).not.toHaveProperty('evidence');
    expect(reviews[2]).toMatchObject(platform); // invited, the older exports' word
    expect(reviews[3].verified).toBe(false); // the variant export has no level
  });

  it('refuses a verification level Trustpilot does not document, naming file, row and column', () => {
    const file = join(tempDir('tp-level'), 'tp.csv');
    writeFileSync(
      file,
      'Review Id,Review Created (UTC),Review Stars,Review Content,Review Username,Review Verification Level\na1,2024-04-02 05:15:00,4,Fine.,Ann,maybe\n',
    );
    const x = runImport(['trustpilot', file, '--content', contentDir()]);
    expect(x.status).toBe(1);
    expect(x.stderr).toContain(`${file}: row 2: field "Review Verification Level": must be the platform's verification level`);
  });

  it("reads Trustpilot's UTC times as days in the business's time zone", () => {
    // 2024-04-02 05:15 UTC is the evening of 1 April in Denver; the reply (18:00 UTC) is on the 2nd
    expect(reviews[0].date).toBe('2024-04-01');
    expect(reviews[0].response.date).toBe('2024-04-02');
    expect(reviews[2].date).toBe('2024-05-01');
    expect(reviews[2].technicians).toEqual(['Jonas Mader']);
  });
});
