import { type Color, displayable, formatHex, parse, wcagContrast } from 'culori';
import { describe, expect, it } from 'vitest';
import { BrandSchema } from '../../src/core/schemas/brand.ts';
import { derivePalette, themeCss } from '../../src/core/site/palette.ts';

// Every hue at several lightnesses and chromas, and the colours people pick that break palettes.
const WHEEL = Array.from({ length: 12 }, (_, i) => i * 30).flatMap((h) => [20, 45, 70, 92].map((l) => `oklch(${l}% ${l > 85 ? 0.08 : 0.16} ${h})`));
const COLOURS = [...WHEEL, '#FFD400', '#FFFFFF', '#111111', '#000000', '#00E5FF', '#808080', '#777777', 'yellow', 'lime'];

describe('the palette derived from a brand colour', () => {
  it.each(['light', 'dark'] as const)('holds WCAG AA for every colour in the %s scheme', (scheme) => {
    const failures: string[] = [];
    for (const color of COLOURS) {
      const p = derivePalette(BrandSchema.parse({ color, second_color: color }), scheme);
      const check = (what: string, fg: string, bg: string, min: number) => {
        if (wcagContrast(fg, bg) < min) failures.push(`${color} ${scheme}: ${what} ${fg} on ${bg} is ${wcagContrast(fg, bg).toFixed(2)}`);
      };
      for (const bg of [p.bg, p.surface, p.response, p.target]) check('accent', p.accent, bg, 4.5);
      for (const bg of [p.bg, p.surface]) check('star', p.star, bg, 4.5);
      check('text on the brand colour', p['on-brand'], p.brand, 4.5);
      check('bar', p.bar, p.surface, 3);
      check('current page', p.surface, p.accent, 4.5);
      // a colour sRGB can show is used as given; one beyond it is mapped into sRGB first
      if (displayable(parse(color) as Color)) expect(p.brand).toBe(formatHex(parse(color)));
    }
    expect(failures).toEqual([]);
  });

  it('keeps a colour that already reads well as it is', () => {
    expect(derivePalette(BrandSchema.parse({ color: '#0e7490' }), 'light').accent).toBe('#0e7490');
  });

  it('pins one scheme when the brand asks, and follows the reader otherwise', () => {
    expect(themeCss(BrandSchema.parse({ color: 'red' }))).toContain('@media (prefers-color-scheme: dark)');
    const pinned = themeCss(BrandSchema.parse({ color: 'red', scheme: 'light' }));
    expect(pinned).not.toContain('prefers-color-scheme');
    expect(pinned).toContain('color-scheme: light;');
  });

  it('puts a self-hosted font first, then the stack', () => {
    const css = themeCss(BrandSchema.parse({ font: { file: 'f.woff2', stack: 'Georgia, serif' } }), '/brand/font.woff2');
    expect(css).toContain('@font-face { font-family: "Brand"; src: url("/brand/font.woff2")');
    expect(css).toContain('--font: "Brand", Georgia, serif;');
  });
});
