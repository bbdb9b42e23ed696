// The pages in a real browser (Debian's Chromium through playwright-core) against the real
// server on port 0: rendering, paging, escaping, JSON-LD, keyboard, layout shift, and a
// phone-sized and a desktop-sized screenshot under test-output/site/.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '../../src/core/schemas/review.ts';
import { watchProblems } from '../helpers/chromium.ts';
import { HOSTILE_REVIEW, sampleWith } from '../helpers/site/content.ts';
import { chromiumSite, DESKTOP, PHONE, SHOTS, SITE } from '../helpers/site/chromium-site.ts';

const site = chromiumSite(() => sampleWith([HOSTILE_REVIEW]));
let data: {
  reviews: Review[];
  aggregate_rating: { rating_value: number; review_count: number; distribution: Record<string, number> };
  business: { name: string };
};

/** A page that fails the test on any script dialog, page error or failed request. */
async function open(context: BrowserContext, path: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watchProblems(page);
  page.on('dialog', (d) => {
    problems.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  // The site links to SITE; the browser talks to the local server.
  await page.goto(`${site.server.url}${path}`);
  return { page, problems };
}

beforeAll(async () => {
  data = await (await fetch(`${site.server.url}/reviews.json`)).json();
});

describe('the home page in Chromium', () => {
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  beforeAll(async () => {
    context = await site.browser.newContext({ viewport: DESKTOP });
    ({ page, problems } = await open(context, '/'));
  });
  afterAll(() => context?.close());

  it('renders the business name, the rating, the histogram and the reviews', async () => {
    await expect(page.locator('h1').textContent()).resolves.toBe(data.business.name);
    await expect(page.locator('.rating-big .value').textContent()).resolves.toBe(data.aggregate_rating.rating_value.toFixed(1));
    const rows = await page.locator('.histogram li .sr-only').allTextContents();
    expect(rows[0]).toBe(`5 stars: ${data.aggregate_rating.distribution['5']} reviews`);
    expect(rows).toHaveLength(5);
    const widths = await page.locator('.histogram .bar span').evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().width));
    expect(widths[0]).toBeGreaterThan(widths[2] as number);
    await expect(page.locator('article.review').count()).resolves.toBe(50);
    await expect(page.locator('article.review .response').count()).resolves.toBeGreaterThan(0);
    expect(await page.title()).toContain(data.business.name);
  });

  it('shows a review holding <script> as text and never runs it', async () => {
    const review = page.locator(`#review-${HOSTILE_REVIEW.id}`);
    await expect(review.locator('h3').textContent()).resolves.toBe(HOSTILE_REVIEW.title);
    await expect(review.locator('bdi').textContent()).resolves.toBe(HOSTILE_REVIEW.author.name);
    // biome-ignore lint/performance/useDomNodeTextContent: what the reader sees is the point
    const shown = await review.innerText();
    expect(shown).toContain('Ann never came. <script>alert(1)</script>');
    expect(shown).toContain('<img src=x onerror=');
    expect(shown).toContain('مرحبا بالعالم');
    expect(await review.locator('script, img, b, i').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(problems).toEqual([]);
  });

  it('carries JSON-LD that parses, with the business and the newest reviews', async () => {
    const ld = await page.evaluate(() => JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? 'null'));
    expect(ld['@type']).toBe('LocalBusiness');
    expect(ld.aggregateRating.reviewCount).toBe(data.aggregate_rating.review_count);
    expect(ld.review[0].reviewBody).toBe(HOSTILE_REVIEW.text);
  });

  it("loads only its own search script and the brand's logo, no web font, and does not shift its layout", async () => {
    const resources = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((e) => [(e as PerformanceResourceTiming).initiatorType, new URL(e.name).pathname]),
    );
    const loaded = resources.filter(([t]) => t === 'script' || t === 'css' || t === 'img' || t === 'link');
    // the sample has a brand (content/business.json): its logo, drawn at a size the page knows before it loads
    expect(loaded.map(([, path]) => path).sort()).toEqual([expect.stringMatching(/^\/_astro\/.+\.js$/), '/brand/logo.svg']);
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) total += (e as unknown as { value: number }).value;
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(total), 300);
        }),
    );
    expect(shift).toBe(0);
  });

  it('starts keyboard users with a skip link to the content', async () => {
    await page.keyboard.press('Tab');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Skip to content');
    const box = await page.locator('.skip').boundingBox();
    expect(box?.y).toBeGreaterThanOrEqual(0);
    await page.keyboard.press('Enter');
    // Following an in-page link lands after the key press resolves: wait for it, not for a fixed time.
    await page.waitForURL((url) => url.hash === '#main', { timeout: 5000 });
    await expect(page.evaluate(() => document.querySelector(':target')?.id)).resolves.toBe('main');
  });

  it('takes a feed item to its review', async () => {
    const feed = await (await fetch(`${site.server.url}/api/feed.json`)).json();
    const item = feed.items[7];
    const { page: target } = await open(context, `/${new URL(item.url).hash}`);
    const id = await target.evaluate(() => document.querySelector(':target')?.id);
    expect(`${SITE}/#${id}`).toBe(item.url);
    await expect(target.locator(':target').isVisible()).resolves.toBe(true);
    await target.close();
  });
});

describe('the archive in Chromium', () => {
  it('pages from the newest archive page to older ones', async () => {
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const { page, problems } = await open(context, '/');
    const last = Math.ceil(data.reviews.length / 50);
    await page.locator('.archive .pages a').first().click();
    await page.waitForURL((u) => u.pathname === `/reviews/page/${last}/`);
    expect(new URL(page.url()).pathname).toBe(`/reviews/page/${last}/`);
    const newestIds = await page.locator('article.review').evaluateAll((a) => a.map((e) => e.id));
    expect(newestIds[0]).toBe(`review-${data.reviews[0]?.id}`);
    await page
      .getByRole('link', { name: `Older reviews (page ${last - 1}) →` })
      .first()
      .click();
    await page.waitForURL((u) => u.pathname === `/reviews/page/${last - 1}/`);
    expect(new URL(page.url()).pathname).toBe(`/reviews/page/${last - 1}/`);
    const olderIds = await page.locator('article.review').evaluateAll((a) => a.map((e) => e.id));
    expect(olderIds).toHaveLength(50);
    expect(olderIds.some((id) => newestIds.includes(id))).toBe(false);
    const firstOlder = data.reviews.findIndex((r) => `review-${r.id}` === olderIds[0]);
    expect(firstOlder).toBe(newestIds.length);
    await page.getByRole('link', { name: 'All pages' }).first().click();
    await page.waitForURL((u) => u.pathname === '/reviews/');
    expect(new URL(page.url()).pathname).toBe('/reviews/');
    await expect(page.locator('main a[href^="/reviews/page/"]').count()).resolves.toBe(last);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('renders without JavaScript', async () => {
    const context = await site.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    const { page } = await open(context, '/reviews/page/1/');
    await expect(page.locator('h1').textContent()).resolves.toBe('Reviews, page 1');
    await expect(page.locator('article.review').count()).resolves.toBe(50);
    await context.close();
  });
});

/** Text whose contrast with its background is below WCAG AA (4.5:1), as "ratio text". */
function lowContrast(): string[] {
  const rgba = (c: string): number[] => (c.match(/[\d.]+/g) ?? []).map(Number);
  const lum = ([r, g, b]: number[]) => {
    const [R, G, B] = [r, g, b].map((v) => ((v as number) / 255 <= 0.03928 ? (v as number) / 255 / 12.92 : (((v as number) / 255 + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const background = (el: Element | null): number[] => {
    for (let e = el; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if ((c[3] ?? 1) > 0) return c;
    }
    return [255, 255, 255];
  };
  const failures: string[] = [];
  const seen = new Set<Element>();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement as Element;
    if (!walker.currentNode.textContent?.trim() || seen.has(el)) continue;
    seen.add(el);
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    const [a, b] = [lum(rgba(getComputedStyle(el).color)), lum(background(el))].sort((x, y) => y - x) as [number, number];
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) failures.push(`${ratio.toFixed(2)} ${el.textContent?.trim().slice(0, 40)}`);
  }
  return failures;
}

describe('contrast', () => {
  it.each([
    ['/', 'light'],
    ['/', 'dark'],
    ['/api/', 'light'],
    ['/api/', 'dark'],
    ['/technicians/jose-martinez/', 'light'],
    ['/technicians/jose-martinez/', 'dark'],
    ['/reviews/stars/5/page/2/', 'dark'],
    ['/embed/', 'dark'],
  ] as const)('%s in the %s scheme has text contrast of at least 4.5:1', async (path, colorScheme) => {
    const context = await site.browser.newContext({ viewport: DESKTOP, colorScheme });
    const { page } = await open(context, path);
    await expect(page.evaluate(lowContrast)).resolves.toEqual([]);
    await context.close();
  });
});

describe('screenshots', () => {
  it.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)('fits a %s screen', async (name, viewport) => {
    const context = await site.browser.newContext({ viewport, deviceScaleFactor: 1 });
    const { page, problems } = await open(context, '/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await page.screenshot({ path: join(SHOTS, `home-${name}.png`) });
    await page.screenshot({ path: join(SHOTS, `home-${name}-full.png`), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  });
});
