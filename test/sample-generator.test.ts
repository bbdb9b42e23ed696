import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type GeneratedContent, generateContent, writeContent } from '../tools/sample/generate.ts';
import { SAMPLE_MATCH_WINDOW_DAYS } from '../tools/sample/jobs.ts';
import { parseContent } from '../src/core/content/dataset.ts';
import { jobsJson } from '../src/core/jobs/jobs-file.ts';
import { JobsFileSchema, VerificationFileSchema } from '../src/core/jobs/records.ts';
import type { Review } from '../src/core/schemas/review.ts';
import { SAMPLE_CONTENT, tempDir } from './helpers/paths.ts';

const END = '2026-11-15';
const sample = generateContent({ seed: 20260101, reviewCount: 640, endDate: END });
const large = generateContent({ seed: 7, reviewCount: 5000, endDate: END });

const share = (reviews: Review[], test: (r: Review) => boolean) => reviews.filter(test).length / reviews.length;
const withText = (c: GeneratedContent) => c.reviews.filter((r) => r.text !== '');
const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

// A whole-word match that also works for names such as "José" or "Đức".
const mentions = (text: string, phrase: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(text);

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('generateContent', () => {
  it('is deterministic for a seed and differs across seeds', () => {
    const again = generateContent({ seed: 20260101, reviewCount: 640, endDate: END });
    expect(JSON.stringify(again)).toBe(JSON.stringify(sample));
    const other = generateContent({ seed: 20260102, reviewCount: 640, endDate: END });
    expect(JSON.stringify(other.reviews)).not.toBe(JSON.stringify(sample.reviews));
  });

  it('made the committed sample: content/ holds what `npm run generate:sample` writes, byte for byte', () => {
    const dir = tempDir('sample');
    try {
      writeContent(dir, sample);
      const written = readdirSync(dir).sort();
      expect(written).toEqual(readdirSync(SAMPLE_CONTENT).sort());
      const stale = written.filter((file) => !readFileSync(join(dir, file)).equals(readFileSync(join(SAMPLE_CONTENT, file))));
      expect(stale, 'run `npm run generate:sample` and commit content/').toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each([
    ['default sample', sample],
    ['large sample', large],
    ['tiny sample', generateContent({ seed: 1, reviewCount: 3, endDate: '2024-02-29', years: 1 })],
  ])('passes the content loader (%s)', (_, content) => {
    const files = { business: JSON.stringify(content.business), reviews: JSON.stringify(content.reviews), editorial: JSON.stringify(content.editorial) };
    // every review by default; under PUBLISH_REVIEWS=verified, those with evidence
    expect(parseContent(files).reviews.length).toBe(content.reviews.length);
    expect(parseContent(files, undefined, undefined, 'verified').reviews.length).toBe(content.reviews.filter((r) => r.verified).length);
  });

  it('writes trimmed strings without control characters', () => {
    for (const s of strings(sample)) {
      expect(s).toBe(s.trim());
      expect(s).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F]|\{\w+\}| {2}/);
    }
  });

  it('describes the business as required', () => {
    const b = sample.business;
    expect(b.url).toMatch(/^https:/);
    expect(b.address.country).toBe('US');
    expect(b.service_areas.length).toBeGreaterThanOrEqual(8);
    expect(b.service_areas.length).toBeLessThanOrEqual(10);
    expect(b.service_areas.some((a) => /[^\x00-\x7F]/.test(a))).toBe(true);
    expect(b.services.length).toBeGreaterThanOrEqual(10);
    expect(b.services.length).toBeLessThanOrEqual(14);
    expect(b.technicians.length).toBeGreaterThanOrEqual(7);
    expect(b.technicians.length).toBeLessThanOrEqual(9);
    const firstNames = b.technicians.map((t) => t.name.split(' ')[0]);
    expect(new Set(firstNames).size).toBeLessThan(firstNames.length);
    expect(sample.editorial.faq.length).toBeGreaterThanOrEqual(5);
  });

  it('gives unique ids and the requested number of reviews', () => {
    expect(sample.reviews).toHaveLength(640);
    expect(new Set(sample.reviews.map((r) => r.id)).size).toBe(640);
    expect(generateContent({ seed: 1, reviewCount: 0, endDate: END }).reviews).toEqual([]);
  });

  it('spreads clustered, growing dates over the years before endDate', () => {
    for (const content of [sample, large]) {
      const dates = content.reviews.map((r) => r.date).sort();
      expect(dates.at(-1)).toBe(END);
      expect(dates[0]! >= addDays(END, -Math.round(3.5 * 365.25))).toBe(true);
      expect(dates[0]! <= addDays(END, -3 * 365)).toBe(true);
      const perDay = new Map<string, number>();
      for (const d of dates) perDay.set(d, (perDay.get(d) ?? 0) + 1);
      expect(Math.max(...perDay.values())).toBeGreaterThanOrEqual(3);
      const firstYear = dates.filter((d) => d < addDays(dates[0]!, 365)).length;
      const lastYear = dates.filter((d) => d > addDays(END, -365)).length;
      expect(lastYear).toBeGreaterThan(1.5 * firstYear);
    }
  });

  it('has a J-shaped rating mix, rating-only reviews, titles and responses in proportion', () => {
    const reviews = large.reviews;
    const expected: Record<number, number> = { 5: 0.7, 4: 0.1, 3: 0.04, 2: 0.04, 1: 0.12 };
    for (const [rating, p] of Object.entries(expected)) {
      expect(Math.abs(share(reviews, (r) => r.rating === Number(rating)) - p)).toBeLessThan(0.02);
    }
    expect(Math.abs(share(reviews, (r) => r.text === '') - 1 / 3)).toBeLessThan(0.03);
    const credited = (r: Review) => r.credited ?? { technicians: [], services: [] };
    expect(
      reviews
        .filter((r) => r.text === '')
        .every(
          (r) =>
            r.title === undefined &&
            r.services.every((x) => credited(r).services.includes(x)) &&
            r.technicians.every((t) => credited(r).technicians.includes(t)),
        ),
    ).toBe(true);
    expect(Math.abs(share(reviews, (r) => r.title !== undefined) - 0.5)).toBeLessThan(0.05);
    expect(Math.abs(share(reviews, (r) => r.response !== undefined) - 0.4)).toBeLessThan(0.04);
    // verified by a matched job, never by a flag; most reviewers' jobs are found
    expect(reviews.every((r) => r.verified === (r.evidence?.kind === 'job'))).toBe(true);
    // with 5,000 reviewers many share a "First L." form, and those wait for the owner (precision first)
    expect(share(reviews, (r) => r.verified)).toBeGreaterThan(0.1);
    expect(share(sample.reviews, (r) => r.verified)).toBeGreaterThan(0.5);
    expect(share(sample.reviews, (r) => r.verified)).toBeLessThan(0.9);
    expect(share(reviews, (r) => r.service_area !== undefined)).toBeGreaterThan(0.75);
    expect(share(reviews, (r) => r.source === 'google')).toBeGreaterThan(0.6);
    expect(new Set(reviews.map((r) => r.source))).toEqual(new Set(['google', 'yelp', 'website', 'nextdoor']));
  });

  it('answers within 0-10 days and never after endDate', () => {
    for (const r of large.reviews) {
      if (!r.response) continue;
      expect(r.response.date >= r.date).toBe(true);
      expect(r.response.date <= addDays(r.date, 10)).toBe(true);
      expect(r.response.date <= END).toBe(true);
    }
  });

  it('lists exactly the technicians and services the text mentions', () => {
    const { technicians, services } = large.business;
    for (const r of withText(large)) {
      const fromJob = r.credited ?? { technicians: [], services: [] };
      for (const name of r.technicians)
        expect(mentions(r.text, name) || mentions(r.text, name.split(' ')[0]!) || fromJob.technicians.includes(name)).toBe(true);
      for (const t of technicians) {
        const first = t.name.split(' ')[0]!;
        if (mentions(r.text, t.name)) expect(r.technicians).toContain(t.name);
        // an ambiguous first name only says that one of the technicians with it was there
        if (mentions(r.text, first)) expect(r.technicians.some((n) => n.split(' ')[0] === first)).toBe(true);
      }
      for (const s of services) {
        expect(r.services.includes(s.id)).toBe([s.name, ...s.synonyms].some((word) => mentions(r.text, word)) || fromJob.services.includes(s.id));
      }
    }
    expect(large.reviews.some((r) => /\bMike\b/.test(r.text) && !r.text.includes('Mike Reyes') && !r.text.includes('Mike Okafor'))).toBe(true);
  });

  it('matches the text sentiment to the rating', () => {
    for (const r of withText(large)) {
      if (r.rating === 5) expect(r.text).not.toMatch(/never called back|overcharged|no-show|left a mess|would not recommend|hours late/i);
      if (r.rating === 1) expect(r.text).not.toMatch(/highly recommend|fixed it right|price was fair|<3/i);
      if (r.rating === 3) expect(r.text).toMatch(/\bbut\b/);
    }
  });

  it('includes special, non-ASCII and hostile strings', () => {
    const texts = withText(sample)
      .map((r) => r.text)
      .join('\n');
    for (const needle of ['&', '<3', '"', '👍', '❄️', 'café', 'naïve', "n't", 'but', '\n\n']) expect(texts).toContain(needle);
    expect(sample.reviews.filter((r) => r.text.includes('<script>alert(1)</script>'))).toHaveLength(1);
    const authors = sample.reviews.map((r) => r.author.name);
    for (const pattern of [/&/, /</, /"/, /[^\x00-\x7F]/, /[\u0590-\u05FF]/, /[\u0600-\u06FF]/]) {
      expect(authors.some((a) => pattern.test(a))).toBe(true);
    }
    expect(sample.reviews.filter((r) => !r.verified).length).toBeGreaterThan(0);
  });

  it('gives most reviewers a job, kept as keyed hashes, and matches the reviews to them', () => {
    const again = generateContent({ seed: 20260101, reviewCount: 640, endDate: END });
    expect(jobsJson(again.jobs)).toBe(jobsJson(sample.jobs));
    expect(JobsFileSchema.parse(sample.jobs)).toEqual(sample.jobs);
    expect(VerificationFileSchema.parse(sample.verification)).toEqual(sample.verification);
    expect(sample.jobs.jobs.length).toBeGreaterThan(sample.reviews.length);
    const jobs = new Map(sample.jobs.jobs.map((j) => [j.id, j]));
    const matched = sample.reviews.filter((r) => r.evidence?.kind === 'job');
    expect(matched.map((r) => r.id)).toEqual(sample.verification.matches.map((m) => m.review_id));
    for (const r of matched) {
      const ev = r.evidence as { job_id: string; job_date: string };
      const job = jobs.get(ev.job_id);
      expect(job?.date).toBe(ev.job_date);
      expect(r.credited).toEqual({ technicians: job?.technicians, services: job?.services });
      expect(ev.job_date <= r.date && r.date <= addDays(ev.job_date, SAMPLE_MATCH_WINDOW_DAYS)).toBe(true);
    }
    // anonymous, company and first-name-only reviewers never match
    for (const r of sample.reviews)
      if (/^<?Anonymous>?$|&|Properties/.test(r.author.name) || !r.author.name.includes(' ')) expect(r.verified, r.author.name).toBe(false);
    // no name of a reviewer, or of the customers made up for them, in the jobs
    const text = jobsJson(sample.jobs);
    for (const r of sample.reviews) expect(text.includes(r.author.name.split(' ')[0] as string)).toBe(false);
  });

  // its speed is measured by the benchmarks that generate 20,000 reviews, never by a timed assertion here
  it('generates 20,000 reviews', () => {
    expect(generateContent({ seed: 3, reviewCount: 20_000, endDate: END }).reviews).toHaveLength(20_000);
  });
});
