import { describe, expect, it } from 'vitest';
import { entityStatistics } from '../../src/core/content/entity-ratings.ts';
import { analyzeText, aspectPolarities } from '../../src/core/insights/analyze.ts';
import { buildInsights, LIMITS } from '../../src/core/insights/build.ts';
import { ASPECT_IDS } from '../../src/core/schemas/aspects.ts';
import { InsightsAnalysisSchema } from '../../src/core/schemas/insights.ts';
import { dataset, review } from '../helpers/insights/fixtures.ts';

describe('buildInsights', () => {
  const data = dataset();
  const out = buildInsights(data);

  it('matches the schema', () => {
    expect(() => InsightsAnalysisSchema.parse(out)).not.toThrow();
  });

  it('gives byte-identical output for the same reviews', () => {
    expect(JSON.stringify(buildInsights(dataset()))).toBe(JSON.stringify(out));
  });

  it('counts per review exactly what insights:analyze reports for its text and rating', () => {
    for (const a of out.aspects) {
      const expected = { positive: 0, negative: 0, neutral: 0 };
      for (const r of data.reviews) {
        const found = aspectPolarities(analyzeText(r.text, { rating: r.rating })).find((x) => x.aspect === a.id);
        if (found) expected[found.polarity] += 1;
      }
      expect({ positive: a.positive, negative: a.negative, neutral: a.neutral }).toEqual(expected);
      expect(a.mentions).toBe(expected.positive + expected.negative + expected.neutral);
      expect(a.trend.reduce((n, t) => n + t.mentions, 0)).toBe(a.mentions);
    }
    expect(out.aspects.map((a) => a.id)).toEqual([...ASPECT_IDS]);
  });

  it("reads a mention the text does not judge in the direction of the review's stars", () => {
    const d = dataset();
    const base = { ...d, reviews: [] };
    const pricing = (rating: number) => {
      const insights = buildInsights({ ...base, reviews: [review('2024-05-01', rating, 'The invoice came to 860 euros.')] });
      const a = insights.aspects.find((x) => x.id === 'pricing');
      return { positive: a?.positive, negative: a?.negative, neutral: a?.neutral };
    };
    expect(pricing(1)).toEqual({ positive: 0, negative: 1, neutral: 0 });
    expect(pricing(3)).toEqual({ positive: 0, negative: 0, neutral: 1 });
    expect(pricing(5)).toEqual({ positive: 1, negative: 0, neutral: 0 });
  });

  it('quotes come from the reviews they name, within the caps', () => {
    const byId = new Map(data.reviews.map((r) => [r.id, r]));
    for (const a of out.aspects) {
      expect(a.quotes.filter((q) => q.polarity === 'positive').length).toBeLessThanOrEqual(LIMITS.quotes_per_polarity);
      expect(a.quotes.filter((q) => q.polarity === 'negative').length).toBeLessThanOrEqual(LIMITS.quotes_per_polarity);
      for (const q of a.quotes) expect(byId.get(q.review_id)?.text).toContain(q.text);
    }
    const punctuality = out.aspects.find((a) => a.id === 'punctuality');
    expect(punctuality?.quotes.map((q) => q.polarity)).toContain('negative');
  });

  it('trends have a row for every quarter with a review with text, oldest first', () => {
    expect(out.aspects[0]?.trend.map((t) => t.quarter)).toEqual(['2024-Q1', '2024-Q2', '2024-Q3', '2024-Q4', '2025-Q1']);
  });

  it('a trend grows with the reviews, never with the span of their dates, and sorts years of any size', () => {
    // dates the content schema refuses; the insights must not crash or balloon on them either
    const reviews = [
      review('0025-06-01', 1, 'They were two hours late.'),
      review('2026-11-02', 5, 'They were on time.'),
      review('9999-12-31', 2, 'Late again.'),
    ];
    const r = buildInsights({ ...data, reviews });
    const punctuality = r.aspects.find((a) => a.id === 'punctuality');
    expect(punctuality?.trend.map((t) => t.quarter)).toEqual(['0025-Q2', '2026-Q4', '9999-Q4']);
    expect(punctuality?.trend.reduce((n, t) => n + t.mentions, 0)).toBe(3);
    expect(JSON.stringify(r).length).toBeLessThan(JSON.stringify(out).length * 2);
  });

  it('keeps the entity statistics and adds text links, sentiment and aspects', () => {
    const stats = entityStatistics(data);
    expect(out.entities.technicians).toMatchObject(stats.technicians);
    expect(out.entities.services).toMatchObject(stats.services);
    expect(out.entities.service_areas).toMatchObject(stats.service_areas);

    const carlos = out.entities.technicians.find((t) => t.name === 'Carlos Ruiz');
    expect(carlos?.text_mentions).toBe(3);
    expect(carlos?.linked_reviews).toBe(3);
    expect(carlos?.sentiment.positive).toBe(3);
    // three linked reviews are too few to call any aspect his strongest or weakest
    expect(carlos?.strongest_aspect).toBeNull();
    expect(carlos?.weakest_aspect).toBeNull();
    // "Mike" alone in a review listing Mike Chen resolves to him; Mike Alvarez only by full name
    expect(out.entities.technicians.find((t) => t.name === 'Mike Chen')?.text_mentions).toBe(2);
    expect(out.entities.technicians.find((t) => t.name === 'Mike Alvarez')?.text_mentions).toBe(1);
    const oakPark = out.entities.service_areas.find((a) => a.name === 'Oak Park');
    expect(oakPark?.linked_reviews).toBe(2);
    for (const kind of [out.entities.technicians, out.entities.services, out.entities.service_areas]) {
      for (const e of kind) expect(e.review_ids.length).toBeLessThanOrEqual(LIMITS.entity_review_ids);
    }
  });

  it('finds recurring phrases with the reviews they come from', () => {
    const same = out.topics.find((t) => t.phrase === 'same-day service');
    expect(same?.reviews).toBe(4);
    const texts = new Map(data.reviews.map((r) => [r.id, r.text.toLowerCase()]));
    for (const t of out.topics) for (const id of t.review_ids) expect(texts.get(id)).toContain(t.phrase.toLowerCase());
  });

  it('summarises headline figures', () => {
    expect(out.summary_figures).toMatchObject({
      review_count: 12,
      reviews_with_text: 11,
      rating_only_reviews: 1,
      period: { first: '2024-01-10', last: '2025-02-14' },
    });
    expect(out.summary_figures.aspect_mentions).toBe(out.aspects.reduce((n, a) => n + a.mentions, 0));
    expect(out.summary_figures.top_topics[0]).toBe('same-day service');
  });

  it('handles a dataset with no text at all', () => {
    const empty = { ...data, reviews: [review('2024-01-01', 4, '')] };
    const r = buildInsights(empty);
    expect(() => InsightsAnalysisSchema.parse(r)).not.toThrow();
    expect(r.aspects.every((a) => a.mentions === 0 && a.trend.length === 0 && a.score === null)).toBe(true);
    expect(r.topics).toEqual([]);
  });
});

describe('strongest and weakest aspects need support', () => {
  const base = dataset();
  const many = (n: number, rating: number, text: string, extra = {}) =>
    Array.from({ length: n }, (_, i) => review(`2024-0${1 + (i % 9)}-1${i % 10}`, rating, text, extra));

  it('claims them for the business and a technician when mentions and intervals allow, never the same aspect twice', () => {
    const reviews = [
      ...many(25, 5, 'The price was fair and reasonable.', { technicians: ['Carlos Ruiz'] }),
      ...many(22, 1, 'They were two hours late.', { technicians: ['Carlos Ruiz'] }),
    ];
    const out = buildInsights({ ...base, reviews });
    expect(out.summary_figures.strongest_aspect).toMatchObject({ aspect: 'pricing', mentions: 25, score: 1 });
    expect(out.summary_figures.weakest_aspect).toMatchObject({ aspect: 'punctuality', mentions: 22, score: -1 });
    const carlos = out.entities.technicians.find((t) => t.name === 'Carlos Ruiz');
    expect(carlos?.strongest_aspect?.aspect).toBe('pricing');
    expect(carlos?.weakest_aspect?.aspect).toBe('punctuality');
  });

  it('claims nothing under 20 mentions for the business or 10 for an entity, nor for one aspect alone', () => {
    const few = buildInsights({ ...base, reviews: [...many(19, 5, 'The price was fair.'), ...many(19, 1, 'They were two hours late.')] });
    expect(few.summary_figures.strongest_aspect).toBeNull();
    expect(few.summary_figures.weakest_aspect).toBeNull();
    const one = buildInsights({ ...base, reviews: many(30, 5, 'The price was fair.', { technicians: ['Carlos Ruiz'] }) });
    expect(one.summary_figures.strongest_aspect).toBeNull();
    expect(one.summary_figures.weakest_aspect).toBeNull();
    const carlos = one.entities.technicians.find((t) => t.name === 'Carlos Ruiz');
    expect(carlos?.strongest_aspect).toBeNull();
  });
});

describe('quotes come from the most certain readings', () => {
  const base = dataset();

  it('never quotes a reading the stars alone gave, and prefers readings the stars agree with', () => {
    const reviews = [
      review('2024-03-01', 1, 'The invoice for the whole thing came to 860 euros in the end.'),
      review('2024-03-02', 2, 'The price was fair, but the plumber was very rude to my wife.'),
      review('2024-02-01', 5, 'The price was very fair for such a big job in our basement.'),
    ];
    const pricing = buildInsights({ ...base, reviews }).aspects.find((a) => a.id === 'pricing');
    expect(pricing?.negative).toBe(1);
    expect(pricing?.quotes.map((q) => q.text)).toEqual([
      'The price was very fair for such a big job in our basement.',
      'The price was fair, but the plumber was very rude to my wife.',
    ]);
    expect(pricing?.quotes.some((q) => q.text.includes('860'))).toBe(false);
  });
});
