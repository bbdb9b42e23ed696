import { describe, expect, it } from 'vitest';
import { isCalendarDate, quarterOf } from '../../src/core/schemas/dates.ts';

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
