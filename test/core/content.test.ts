import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ContentError, type ContentFiles, parseContent } from '../../src/core/content/dataset.ts';
import { SMALL_CONTENT } from '../helpers/paths.ts';

const files: ContentFiles = {
  business: readFileSync(join(SMALL_CONTENT, 'business.json'), 'utf8'),
  reviews: readFileSync(join(SMALL_CONTENT, 'reviews.json'), 'utf8'),
  editorial: readFileSync(join(SMALL_CONTENT, 'editorial.json'), 'utf8'),
};
const reviews = () => JSON.parse(files.reviews) as Record<string, unknown>[];

function problemsFor(change: Partial<ContentFiles>): string {
  try {
    parseContent({ ...files, ...change });
  } catch (err) {
    expect(err).toBeInstanceOf(ContentError);
    return (err as Error).message;
  }
  throw new Error('content was accepted');
}

function withReview(index: number, patch: Record<string, unknown>): Partial<ContentFiles> {
  const list = reviews();
  list[index] = { ...list[index], ...patch };
  return { reviews: JSON.stringify(list) };
}

describe('content validation', () => {
  it('accepts the fixture, publishes every review by default and orders newest first', () => {
    const data = parseContent(files);
    expect(data.reviews.map((r) => r.id)).toEqual(['a5', 'a4', 'a3', 'a2', 'a1', 'a6']);
    expect(data.left_out).toEqual({ unverified: 0 });
  });

  it('with PUBLISH_REVIEWS=verified leaves out the reviews without evidence, and counts them', () => {
    const data = parseContent(files, undefined, undefined, 'verified');
    expect(data.reviews.map((r) => r.id)).toEqual(['a4', 'a3', 'a2', 'a1', 'a6']);
    expect(data.left_out).toEqual({ unverified: 1 });
  });

  it.each([
    ['a duplicate id', withReview(1, { id: 'a1' }), 'reviews.json: review "a1" (index 1): field "id": duplicate id (first used at index 0)'],
    ['a date that does not exist', withReview(0, { date: '2023-02-29' }), 'review "a1" (index 0): field "date": is not a real calendar date'],
    ['rating 0', withReview(0, { rating: 0 }), 'review "a1" (index 0): field "rating"'],
    ['a fractional rating', withReview(0, { rating: 4.5 }), 'field "rating"'],
    ['an unknown service id', withReview(2, { services: ['roofing'] }), 'review "a3" (index 2): field "services[0]": unknown service id "roofing"'],
    ['an unknown technician', withReview(0, { technicians: ['Bob'] }), 'field "technicians[0]": technician "Bob" is not in business.json technicians'],
    ['an unknown service area', withReview(0, { service_area: 'Atlantis' }), 'field "service_area": service area "Atlantis"'],
    ['a response before the review', withReview(1, { response: { date: '2024-01-01', text: 'hi' } }), 'field "response.date": is before the review date'],
    ['a control character', withReview(0, { text: 'bad \u0007 bell' }), 'field "text": contains a control character'],
    ['a missing author', withReview(0, { author: undefined }), 'field "author"'],
  ])('rejects %s, naming file, record and field', (_, change, expected) => {
    expect(problemsFor(change)).toContain(expected);
  });

  it('names the record by index when it has no usable id', () => {
    expect(problemsFor(withReview(3, { id: 7 }))).toContain('review at index 3: field "id"');
  });

  it('rejects broken JSON and wrong top-level types with the file name', () => {
    expect(problemsFor({ reviews: '[{' })).toMatch(/reviews\.json: is not valid JSON/);
    expect(problemsFor({ reviews: '{}' })).toContain('reviews.json: must be a JSON array of reviews');
    expect(problemsFor({ business: '{"name": ""}' })).toContain('business.json: field "name": must not be empty');
  });

  it('reports every problem at once: a bad rating does not hide an unknown service id, in other records or the same one', () => {
    const list = reviews();
    list[0] = { ...list[0], rating: 0 };
    list[1] = { ...list[1], services: ['roofing'] };
    list[2] = { ...list[2], rating: 9, technicians: ['Bob'] };
    const message = problemsFor({ reviews: JSON.stringify(list) });
    expect(message).toContain('Invalid content (4 problems)');
    expect(message).toContain('review "a1" (index 0): field "rating"');
    expect(message).toContain('review "a2" (index 1): field "services[0]": unknown service id "roofing"');
    expect(message).toContain('review "a3" (index 2): field "rating"');
    expect(message).toContain('review "a3" (index 2): field "technicians[0]": technician "Bob" is not in business.json technicians');
  });

  it('builds without editorial.json: the summary is the business name and description, with no FAQ', () => {
    const { editorial: _, ...rest } = files;
    const data = parseContent(rest);
    const business = JSON.parse(files.business);
    expect(data.editorial).toEqual({ summary: { headline: business.name, text: business.description ?? business.name }, faq: [] });
    expect(problemsFor({ editorial: '{"summary": {}}' })).toContain('editorial.json: field "summary.headline"');
  });

  it('rejects duplicate service ids in business.json', () => {
    const business = JSON.parse(files.business);
    business.services.push({ id: 'water-heater', name: 'Again' });
    expect(problemsFor({ business: JSON.stringify(business) })).toContain('business.json: field "services[2].id": duplicate value "water-heater"');
  });
});
