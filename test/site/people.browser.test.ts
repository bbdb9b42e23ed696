// What people see, in Chromium (playwright-core) against the real server on port 0: every
// facet page, search and filters driven by the keyboard (URL, back button), the widget,
// badge and embed on a page of ANOTHER origin under a strict Content-Security-Policy, and
// axe-core on the home, archive, facet, API and embed pages.
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Review } from '../../src/core/schemas/review.ts';
import { axeViolations } from '../helpers/axe.ts';
import { watchProblems } from '../helpers/chromium.ts';
import { type ForeignPage, serveForeignPage, strictCsp, watchEmbedding } from '../helpers/foreign-page.ts';
import { collidingContent } from '../helpers/site/content.ts';
import { chromiumSite, DESKTOP, PHONE, SHOTS } from '../helpers/site/chromium-site.ts';

const site = chromiumSite(collidingContent);
let reviews: Review[];
let ratings: {
  aggregate_rating: { rating_value: number; review_count: number };
  technicians: { name: string; url: string; aggregate_rating: { review_count: number } }[];
};

/** A page that records script errors, console errors, failed requests and CSP violations. */
async function open(context: BrowserContext, url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watchProblems(page);
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  await page.goto(url);
  return { page, problems };
}

beforeAll(async () => {
  reviews = (await (await fetch(`${site.server.url}/reviews.json`)).json()).reviews;
  ratings = await (await fetch(`${site.server.url}/api/ratings.json`)).json();
});

describe('facet pages in Chromium', () => {
  it('renders every facet linked from the home page, with and without JavaScript', async () => {
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const { page, problems } = await open(context, `${site.server.url}/`);
    const paths = await page.locator('#browse a').evaluateAll((as) => as.map((a) => a.getAttribute('href') as string));
    expect(paths.length).toBe(38);
    const noJs = await site.browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    for (const [i, path] of paths.entries()) {
      const ctx = i % 2 === 0 ? context : noJs;
      const { page: facet, problems: facetProblems } = await open(ctx, `${site.server.url}${path}`);
      const h1 = await facet.locator('h1').textContent();
      const link = await page.locator(`#browse a[href="${path}"]`).textContent();
      expect(h1, path).toBe(link);
      const overflow = await facet.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBe(0);
      expect(facetProblems, path).toEqual([]);
      await facet.close();
    }
    // from a review card to its technician's page
    await page.locator('article.review .about a[href^="/technicians/"]').first().click();
    await page.waitForURL((u) => u.pathname.startsWith('/technicians/'));
    await expect(page.locator('#facet-rating').count()).resolves.toBe(1);
    await page.screenshot({ path: join(SHOTS, 'facet-desktop.png') });
    expect(problems).toEqual([]);
    await noJs.close();
    await context.close();
  });

  it('puts the first review before the browse links on a phone, and beside them on a desktop', async () => {
    const boxes = async (viewport: { width: number; height: number }) => {
      const context = await site.browser.newContext({ viewport });
      const { page, problems } = await open(context, `${site.server.url}/`);
      const box = (selector: string) =>
        page
          .locator(selector)
          .first()
          .evaluate((e) => ({ x: e.getBoundingClientRect().x, y: e.getBoundingClientRect().y + window.scrollY }));
      const result = { review: await box('#review-list article'), browse: await box('#browse'), insights: await box('#insights') };
      expect(problems).toEqual([]);
      await context.close();
      return result;
    };
    const phone = await boxes(PHONE);
    expect(phone.review.y).toBeLessThan(phone.browse.y);
    expect(phone.review.y).toBeLessThan(phone.insights.y);
    expect(phone.review.y).toBeLessThan(2 * PHONE.height);
    const desktop = await boxes(DESKTOP);
    expect(desktop.browse.x).toBeLessThan(desktop.review.x);
    expect(desktop.review.y).toBeLessThan(DESKTOP.height);
  });

  it('pages a large facet from its newest reviews to older pages', async () => {
    const context = await site.browser.newContext({ viewport: PHONE });
    const { page, problems } = await open(context, `${site.server.url}/reviews/stars/5/`);
    const fives = reviews.filter((r) => r.rating === 5);
    const pages = Math.ceil(fives.length / 50);
    await page.locator(`.pages a[href="/reviews/stars/5/page/${pages - 1}/"]`).click();
    await page.waitForURL((u) => u.pathname === `/reviews/stars/5/page/${pages - 1}/`);
    const stars = await page.locator('.rows .stars').allTextContents();
    expect(stars.length).toBe(50);
    expect(new Set(stars)).toEqual(new Set(['★ 5/5']));
    await page.screenshot({ path: join(SHOTS, 'facet-page-phone.png'), fullPage: false });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('search and filters on the home page', () => {
  it('searches by keyboard, puts the search in the URL, and the back button restores the list', async () => {
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const { page, problems } = await open(context, `${site.server.url}/`);
    const newest = await page.locator('#review-list article').evaluateAll((a) => a.map((e) => e.id));
    // Tab from the top of the page to the search box
    let focused = '';
    for (let i = 0; i < 200 && focused !== 's-query'; i += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.id ?? '');
    }
    expect(focused).toBe('s-query');
    await page.keyboard.type('on time');
    await page.keyboard.press('Tab'); // Stars
    await page.keyboard.press('ArrowDown'); // 5
    await expect(page.locator('select[name="rating"]').inputValue()).resolves.toBe('5');
    // on to the Search button, through the other filters
    for (let i = 0; i < 10 && focused !== 'submit'; i += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => (document.activeElement as HTMLButtonElement | null)?.type ?? '');
    }
    expect(focused).toBe('submit');
    await page.keyboard.press('Enter');
    // pushState changes the URL without a navigation: wait for the location itself
    await page.waitForFunction(
      () => new URLSearchParams(location.search).get('query') === 'on time' && new URLSearchParams(location.search).get('rating') === '5',
    );
    const expected = await (await fetch(`${site.server.url}/api/reviews/search?query=on%20time&rating=5&limit=50`)).json();
    await page.waitForFunction(
      (n) => document.querySelectorAll('#review-list article').length === n && /match/.test(document.getElementById('search-status')?.textContent ?? ''),
      expected.count,
    );
    const ids = await page.locator('#review-list article').evaluateAll((a) => a.map((e) => e.id));
    expect(ids).toEqual(expected.reviews.map((r: Review) => `review-${r.id}`));
    await expect(page.locator('#search-status').textContent()).resolves.toContain(`${expected.total} review`);
    await page.goBack();
    await page.waitForFunction(() => !location.search && document.querySelectorAll('#review-list article').length === 50);
    await expect(page.locator('#review-list article').evaluateAll((a) => a.map((e) => e.id))).resolves.toEqual(newest);
    await expect(page.locator('#s-query').inputValue()).resolves.toBe('');
    await page.goForward();
    await page.waitForFunction((n) => document.querySelectorAll('#review-list article').length === n && location.search.includes('rating=5'), expected.count);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens a shared URL with filters and sort, and renders the results safely', async () => {
    const context = await site.browser.newContext({ viewport: PHONE });
    const area = 'Cañon City';
    const { page, problems } = await open(context, `${site.server.url}/?service_area=${encodeURIComponent(area)}&sort=lowest&has_text=true&source=google`);
    const expected = reviews.filter((r) => r.service_area === area && r.text.trim() !== '' && r.source === 'google');
    expect(expected.length).toBeGreaterThan(0);
    await page.waitForFunction((n) => document.querySelectorAll('#review-list article').length === Math.min(50, n), expected.length);
    await expect(page.locator('select[name="service_area"]').inputValue()).resolves.toBe(area);
    await expect(page.locator('select[name="sort"]').inputValue()).resolves.toBe('lowest');
    await expect(page.locator('input[name="has_text"]').isChecked()).resolves.toBe(true);
    const stars = await page.locator('#review-list .stars').evaluateAll((s) => s.map((e) => (e.textContent ?? '').split('★').length - 1));
    expect(stars).toEqual(stars.toSorted((a, b) => a - b));
    expect(await page.locator('#review-list script, #review-list img').count()).toBe(0);
    // the author is named once at the top of each card: in the heading without a title, in the meta line under one
    const tops = await page
      .locator('#review-list article')
      .evaluateAll((a) =>
        a.map((e) => ({ id: e.id.slice('review-'.length), top: `${e.querySelector('h3')?.textContent} | ${e.querySelector('.meta')?.textContent}` })),
      );
    for (const { id, top } of tops) expect(top.split((reviews.find((r) => r.id === id) as Review).author.name).length - 1, top).toBe(1);
    await page.screenshot({ path: join(SHOTS, 'search-phone.png') });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('renders a found review as written, with its translation behind a keyboard toggle', async () => {
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const { page, problems } = await open(context, `${site.server.url}/?query=llegaron`);
    await page.waitForFunction(() => document.querySelectorAll('#review-list article').length === 1);
    const card = page.locator('#review-list article');
    await expect(card.locator('.text p').textContent()).resolves.toBe('Muy buen servicio, llegaron a tiempo.');
    await expect(card.locator('summary').textContent()).resolves.toBe('Show the English translation (by Google)');
    await expect(card.locator('details div').isVisible()).resolves.toBe(false);
    await card.locator('summary').focus();
    await page.keyboard.press('Enter');
    await expect(card.locator('details div').isVisible()).resolves.toBe(true);
    await expect(card.locator('details div').textContent()).resolves.toBe('Very good service, they arrived on time.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('hides the search form without JavaScript; the facet links remain', async () => {
    const context = await site.browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    const { page } = await open(context, `${site.server.url}/`);
    await expect(page.locator('#search').isVisible()).resolves.toBe(false);
    await expect(page.locator('#browse a').count()).resolves.toBe(38);
    await context.close();
  });
});

/** A page on another origin, with a strict CSP naming only our origin for scripts, data, images and frames. */
function hostPage(ours: string): Promise<ForeignPage> {
  const csp = strictCsp(ours, { frames: true });
  const tech = ratings.technicians.find((t) => t.name === 'José Martínez') as { name: string };
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A plumber's own site</title></head><body>
<h1>Our customers say</h1>
<reviews-widget id="list" layout="list" limit="3" min-stars="4"></reviews-widget>
<reviews-widget id="badge" layout="badge"></reviews-widget>
<reviews-widget id="carousel" layout="carousel" limit="4" technician="${tech.name}"></reviews-widget>
<reviews-widget id="missing" technician="Nobody Here"></reviews-widget>
<reviews-widget id="odd-lang" layout="badge" lang="constructor"></reviews-widget>
<a href="${ours}/"><img id="badge-img" src="${ours}/badge.svg" alt="Reviews"></a>
<iframe id="embed" src="${ours}/embed/" title="Reviews" width="600" height="400"></iframe>
<script src="${ours}/widget.js" defer></script>
<p>The same snippet pasted a second time, as a site builder's blocks often do:</p>
<script src="${ours}/widget.js" defer></script>
</body></html>`;
  return serveForeignPage(html, csp);
}

describe('the widget, badge and embed on another origin under a strict CSP', () => {
  it('renders the rating, the newest reviews and the stated filter, with no console error or CSP violation', async () => {
    const host = await hostPage(site.server.url);
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = await watchEmbedding(page);
    await page.goto(host.url);
    expect(new URL(host.url).origin).not.toBe(new URL(site.server.url).origin);
    const shadowText = (id: string) => page.evaluate((i) => document.getElementById(i)?.shadowRoot?.textContent ?? '', id);
    await page.waitForFunction(() =>
      ['list', 'badge', 'carousel', 'missing', 'odd-lang'].every((id) => (document.getElementById(id)?.shadowRoot?.childElementCount ?? 0) > 0),
    );

    const agg = ratings.aggregate_rating;
    const list = await shadowText('list');
    expect(list).toContain(agg.rating_value.toFixed(1));
    expect(list).toContain(`${agg.review_count.toLocaleString('en-US')} reviews`);
    const atLeast4 = reviews.filter((r) => r.rating >= 4);
    expect(list).toContain(
      'Showing reviews with 4 stars or more, as chosen by the site owner; ' +
        `${(agg.review_count - atLeast4.length).toLocaleString('en-US')} reviews with fewer stars ` +
        'are not shown here',
    );
    const listed = await page.evaluate(() =>
      [...(document.getElementById('list')?.shadowRoot?.querySelectorAll('li .stars') ?? [])].map((s) => s.getAttribute('aria-label')),
    );
    expect(listed).toEqual(atLeast4.slice(0, 3).map((r) => `${r.rating} out of 5 stars`));
    // each review's mark, and the site's count of reviews with evidence
    const metas = await page.evaluate(() => [...(document.getElementById('list')?.shadowRoot?.querySelectorAll('li .meta') ?? [])].map((m) => m.textContent));
    expect(metas.map((m) => m?.includes(' · ✓ '))).toEqual(atLeast4.slice(0, 3).map((r) => r.evidence !== undefined));
    const e = (ratings as unknown as { evidence: Record<'job' | 'platform' | 'owner' | 'none', number> }).evidence;
    const withEvidence = e.job + e.platform + e.owner;
    expect(list).toContain(`Read all reviews · verified: ${withEvidence.toLocaleString('en-US')} of ${(withEvidence + e.none).toLocaleString('en-US')}`);
    // styled by the adopted stylesheet, not by anything inline
    const styled = await page.evaluate(() => {
      const root = document.getElementById('list')?.shadowRoot as ShadowRoot;
      return {
        sheets: root.adoptedStyleSheets.length,
        styleElements: root.querySelectorAll('style, [style]').length,
        radius: getComputedStyle(root.querySelector('.box') as Element).borderTopLeftRadius,
      };
    });
    expect(styled).toEqual({ sheets: 1, styleElements: 0, radius: '10px' });

    const badge = await page.evaluate(() => document.getElementById('badge')?.shadowRoot?.querySelector('a')?.getAttribute('aria-label'));
    expect(badge).toContain(`rated ${agg.rating_value.toFixed(1)} out of 5`);
    const jose = ratings.technicians.find((t) => t.name === 'José Martínez') as { aggregate_rating: { review_count: number } };
    const carousel = await shadowText('carousel');
    expect(carousel).toContain('José Martínez');
    expect(carousel).toContain(`${jose.aggregate_rating.review_count} review`);
    const carouselItems = await page.evaluate(() => document.getElementById('carousel')?.shadowRoot?.querySelectorAll('li').length);
    expect(carouselItems).toBe(Math.min(4, jose.aggregate_rating.review_count));
    expect(await shadowText('missing')).toContain('could not be loaded (no technician “Nobody Here”)');
    // a lang naming a property every object has is no catalogue: the business's language is kept
    expect(await shadowText('odd-lang')).toBe(await shadowText('badge'));

    await page.waitForFunction(() => (document.getElementById('badge-img') as HTMLImageElement).complete);
    expect(await page.evaluate(() => (document.getElementById('badge-img') as HTMLImageElement).naturalWidth)).toBeGreaterThan(50);
    const frame = page.frameLocator('#embed');
    await expect(frame.locator('h1').textContent()).resolves.toBeTruthy();
    await expect(frame.locator('.rows li').count()).resolves.toBe(10);

    expect(await context.cookies()).toEqual([]);
    await page.screenshot({ path: join(SHOTS, 'widget-host-desktop.png'), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
    await new Promise((resolve) => host.server.close(resolve));
  });
});

describe('accessibility (axe-core)', () => {
  it.each(['/', '/reviews/', '/reviews/page/1/', '/technicians/zoe-o-brien/', '/reviews/stars/5/page/2/', '/areas/canon-city-2/', '/api/', '/embed/'])(
    '%s has no serious or critical violation',
    async (path) => {
      const context = await site.browser.newContext({ viewport: DESKTOP });
      const { page } = await open(context, `${site.server.url}${path}`);
      const violations = await axeViolations(page);
      expect(violations).toEqual([]);
      await context.close();
    },
  );
});
