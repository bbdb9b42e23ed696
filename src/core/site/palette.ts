// Every colour the pages use, light and dark: the neutral shades, and those derived from the
// brand's colours with culori so that WCAG 2.2 AA holds whatever colour a client picks.
import { type Color, converter, displayable, formatHex, parse, toGamut, wcagContrast } from 'culori';
import type { Brand } from '../schemas/brand.ts';

export type Scheme = 'light' | 'dark';

/** The custom properties the stylesheet reads (docs/theming.md lists them for theme.css). */
export interface Palette {
  bg: string;
  surface: string;
  text: string;
  muted: string;
  line: string;
  track: string;
  response: string;
  target: string;
  /** The brand colour as given: the header band and the buttons. */
  brand: string;
  /** Text and outlines on the brand colour: black or white, whichever contrasts more. */
  'on-brand': string;
  /** Links, focus rings, the current page, button outlines: the brand colour made to read as text. */
  accent: string;
  star: string;
  bar: string;
}

const NEUTRAL: Record<Scheme, Omit<Palette, 'brand' | 'on-brand'>> = {
  light: {
    bg: '#f7f6f3',
    surface: '#fff',
    text: '#1c1c1e',
    muted: '#52525b',
    line: '#e2dfd8',
    track: '#ebe7df',
    response: '#f1f5fb',
    target: '#fff6d6',
    accent: '#0a58ca',
    star: '#a65300',
    bar: '#d97706',
  },
  dark: {
    bg: '#111214',
    surface: '#1b1c1f',
    text: '#ececee',
    muted: '#a9a9b2',
    line: '#33343a',
    track: '#33343a',
    response: '#1f2633',
    target: '#3a3320',
    accent: '#8ab4f8',
    star: '#f5b942',
    bar: '#f5b942',
  },
};

/** The engine's own colour, for a business without a brand colour. */
export const DEFAULT_BRAND_COLOR = '#0a58ca';
export const SYSTEM_FONT =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

// WCAG 2.2 AA: 4.5:1 for text, 3:1 for controls and graphics; a little above, so that rounding never lands below.
const TEXT = 4.6;
const GRAPHIC = 3.1;

const oklch = converter('oklch');
const inRgb = toGamut('rgb', 'oklch');

/** The colour in sRGB: as it is when sRGB can show it, else mapped into it (CSS Color 4 gamut mapping). */
function hex(color: Color): string {
  return formatHex(displayable(color) ? color : inRgb(color));
}

const worst = (c: string, backgrounds: readonly string[]) => Math.min(...backgrounds.map((b) => wcagContrast(c, b)));

/**
 * The colour kept as close to `color` as contrast allows: its hue and chroma kept, its OKLCH
 * lightness moved towards black (on light backgrounds) or white (on dark) just as far as
 * `ratio` needs against every one of `backgrounds`.
 */
export function readableOn(color: string, backgrounds: readonly string[], ratio: number, scheme: Scheme): string {
  const start = oklch(parse(color));
  if (!start) throw new Error(`not a colour: ${color}`);
  const as = (l: number) => hex({ ...start, l });
  if (worst(as(start.l), backgrounds) >= ratio) return as(start.l);
  // bisect between the colour and the end of the lightness scale, which always has the contrast
  let [near, far] = scheme === 'light' ? [start.l, 0] : [start.l, 1];
  for (let i = 0; i < 24; i++) {
    const mid = (near + far) / 2;
    if (worst(as(mid), backgrounds) >= ratio) far = mid;
    else near = mid;
  }
  const found = as(far);
  return worst(found, backgrounds) >= ratio ? found : scheme === 'light' ? '#000000' : '#ffffff';
}

/** Black or white, whichever reads better on `color` (at least 4.58:1 for any colour). */
export function onColor(color: string): string {
  return wcagContrast('#000000', color) >= wcagContrast('#ffffff', color) ? '#000000' : '#ffffff';
}

export function derivePalette(brand: Brand | undefined, scheme: Scheme): Palette {
  const n = NEUTRAL[scheme];
  const color = brand?.color ? hex(parse(brand.color) as Color) : DEFAULT_BRAND_COLOR;
  const textGrounds = [n.bg, n.surface, n.response, n.target];
  const accent = brand?.color ? readableOn(color, textGrounds, TEXT, scheme) : n.accent;
  const second = brand?.second_color;
  return {
    ...n,
    brand: color,
    'on-brand': onColor(color),
    accent,
    star: second ? readableOn(second, [n.bg, n.surface, n.target], TEXT, scheme) : n.star,
    bar: second ? readableOn(second, [n.surface, n.track], GRAPHIC, scheme) : brand?.color ? readableOn(color, [n.surface, n.track], GRAPHIC, scheme) : n.bar,
  };
}

const declarations = (p: Palette) =>
  Object.entries(p)
    .map(([k, v]) => `--${k}: ${v};`)
    .join(' ');

/** The schemes a brand shows: both (following the reader) unless it pins one. */
export function brandSchemes(brand: Brand | undefined): Scheme[] {
  return !brand || brand.scheme === 'auto' ? ['light', 'dark'] : [brand.scheme];
}

/** The font stack: the brand's file first (as "Brand"), then its stack, then the system's. */
export function fontStack(brand: Brand | undefined): string {
  return [brand?.font?.file ? '"Brand"' : undefined, brand?.font?.stack ?? SYSTEM_FONT].filter(Boolean).join(', ');
}

/**
 * The custom properties of the pages, in CSS: the light palette, the dark one under
 * prefers-color-scheme (or the one scheme the brand pins), the font, and the brand's
 * self-hosted font file.
 */
export function themeCss(brand: Brand | undefined, fontUrl?: string): string {
  const schemes = brandSchemes(brand);
  const [first, second] = schemes.map((s) => derivePalette(brand, s));
  const face = fontUrl ? `@font-face { font-family: "Brand"; src: url("${fontUrl}"); font-display: swap; }\n` : '';
  const root = `:root { color-scheme: ${schemes.join(' ')}; --font: ${fontStack(brand)}; ${declarations(first as Palette)} }\n`;
  const dark = second ? `@media (prefers-color-scheme: dark) { :root { ${declarations(second)} } }\n` : '';
  return `${face}${root}${dark}`;
}
