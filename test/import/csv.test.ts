import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
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
      expect(x.verified).toBe(true);
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

  it('--verified none imports reviews as unverified, and the report says they are left out', () => {
    const other = contentDir();
    const x = runImport(['csv', join(FIXTURES, 'nextdoor.csv'), '--source', 'nextdoor', '--verified', 'none', '--content', other]);
    expect(x.status).toBe(0);
    expect(reviewsOf(other).every((y) => y.verified === false)).toBe(true);
    expect(x.stdout).toMatch(/5 reviews; 0 published, 5 left out as not verified/);
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

  it("reads Trustpilot's UTC times as days in the business's time zone", () => {
    // 2024-04-02 05:15 UTC is the evening of 1 April in Denver; the reply (18:00 UTC) is on the 2nd
    expect(reviews[0].date).toBe('2024-04-01');
    expect(reviews[0].response.date).toBe('2024-04-02');
    expect(reviews[2].date).toBe('2024-05-01');
    expect(reviews[2].technicians).toEqual(['Jonas Mader']);
  });
});
