import { describe, expect, it } from 'vitest';
import { ContentError } from '../../src/core/content/dataset.ts';
import { parseCsv } from '../../src/core/import/csv.ts';
import { deriveId } from '../../src/core/import/ids.ts';
import { splitGoogleComment } from '../../src/core/import/translation.ts';
import { dayInZone, isTimeZone, parseInstant } from '../../src/core/schemas/time-zone.ts';

describe('RFC 4180 CSV', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, CRLF and a BOM', () => {
    const t = parseCsv('\uFEFFa,b,c\r\n1,"x, y","say ""hi"""\r\n2,"line\r\nbreak",\r\n', 'f.csv');
    expect(t.header).toEqual(['a', 'b', 'c']);
    expect(t.rows).toEqual([
      { row: 2, line: 2, cells: ['1', 'x, y', 'say "hi"'] },
      { row: 3, line: 3, cells: ['2', 'line\r\nbreak', ''] },
    ]);
  });

  it('numbers rows as a spreadsheet does and lines as an editor does', () => {
    const t = parseCsv('a,b\n1,"two\nlines"\n3,x', 'f.csv');
    expect(t.rows.map((r) => [r.row, r.line])).toEqual([
      [2, 2],
      [3, 4],
    ]);
  });

  it('rejects ragged rows, stray quotes and unclosed quotes with the line', () => {
    expect(() => parseCsv('a,b\n1,2,3\n', 'f.csv')).toThrow(/f\.csv: line 2: row 2 has 3 fields, the header has 2/);
    expect(() => parseCsv('a,b\n1,x"y\n', 'f.csv')).toThrow(/line 2: has a quote inside an unquoted field/);
    expect(() => parseCsv('a,b\n1,"x"y\n', 'f.csv')).toThrow(/line 2: has text after a closing quote/);
    expect(() => parseCsv('a,b\n1,"x\n\n', 'f.csv')).toThrow(ContentError);
    expect(() => parseCsv('', 'f.csv')).toThrow(/is empty: expected a header row/);
  });
});

describe('time zones', () => {
  it('turns instants into the local calendar day, across daylight saving changes', () => {
    const day = (iso: string, zone: string) => dayInZone(parseInstant(iso) as number, zone);
    expect(day('2024-03-10T08:59:59Z', 'America/Denver')).toBe('2024-03-10'); // 01:59 MST, just before the change
    expect(day('2024-03-10T06:59:59Z', 'America/Denver')).toBe('2024-03-09');
    expect(day('2024-11-03T06:30:00Z', 'America/Denver')).toBe('2024-11-03'); // 00:30 MDT
    expect(day('2024-12-31T23:30:00Z', 'Pacific/Kiritimati')).toBe('2025-01-01');
    expect(day('2024-01-01T00:30:00+05:30', 'UTC')).toBe('2023-12-31');
  });

  it("reads Google's nanosecond timestamps and refuses what is not RFC 3339", () => {
    expect(parseInstant('2024-03-02T04:30:00.123456789Z')).toBe(Date.UTC(2024, 2, 2, 4, 30, 0, 123));
    expect(parseInstant('2024-02-30T00:00:00Z')).toBeUndefined();
    expect(parseInstant('yesterday')).toBeUndefined();
    expect(parseInstant('2024-03-02')).toBeUndefined();
  });

  it('knows IANA zones', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('../../etc/passwd')).toBe(false);
  });
});

describe('Google translations', () => {
  it('splits "(Translated by Google) … (Original) …" and the reverse order', () => {
    expect(splitGoogleComment('(Translated by Google) Very good\n\n(Original)\nSehr gut')).toEqual({
      text: 'Sehr gut',
      translation: 'Very good',
      language: 'en',
    });
    expect(splitGoogleComment('Muy bien\n\n(Translated by Google)\nVery good')).toEqual({ text: 'Muy bien', translation: 'Very good', language: 'en' });
    expect(splitGoogleComment('(Original)\nGut\n\n(Translated by Google)\nGood')).toEqual({ text: 'Gut', translation: 'Good', language: 'en' });
    expect(splitGoogleComment('  Plain text  ')).toEqual({ text: 'Plain text' });
  });
});

describe('ids', () => {
  const base = { file: 'f', record: 'r', date: '2024-01-01', rating: 5, text: 't', author: 'a' };
  it('keeps a short safe source id and hashes a long one, never truncating', () => {
    expect(deriveId({ ...base, source: 'trustpilot', sourceId: '660b8a1f2c3d4e5f6a7b8c9d' })).toBe('trustpilot-660b8a1f2c3d4e5f6a7b8c9d');
    const long = 'A'.repeat(100);
    const a = deriveId({ ...base, source: 'google', sourceId: `${long}1` });
    const b = deriveId({ ...base, source: 'google', sourceId: `${long}2` });
    expect(a).toMatch(/^google-[A-Za-z0-9_-]{22}$/);
    expect(a).not.toBe(b);
    expect(deriveId({ ...base, source: 'Angi (typed)' })).toMatch(/^angi-typed-[A-Za-z0-9_-]{22}$/);
  });
});
