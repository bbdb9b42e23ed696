import { describe, expect, it } from 'vitest';
import { addDays, isCalendarDate, quarterOf } from '../../src/core/schemas/dates.ts';
import { ReviewSchema, reviewDateRange, reviewSchemaWithin } from '../../src/core/schemas/review.ts';
import { dayInZone } from '../../src/core/schemas/time-zone.ts';

describe('calendar dates', () => {
  it.each(['2024-02-29', '2000-02-29', '2023-12-31', '0001-01-01'])('accepts %s', (d) => expect(isCalendarDate(d)).toBe(true));
  it.each(['2023-02-29', '1900-02-29', '2024-13-01', '2024-00-10', '2024-04-31', 'yesterday', '2024-1-01', '2024-01-01T00:00', ' 2024-01-01'])(
    'rejects %s',
    (d) => expect(isCalendarDate(d)).toBe(false),
  );
  it('names quarters', () => {
    expect(quarterOf('2024-03-31')).toBe('2024-Q1');
    expect(quarterOf('2024-10-01')).toBe('2024-Q4');
  });
});

describe('the days a review may carry', () => {
  // 2026-11-26T23:30Z: already the 27th in Berlin, still the 26th in Denver
  const now = Date.parse('2026-11-26T23:30:00Z');
  const schema = (business: { founded?: number; time_zone?: string }) => reviewSchemaWithin(reviewDateRange(business, now));
  const review = (date: string) => ({
    id: 'r1',
    date,
    rating: 5,
    text: 'Fine.',
    author: { name: 'Ann' },
    verified: true,
    evidence: { kind: 'owner' },
    source: 'google',
    technicians: [],
    services: [],
  });
  const issue = (business: { founded?: number; time_zone?: string }, date: string) => schema(business).safeParse(review(date)).error?.issues[0]?.message;

  it('from 1995-01-01 to tomorrow in the business time zone', () => {
    expect(issue({ time_zone: 'America/Denver' }, '1995-01-01')).toBeUndefined();
    expect(issue({ time_zone: 'America/Denver' }, '1994-12-31')).toMatch(/^is 1994-12-31, before 1995-01-01/);
    expect(issue({ time_zone: 'America/Denver' }, '2026-11-27')).toBeUndefined();
    expect(issue({ time_zone: 'America/Denver' }, '2026-11-28')).toBe(
      'is 2026-11-28, after 2026-11-27, tomorrow in America/Denver: a review cannot come from the future; it is a typo or a placeholder for "no date"',
    );
    expect(issue({ time_zone: 'Europe/Berlin' }, '2026-11-28')).toBeUndefined();
    expect(issue({ time_zone: 'Europe/Berlin' }, '2026-11-29')).toMatch(/after 2026-11-28, tomorrow in Europe\/Berlin/);
  });

  it('without a time zone, tomorrow anywhere on Earth; a founding year raises the floor, never lowers it', () => {
    expect(issue({}, '2026-11-28')).toBeUndefined();
    expect(issue({}, '2026-11-29')).toMatch(/tomorrow anywhere on Earth/);
    expect(issue({ founded: 2009 }, '2008-12-31')).toMatch(/before 2009-01-01: the business was founded in 2009/);
    expect(issue({ founded: 1900 }, '1994-12-31')).toMatch(/before 1995-01-01/);
    expect(issue({}, '0025-06-01')).toMatch(/before 1995-01-01/);
    expect(issue({}, '9999-12-31')).toMatch(/after 2026-11-28/);
  });

  it('the published schema keeps the floor, and a reply is held to the same ceiling', () => {
    expect(ReviewSchema.safeParse(review('0025-06-01')).success).toBe(false);
    const reply = { ...review('2026-11-20'), response: { date: '9999-12-31', text: 'Thanks' } };
    expect(schema({ time_zone: 'UTC' }).safeParse(reply).error?.issues[0]).toMatchObject({ path: ['response', 'date'] });
  });

  it('days of years before 1000 keep four digits', () => {
    expect(dayInZone(Date.parse('0025-06-01T12:00:00Z'), 'UTC')).toBe('0025-06-01');
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01');
  });
});
