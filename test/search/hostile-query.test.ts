// What a hostile query string gets from the search parser: a refusal that costs no more than its
// length, and a 400 that names a few unknown keys, not thousands.
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_PARAMS, parseSearchQuery } from '../../src/core/search/params.ts';

const keys = (n: number, prefix = 'k') => Array.from({ length: n }, (_, i) => `${prefix}${i}=1`).join('&');

describe('parseSearchQuery against hostile query strings', () => {
  it('refuses more parameters than it reads, saying how many', () => {
    const parsed = parseSearchQuery(new URLSearchParams(keys(2700)));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toHaveLength(1);
    expect(parsed.error?.issues[0]?.message).toBe(`has 2700 parameters; at most ${MAX_QUERY_PARAMS} are read`);
  });

  it('names the first five unknown keys and counts the rest', () => {
    const parsed = parseSearchQuery(new URLSearchParams(`limit=5&${keys(12)}`));
    expect(parsed.error?.issues).toHaveLength(1);
    expect(parsed.error?.issues[0]).toMatchObject({
      code: 'unrecognized_keys',
      path: [],
      message: 'Unrecognized keys: "k0", "k1", "k2", "k3", "k4" and 7 more',
    });
  });

  it('cuts a long unknown key short', () => {
    const parsed = parseSearchQuery(new URLSearchParams(`${'x'.repeat(5000)}=1`));
    expect(parsed.error?.issues[0]?.message).toBe(`Unrecognized keys: "${'x'.repeat(40)}…"`);
  });

  it('still reports every known parameter given twice, and reads the rest as before', () => {
    const parsed = parseSearchQuery(new URLSearchParams('rating=5&rating=4&sort=best&x=1'));
    expect(parsed.error?.issues.map((i) => [i.code, i.path.join('.')])).toEqual([
      ['unrecognized_keys', ''],
      ['custom', 'rating'],
      ['invalid_value', 'sort'],
    ]);
    expect(parseSearchQuery(new URLSearchParams('rating=5&has_text=true&limit=3')).data).toMatchObject({ rating: 5, has_text: true, limit: 3, offset: 0 });
  });
});
