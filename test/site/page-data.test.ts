import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// The pure helpers behind the pages.
import { describe, expect, it } from 'vitest';
import { loadContentDir } from '../../src/build/content-dir.ts';
import { archivePages } from '../../src/core/documents/archive.ts';
import { insightsDocument } from '../../src/core/documents/documents.ts';
import { siteUrls } from '../../src/core/http/urls.ts';
import { CATALOGUES } from '../../src/core/i18n/catalogues.ts';
import { businessLocale } from '../../src/core/i18n/locale.ts';
import { MIN_CLAIM_MENTIONS, wilsonInterval } from '../../src/core/insights/claims.ts';
import type { InsightsMethod } from '../../src/core/schemas/insights.ts';
import type { Review } from '../../src/core/schemas/review.ts';
import { businessJsonLd, scriptJson } from '../../src/core/site/jsonld.ts';
import { coverageText, formatDate, histogram, methodText, openingHoursText, pageInsights, scoreText, telHref } from '../../src/core/site/page-data.ts';
import { SAMPLE_CONTENT, SMALL_CONTENT } from '../helpers/paths.ts';

/** `n` reviews, newest first, one a day. */
const reviews = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `r${n - i}`, date: new Date(Date.UTC(2024, 0, n - i)).toISOString().slice(0, 10) }) as Review);

describe('archivePages', () => {
  it('has one empty page without reviews', () => {
    expect(archivePages([])).toEqual([{ number: 1, reviews: [], from: '', to: '' }]);
  });

  it.each([
    [1, [1]],
    [50, [50]],
    [51, [50, 1]],
    [120, [50, 50, 20]],
  ])('splits %i reviews into pages of %j, page 1 the oldest', (n, sizes) => {
    const pages = archivePages(reviews(n));
    expect(pages.map((p) => p.reviews.length)).toEqual(sizes);
    expect(pages[0]?.reviews.at(-1)?.id).toBe('r1');
    expect(pages.at(-1)?.reviews[0]?.id).toBe(`r${n}`);
    for (const p of pages) {
      expect(p.from).toBe(p.reviews.at(-1)?.date);
      expect(p.to).toBe(p.reviews[0]?.date);
    }
  });

  it('never moves a review when newer ones arrive', () => {
    const before = archivePages(reviews(120));
    const after = archivePages(reviews(175));
    expect(after.slice(0, 2)).toEqual(before.slice(0, 2));
    expect(after[2]?.reviews.slice(-20)).toEqual(before[2]?.reviews);
  });
});

describe('formatting', () => {
  it('writes dates, hours, phone links and scores for people', () => {
    expect(formatDate('2024-03-05')).toBe('March 5, 2024');
    expect(openingHoursText('Mo-Fr 07:00-19:00')).toBe('Mon–Fri 07:00–19:00');
    expect(telHref('+1-719-555-0142')).toBe('tel:+17195550142');
    expect([scoreText(0.8), scoreText(-0.4), scoreText(0), scoreText(null)]).toEqual(['+0.80', '−0.40', '0.00', '–']);
  });

  it('reads each histogram row as words', () => {
    const rows = histogram({ rating_value: 4, review_count: 3, best_rating: 5, worst_rating: 1, distribution: { '1': 1, '2': 0, '3': 0, '4': 0, '5': 2 } });
    expect(rows.map((r) => r.label)).toEqual(['5 stars: 2 reviews', '4 stars: 0 reviews', '3 stars: 0 reviews', '2 stars: 0 reviews', '1 star: 1 review']);
    expect(rows.map((r) => r.percent)).toEqual([67, 0, 0, 0, 33]);
  });
});

describe('JSON-LD', () => {
  it('escapes what could end or comment out a script element, and stays equal JSON', () => {
    const value = { a: '</script><!-- & >', b: 'line\u2028sep\u2029' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('omits the aggregate rating without reviews', () => {
    const data = loadContentDir(SMALL_CONTENT);
    const ld = businessJsonLd({ ...data, reviews: [] }, siteUrls('https://reviews.example'));
    expect(ld).not.toHaveProperty('aggregateRating');
    expect(ld.review).toEqual([]);
  });
});

describe('pageInsights', () => {
  it('names best and weakest aspects apart, and every technician', () => {
    const data = loadContentDir(SAMPLE_CONTENT);
    const insights = pageInsights(data);
    expect(insights.technicians.map((t) => t.name)).toEqual(data.business.technicians.map((t) => t.name));
    const best = insights.best.map((a) => a.id);
    expect(insights.weakest.some((a) => best.includes(a.id))).toBe(false);
    // each claim is backed: 20+ mentions, and every strong interval is above every weak one
    const doc = insightsDocument(data);
    const ci = (id: string) => {
      const a = doc.aspects.find((x) => x.id === id) as { positive: number; mentions: number };
      expect(a.mentions).toBeGreaterThanOrEqual(MIN_CLAIM_MENTIONS.business);
      return wilsonInterval(a.positive, a.mentions);
    };
    for (const b of insights.best) for (const w of insights.weakest) expect(ci(b.id)[0]).toBeGreaterThan(ci(w.id)[1]);
    expect(pageInsights(data)).toBe(insights);
  });
});

describe('methodText', () => {
  const figures = (recall: number, polarity_accuracy: number) => ({
    precision: 0.72,
    recall,
    f1: 0.68,
    polarity_accuracy,
    no_aspect_false_positive_rate: 0.16,
    sentences: 393,
    measured: '2026-11-26',
  });
  const method: InsightsMethod = { analyser: 'a', version: 'v', languages: { en: figures(0.652, 0.959), de: figures(0.719, 0.97) } };
  const coverage = (languages: Record<string, { reviews: number; analysed: number }>) => ({ reviews_with_text: 0, analysed: 0, languages });

  it('says how the insights were read, with the measured figures rounded down to tenths, for the language most reviews read are in', () => {
    expect(methodText({ method, coverage: coverage({ en: { reviews: 30, analysed: 30 }, de: { reviews: 10, analysed: 10 } }) })).toBe(
      'Read by an automatic analyser: on real reviews in English it finds about 6 in 10 ' +
        'of the points a person finds, and judges their tone right 9 times in 10.',
    );
    // a language no review was read in does not count, nor one without measured figures
    expect(
      methodText({ method, coverage: coverage({ fr: { reviews: 90, analysed: 90 }, en: { reviews: 5, analysed: 0 }, de: { reviews: 3, analysed: 3 } }) }),
    ).toBe(
      'Read by an automatic analyser: on real reviews in German it finds about 7 in 10 ' +
        'of the points a person finds, and judges their tone right 9 times in 10.',
    );
    expect(methodText({ method, coverage: coverage({}) })).toBeNull();
    expect(methodText({ method, coverage: coverage({ fr: { reviews: 4, analysed: 4 } }) })).toBeNull();
  });

  it("says it in the page's language", () => {
    const business = JSON.parse(readFileSync(join(SMALL_CONTENT, 'business.json'), 'utf8'));
    const { locale } = businessLocale({ ...business, language: 'de', address: { ...business.address, country: 'DE' } }, CATALOGUES);
    expect(methodText({ method, coverage: coverage({ de: { reviews: 9, analysed: 9 } }) }, locale)).toBe(
      'Von einer automatischen Auswertung gelesen: In echten Bewertungen auf Deutsch findet sie etwa ' +
        '7 von 10 Punkten, die ein Mensch findet, und beurteilt deren Ton 9 von 10 Malen richtig.',
    );
  });
});

describe('coverageText', () => {
  it('says how many reviews the insights read, in which languages, only when not all of them', () => {
    const languages = {
      de: { reviews: 900, analysed: 900 },
      en: { reviews: 334, analysed: 334 },
      fr: { reviews: 40, analysed: 0 },
      nl: { reviews: 26, analysed: 0 },
    };
    expect(coverageText({ reviews_with_text: 1300, analysed: 1234, languages })).toBe(
      'The insights read 1,234 of 1,300 reviews with text (German 900, English 334). Not analysed: French 40, Dutch 26.',
    );
    expect(coverageText({ reviews_with_text: 2, analysed: 1, languages: { en: { reviews: 1, analysed: 1 }, fr: { reviews: 1, analysed: 0 } } })).toBe(
      'The insights read 1 of 2 reviews with text (English 1). Not analysed: French 1.',
    );
    expect(coverageText({ reviews_with_text: 5, analysed: 5, languages: { en: { reviews: 3, analysed: 3 }, de: { reviews: 2, analysed: 2 } } })).toBeNull();
    // in the page's language, with its own names of languages and numbers
    const business = JSON.parse(readFileSync(join(SMALL_CONTENT, 'business.json'), 'utf8'));
    const { locale } = businessLocale({ ...business, language: 'de', address: { ...business.address, country: 'DE' } }, CATALOGUES);
    expect(coverageText({ reviews_with_text: 1300, analysed: 1234, languages }, locale)).toBe(
      'Die Auswertung liest 1.234 von 1.300 Bewertungen mit Text (Deutsch 900, Englisch 334). Nicht ausgewertet: Französisch 40, Niederländisch 26.',
    );
  });
});
