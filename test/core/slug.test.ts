import { describe, expect, it } from 'vitest';
import { assignSlugs, slugify } from '../../src/core/site/slug.ts';

describe('slugify', () => {
  it.each([
    ['José Martínez', 'jose-martinez'],
    ["Zoë O'Brien", 'zoe-o-brien'],
    ['Đức Nguyễn', 'duc-nguyen'],
    ['Cañon City', 'canon-city'],
    ['  Security--Widefield ', 'security-widefield'],
    ['Bjørn Æsir Straße', 'bjorn-aesir-strasse'],
    ['ＡＢＣ 12', 'abc-12'],
    ['O’Neil & Sons', 'o-neil-sons'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('gives names without Latin letters a stable hashed slug', () => {
    const slug = slugify('محمد');
    expect(slug).toMatch(/^n-[0-9a-f]{8}$/);
    expect(slugify('محمد')).toBe(slug);
    expect(slugify('أحمد')).not.toBe(slug);
  });

  it('keeps slugs URL-safe and short for any input', () => {
    for (const name of ['<script>', '../../etc/passwd', 'a'.repeat(500), '%2e%2e', '\u0000x']) {
      expect(slugify(name)).toMatch(/^[a-z0-9][a-z0-9-]{0,63}$/);
    }
  });
});

describe('assignSlugs', () => {
  it('gives collisions a numeric suffix ordered by name, whatever the list order', () => {
    const a = assignSlugs(['José Martinez', 'Jose Martínez', 'Ann']);
    const b = assignSlugs(['Ann', 'Jose Martínez', 'José Martinez']);
    expect(a).toEqual(b);
    expect(a.get('Jose Martínez')).toBe('jose-martinez');
    expect(a.get('José Martinez')).toBe('jose-martinez-2');
    expect(a.get('Ann')).toBe('ann');
  });

  it('skips a suffix that another name already has as its own slug', () => {
    const s = assignSlugs(['Ann 2', 'Ann', 'ANN']);
    expect(new Set(s.values()).size).toBe(3);
    expect(s.get('Ann 2')).toBe('ann-2');
    expect(s.get('ANN')).toBe('ann');
    expect(s.get('Ann')).toBe('ann-3');
  });
});
