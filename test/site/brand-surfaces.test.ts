// The brand where the business appears besides its pages: the badge, the widget's script, the
// MCP App's data, and the files a brand brings, each from the same facts the build uses.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderTouchIcon } from '../../src/build/touch-icon.ts';
import { loadContentDir } from '../../src/build/content-dir.ts';
import { CATALOGUES } from '../../src/core/i18n/catalogues.ts';
import { ENGLISH } from '../../src/core/i18n/locale.ts';
import { BusinessSchema } from '../../src/core/schemas/business.ts';
import { appData } from '../../src/core/site/app-data.ts';
import { badgeSvg } from '../../src/core/site/badge.ts';
import { brandAssets, brandFiles, headerLinks, TOUCH_ICON_SIZE } from '../../src/core/site/brand.ts';
import { cardData, cardPath, siteCard } from '../../src/core/site/cards.ts';
import { allFacets, facets } from '../../src/core/site/facets.ts';
import { widgetBrand } from '../../src/core/site/widget-brand.ts';
import { widgetScript, widgetWords } from '../../src/core/site/widget-words.ts';
import { ROOT, SMALL_CONTENT } from '../helpers/paths.ts';

const business = BusinessSchema.parse({
  name: 'Yellow Vans',
  url: 'https://vans.example',
  telephone: '+1 555 0101',
  address: { country: 'US' },
  brand: { logo: { file: 'img/logo.png' }, color: '#FFD400', links: { booking: 'https://vans.example/book' } },
});
const assets = brandAssets(business.brand, 'theme.css');
const LOGO = 'data:image/png;base64,AAAA';

describe('the brand besides the pages', () => {
  it('serves each file once, the logo doubling as the favicon', () => {
    expect(brandFiles(assets)).toEqual([
      { file: 'img/logo.png', path: '/brand/logo.png' },
      { file: 'theme.css', path: '/theme.css' },
    ]);
    expect(assets.favicon?.path).toBe('/brand/logo.png');
  });

  it('draws the home-screen icon from the favicon, else the logo, never from a file it cannot draw', () => {
    expect(assets.touchIcon).toEqual({ file: 'img/logo.png', path: '/brand/touch-icon.png' });
    const icon = (brand: Record<string, unknown>) => brandAssets(BusinessSchema.parse({ ...business, brand }).brand, undefined).touchIcon?.file;
    expect(icon({ logo: { file: 'logo.svg' }, favicon: 'mark.png' })).toBe('mark.png');
    expect(icon({ logo: { file: 'logo.svg' }, favicon: 'favicon.ico' })).toBe('logo.svg');
    expect(icon({ logo: { file: 'logo.webp' }, favicon: 'favicon.ico' })).toBeUndefined();
    expect(icon({ color: '#0e7490' })).toBeUndefined();
    // the files a build copies: the icon is drawn, not copied
    expect(brandFiles(assets).map((f) => f.path)).not.toContain('/brand/touch-icon.png');
  });

  it('draws a 180×180 PNG, the same bytes for the same picture and colour, other bytes for another colour', async () => {
    const logo = join(ROOT, 'test', 'fixtures', 'brand', 'logo.svg');
    const [png, again, other] = await Promise.all([
      renderTouchIcon(logo, business.brand),
      renderTouchIcon(logo, business.brand),
      renderTouchIcon(logo, { ...business.brand, color: '#e11d48' } as typeof business.brand),
    ]);
    const bytes = Buffer.from(png);
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([TOUCH_ICON_SIZE, TOUCH_ICON_SIZE]);
    expect(Buffer.from(again).equals(bytes)).toBe(true);
    expect(Buffer.from(other).equals(bytes)).toBe(false);
  });

  it('links the home page (the url by default), the booking page and the phone', () => {
    expect(headerLinks(business)).toEqual({ home: 'https://vans.example', booking: 'https://vans.example/book', phone: '+1 555 0101' });
    expect(headerLinks({ ...business, brand: { ...business.brand, scheme: 'auto', links: { phone: false } } }).phone).toBeUndefined();
  });

  it('puts the brand colour behind the badge label, with black text on yellow, and the small logo', () => {
    const svg = badgeSvg({ rating_value: 4.5, review_count: 3, best_rating: 5, worst_rating: 1 } as never, ENGLISH, {
      color: '#ffd400',
      onColor: '#000000',
      logo: LOGO,
    });
    expect(svg).toContain('fill="#ffd400"');
    expect(svg).toContain(`href="${LOGO}"`);
    expect(svg).toContain('fill="#000000">reviews</text>');
  });

  it("fills the widget's script with the derived colours and the logo's path", () => {
    const source = 'const WORDS = /* build: widget words */ null; const BRAND = /* build: widget brand */ null;';
    const script = widgetScript(source, widgetWords(ENGLISH, CATALOGUES), widgetBrand(business, assets));
    const brand = JSON.parse(/const BRAND = (.*);\n/.exec(script)?.[1] ?? 'null');
    expect(brand.light.brand).toBe('#ffd400');
    expect(brand.light['on-brand']).toBe('#000000');
    expect(brand.light.accent).not.toBe('#ffd400');
    expect(brand.logo).toBe('/brand/logo.png');
  });

  it('gives the MCP App the logo as data, and nothing when there is none', () => {
    expect(appData(business, 'https://reviews.example/', [], CATALOGUES, LOGO).logo).toBe(LOGO);
    expect(appData(business, 'https://reviews.example/', [], CATALOGUES).logo).toBeUndefined();
  });
});

describe('the preview cards', () => {
  const dataset = loadContentDir(SMALL_CONTENT);
  const newer = { ...dataset, reviews: [{ ...(dataset.reviews[0] as (typeof dataset.reviews)[number]), id: 'newer', rating: 1 }, ...dataset.reviews] };
  const paths = (d: typeof dataset) =>
    [cardData(d, ENGLISH, {}), siteCard(d, ENGLISH, {}), ...allFacets(facets(d)).map((f) => cardData(d, ENGLISH, {}, f))].map(cardPath);

  it('are named by what they show: the same content gives the same URLs, one new review a new home card and no new site card', () => {
    const [before, again, after] = [paths(dataset), paths(dataset), paths(newer)];
    expect(again).toEqual(before);
    expect(new Set(before).size).toBe(before.length);
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).toBe(before[1]);
  });

  it("change when the logo's bytes do", () => {
    const logo = (hash: string) => ({ logo: { file: 'logo.svg', path: '/brand/logo.svg', hash } });
    expect(cardPath(cardData(dataset, ENGLISH, logo('a')))).not.toBe(cardPath(cardData(dataset, ENGLISH, logo('b'))));
  });
});
