import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { aggregateRating } from '../../src/core/content/aggregate.ts';
import { parseContent } from '../../src/core/content/dataset.ts';
import { entityStatistics } from '../../src/core/content/entity-ratings.ts';
import { reviewsDocument } from '../../src/core/documents/documents.ts';
import { render } from '../../src/core/documents/resources.ts';
import {
  distinctDates,
  planSinceDates,
  renderSince,
  renderSinceBytes,
  reviewsRegion,
  sinceDocument,
  sinceParts,
  sinceReviewOffsets,
} from '../../src/core/documents/since.ts';
import { strongEtag } from '../../src/core/http/etag.ts';
import { SAMPLE_CONTENT, SMALL_CONTENT } from '../helpers/paths.ts';

const read = (f: string) => readFileSync(join(SMALL_CONTENT, f), 'utf8');
const data = parseContent({ business: read('business.json'), reviews: read('reviews.json'), editorial: read('editorial.json') });

describe('documents', () => {
  it('aggregates the rating with a distribution', () => {
    expect(aggregateRating(data.reviews)).toEqual({
      rating_value: 3.67,
      review_count: 6,
      best_rating: 5,
      worst_rating: 1,
      distribution: { '1': 1, '2': 1, '3': 0, '4': 1, '5': 3 },
    });
    expect(aggregateRating([]).rating_value).toBeNull();
    expect(aggregateRating([{ rating: 5 }, { rating: 4 }, { rating: 4 }]).rating_value).toBe(4.33);
  });

  it('puts business, aggregate and reviews in /reviews.json', () => {
    const doc = reviewsDocument(data);
    expect(Object.keys(doc)).toEqual(['business', 'aggregate_rating', 'reviews']);
    expect(doc.reviews).toHaveLength(6);
  });

  it('selects reviews on or after a date, as calendar dates', () => {
    expect(sinceDocument(data.reviews, '2024-01-10').reviews.map((r) => r.id)).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
    expect(sinceDocument(data.reviews, '2024-01-11').reviews.map((r) => r.id)).toEqual(['a5', 'a4', 'a3']);
    expect(sinceDocument(data.reviews, '2024-03-06')).toEqual({ since: '2024-03-06', count: 0, reviews: [] });
    expect(sinceDocument(data.reviews, '1999-01-01').count).toBe(6);
  });

  it('writes since bodies review by review with exactly the bytes of the serialised document', () => {
    const sample = parseContent({
      business: readFileSync(join(SAMPLE_CONTENT, 'business.json'), 'utf8'),
      reviews: readFileSync(join(SAMPLE_CONTENT, 'reviews.json'), 'utf8'),
      editorial: readFileSync(join(SAMPLE_CONTENT, 'editorial.json'), 'utf8'),
    });
    for (const reviews of [data.reviews, sample.reviews]) {
      const ends = sinceReviewOffsets(reviews);
      const dates = distinctDates(reviews);
      for (const date of [...dates, '1999-01-01', '2999-12-31', `${dates[1]?.slice(0, 8)}00`]) {
        expect(Buffer.compare(renderSinceBytes(reviews, date, ends), Buffer.from(renderSince(reviews, date))), date).toBe(0);
      }
    }
  });

  it('answers since bodies as views of /reviews.json with exactly the bytes of the serialised document', () => {
    const sample = parseContent({
      business: readFileSync(join(SAMPLE_CONTENT, 'business.json'), 'utf8'),
      reviews: readFileSync(join(SAMPLE_CONTENT, 'reviews.json'), 'utf8'),
      editorial: readFileSync(join(SAMPLE_CONTENT, 'editorial.json'), 'utf8'),
    });
    for (const dataset of [data, sample, { ...data, reviews: [] }]) {
      const file = Buffer.from(render.reviews(dataset));
      const { reviews } = JSON.parse(file.toString('utf8')) as { reviews: typeof data.reviews };
      const ends = sinceReviewOffsets(reviews);
      const region = reviewsRegion(file, reviews, ends);
      expect(region?.buffer).toBe(file.buffer);
      const dates = distinctDates(reviews);
      for (const date of [...dates, '1999-01-01', '2999-12-31']) {
        expect(Buffer.concat(sinceParts(region as Uint8Array, reviews, date, ends)).equals(Buffer.from(renderSince(reviews, date))), date).toBe(true);
      }
    }
    // laid out otherwise: pretty-printed, reviews not last, one review written differently
    const file = render.reviews(data);
    const { reviews } = JSON.parse(file) as { reviews: typeof data.reviews };
    const ends = sinceReviewOffsets(reviews);
    const doc = JSON.parse(file) as Record<string, unknown>;
    expect(reviewsRegion(Buffer.from(JSON.stringify(doc, null, 2)), reviews, ends)).toBeUndefined();
    expect(reviewsRegion(Buffer.from(JSON.stringify({ reviews: doc.reviews, business: doc.business })), reviews, ends)).toBeUndefined();
    const written = JSON.stringify(reviews[2]);
    const escaped = file.replace(written, written.replace('"id"', '"\\u0069d"'));
    expect(escaped).not.toBe(file);
    expect(reviewsRegion(Buffer.from(escaped), reviews, ends)).toBeUndefined();
  });

  it('lists distinct dates newest first and plans since files within the budget', () => {
    const dates = distinctDates(data.reviews);
    expect(dates).toEqual(['2024-03-05', '2024-02-29', '2024-01-10', '2023-12-31']);
    expect(planSinceDates(data.reviews, Number.MAX_SAFE_INTEGER)).toEqual(dates);
    expect(planSinceDates(data.reviews, 0)).toEqual([]);
    const sizes = dates.map((d) => Buffer.byteLength(render.since(data, d)));
    const budget = (sizes[0] as number) + (sizes[1] as number);
    expect(planSinceDates(data.reviews, budget)).toEqual(dates.slice(0, 2));
    expect(planSinceDates(data.reviews, budget - 1)).toEqual(dates.slice(0, 1));
  });

  it('computes entity statistics from the review fields', () => {
    const stats = entityStatistics(data);
    expect(stats.technicians.find((t) => t.name === 'Ann Lee')).toMatchObject({ mentions: 2, mean_rating: 3, latest_mention: '2024-01-10' });
    expect(stats.services.find((s) => s.id === 'water-heater')).toMatchObject({ mentions: 2, mean_rating: 4.5 });
    expect(stats.service_areas.find((a) => a.name === 'Springfield')).toMatchObject({ mentions: 1, latest_mention: '2024-01-10' });
  });

  it('gives strong, quoted, content-derived ETags', () => {
    const a = strongEtag(render.reviews(data));
    expect(a).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(strongEtag(render.reviews(data))).toBe(a);
    expect(strongEtag(`${render.reviews(data)} `)).not.toBe(a);
  });
});
