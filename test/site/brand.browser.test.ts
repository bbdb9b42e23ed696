// The client's brand, in Chromium against the real server on port 0: the logo and links in the
// header, contrast under axe for many brand colours in both schemes (the build's palette swapped
// for each colour's, so one build serves them all), theme.css last, the preview cards, and a
// host page on another origin restyling the widget under its strict CSP.
import { type Rgb, converter, parse } from 'culori';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Brand } from '../../src/core/schemas/brand.ts';
import { BrandSchema } from '../../src/core/schemas/brand.ts';
import { themeCss } from '../../src/core/site/palette.ts';
import { axeViolations } from '../helpers/axe.ts';
import { watchProblems } from '../helpers/chromium.ts';
import { serveForeignPage, strictCsp, watchEmbedding } from '../helpers/foreign-page.ts';
import { ROOT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { chromiumSite, SITE } from '../helpers/site/chromium-site.ts';

const rgb = converter('rgb');
/** A client's logo and theme.css. */
const FILES = join(ROOT, 'test', 'fixtures', 'brand');
const BRAND = {
  logo: { file: 'logo.svg', alt: 'Tiny and Sons logo' },
  color: '#0e7490',
  second_color: '#f59e0b',
  links: { booking: 'https://tiny.example/book' },
};
/** Yellow, white, near-black, cyan and mid-grey, and the rest of the wheel, named every way CSS can. */
const COLOURS = [
  '#FFD400',
  '#FFFFFF',
  '#111111',
  '#00E5FF',
  '#808080',
  '#e11d48',
  'rebeccapurple',
  'hsl(120 100% 40%)',
  'oklch(70% 0.15 60)',
  '#ff7f00',
  'navy',
  '#f0e68c',
];

/** The largest difference of an sRGB channel between two colours. */
const distance = (a: string, b: string) => {
  const [x, y] = [rgb(parse(a)), rgb(parse(b))] as [Rgb, Rgb];
  return Math.max(Math.abs(x.r - y.r), Math.abs(x.g - y.g), Math.abs(x.b - y.b));
};

/** axe's rules on colour: text contrast, and links told apart from the text around them. */
const CONTRAST_RULES = ['color-contrast', 'link-in-text-block'];

const site = chromiumSite(brandedContent);

function brandedContent(): string {
  const dir = join(tempDir('brand-content'), 'content');
  cpSync(SMALL_CONTENT, dir, { recursive: true });
  const business = JSON.parse(readFileSync(join(dir, 'business.json'), 'utf8'));
  writeFileSync(join(dir, 'business.json'), JSON.stringify({ ...business, brand: BRAND }, null, 2));
  for (const file of ['logo.svg', 'theme.css']) cpSync(join(FILES, file), join(dir, file));
  return dir;
}

const built = themeCss(BrandSchema.parse(BRAND), undefined);

/** Answers the pages (the home page inlines the palette) and /site.css (the facet pages link it) with `brand`'s palette in place of the build's. */
async function withBrand(page: Page, brand: Brand): Promise<void> {
  const css = themeCss(brand, undefined);
  await page.route(
    (url) => url.origin === site.server.url && (url.pathname.endsWith('/') || url.pathname === '/site.css'),
    async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: (await response.text()).replace(built, () => css) });
    },
  );
}

describe('the brand on the pages', () => {
  it('puts the logo with its alt text, the home, booking and phone links in the header, and theme.css last', async () => {
    const page = await site.browser.newPage();
    const problems = watchProblems(page);
    await page.goto(`${site.server.url}/`);
    const bar = page.locator('.brand-bar');
    await expect(bar.locator('img').getAttribute('alt')).resolves.toBe('Tiny and Sons logo');
    await expect(bar.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBeGreaterThan(0);
    const links = await bar.locator('.brand-links a').evaluateAll((as) => as.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(links).toEqual([
      ['Website', 'https://tiny.example'],
      ['Book a service', 'https://tiny.example/book'],
      ['Call +1 555 0100', 'tel:+15550100'],
    ]);
    const sheets = await page.evaluate(() => [...document.styleSheets].map((s) => s.href));
    expect(sheets.at(-1)).toBe(`${site.server.url}/theme.css`);
    await expect(page.locator('.site-head h1').evaluate((h) => getComputedStyle(h).letterSpacing)).resolves.not.toBe('normal');
    await expect(page.locator('link[rel="icon"]').getAttribute('href')).resolves.toBe('/brand/logo.svg');
    expect(problems).toEqual([]);
    await page.close();
  });

  // one test per colour: both schemes, the home page (palette inline) and a facet page (/site.css)
  it.each(COLOURS)('keeps WCAG AA contrast with the brand colour %s, light and dark (axe: no violation)', async (color) => {
    const found: string[] = [];
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await site.browser.newPage({ colorScheme, viewport: { width: 1280, height: 900 } });
      await withBrand(page, BrandSchema.parse({ ...BRAND, color, second_color: color }));
      for (const path of ['/', '/technicians/jose-martinez/']) {
        await page.goto(`${site.server.url}${path}`);
        // the band is the brand colour as given
        const band = await page.locator('.brand-bar').evaluate((b) => getComputedStyle(b).backgroundColor);
        expect(distance(band, color), `${colorScheme} ${path}: band ${band}`).toBeLessThan(1.5 / 255);
        for (const v of await axeViolations(page, CONTRAST_RULES)) found.push(`${colorScheme} ${path}: ${v}`);
      }
      await page.close();
    }
    expect(found).toEqual([]);
  });
});

describe('the preview cards', () => {
  it('names a 1200×630 PNG of at most 100 KB in og:image on every page kind, served with an ETag', async () => {
    const page = await site.browser.newPage();
    const seen = new Map<string, string>();
    for (const path of ['/', '/reviews/', '/technicians/jose-martinez/', '/services/drain-cleaning/', '/reviews/stars/5/', '/embed/', '/api/']) {
      await page.goto(`${site.server.url}${path}`);
      const meta = await page.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')].map((m) => [
            m.getAttribute('property') ?? m.getAttribute('name'),
            m.getAttribute('content'),
          ]),
        ),
      );
      expect(meta, path).toMatchObject({
        'og:image:width': '1200',
        'og:image:height': '630',
        'og:image:type': 'image/png',
        'twitter:card': 'summary_large_image',
        'og:locale': 'en_US',
      });
      for (const key of ['og:title', 'og:description', 'og:url', 'og:image:alt', 'twitter:image']) expect(meta[key], `${path} ${key}`).toBeTruthy();
      expect(meta['og:url']).toBe(`${SITE}${path}`);
      const image = new URL(meta['og:image'] as string);
      expect(image.origin).toBe(SITE);
      const res = await fetch(`${site.server.url}${image.pathname}`);
      expect(res.status, image.pathname).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('etag')).toMatch(/^"/);
      const png = Buffer.from(await res.arrayBuffer());
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
      expect(png.length).toBeLessThanOrEqual(100 * 1024);
      seen.set(path, image.pathname);
    }
    // the home page's card, a facet's own, and the site's (no rating) for every other page
    expect(seen.get('/')).toMatch(/^\/cards\/home-/);
    expect(seen.get('/technicians/jose-martinez/')).toMatch(/^\/cards\/technicians-jose-martinez-/);
    for (const path of ['/reviews/', '/embed/', '/api/']) expect(seen.get(path), path).toMatch(/^\/cards\/site-/);
    await page.close();
  });
});

describe('the home-screen icon', () => {
  it('is linked from every page, served with an ETag, and draws the logo on the brand colour', async () => {
    const page = await site.browser.newPage();
    for (const path of ['/reviews/', '/technicians/jose-martinez/', '/api/', '/']) {
      await page.goto(`${site.server.url}${path}`);
      expect(await page.getAttribute('link[rel="apple-touch-icon"]', 'href'), path).toBe('/brand/touch-icon.png');
    }
    const href = '/brand/touch-icon.png';
    const res = await fetch(`${site.server.url}${href}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('etag')).toMatch(/^"/);
    const pixels = await page.evaluate(async (src) => {
      const image = new Image();
      image.src = src;
      await image.decode();
      const canvas = document.createElement('canvas');
      [canvas.width, canvas.height] = [image.naturalWidth, image.naturalHeight];
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
      // the logo (test/fixtures/brand/logo.svg, 2:1) fills the middle 144 px across: white, with a circle in the brand colour at its left
      return { size: [image.naturalWidth, image.naturalHeight], corner: at(2, 2), logo: at(126, 90), circle: at(54, 90) };
    }, href);
    expect(pixels.size).toEqual([180, 180]);
    const brand = [0x0e, 0x74, 0x90];
    expect(pixels.corner).toEqual(brand);
    expect(pixels.logo).toEqual([255, 255, 255]);
    expect(pixels.circle).toEqual(brand);
    await page.close();
  });
});

describe('the widget on a host page of another origin', () => {
  it("takes the brand's colours and logo, and the host page's overrides of its custom properties and parts", async () => {
    const hostCss = 'reviews-widget { --accent: rgb(200, 0, 0); --star: rgb(0, 90, 0); }\nreviews-widget::part(box) { border-radius: 0px; }\n';
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title><link rel="stylesheet" href="/host.css"></head><body>
<reviews-widget id="plain" layout="list" limit="2"></reviews-widget>
<script src="${site.server.url}/widget.js" defer></script></body></html>`;
    const bare = await serveForeignPage(html.replace('<link rel="stylesheet" href="/host.css">', ''), strictCsp(site.server.url));
    const host = await serveForeignPage(html, strictCsp(site.server.url), { '/host.css': ['text/css', hostCss] });
    const page = await site.browser.newPage();
    const problems = await watchEmbedding(page);
    const look = async (url: string) => {
      await page.goto(url);
      await page.waitForFunction(
        () => (document.getElementById('plain')?.shadowRoot?.querySelector<HTMLImageElement>('.name img')?.complete ?? false) === true,
      );
      return page.evaluate(() => {
        const root = document.getElementById('plain')?.shadowRoot as ShadowRoot;
        const style = (sel: string) => getComputedStyle(root.querySelector(sel) as Element);
        return {
          link: style('.head a').color,
          stars: style('.head .stars').color,
          radius: style('.box').borderTopLeftRadius,
          logo: (root.querySelector('.name img') as HTMLImageElement | null)?.naturalWidth ?? 0,
        };
      });
    };
    const branded = await look(bare.url);
    expect(distance(branded.link, '#0e7490')).toBeLessThan(0.1);
    expect(branded.radius).toBe('10px');
    expect(branded.logo).toBeGreaterThan(0);
    expect(await look(host.url)).toEqual({ link: 'rgb(200, 0, 0)', stars: 'rgb(0, 90, 0)', radius: '0px', logo: branded.logo });
    expect(problems).toEqual([]);
    await page.close();
    await Promise.all([bare, host].map((h) => new Promise((resolve) => h.server.close(resolve))));
  });
});
