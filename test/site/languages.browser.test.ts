// Every page for people in each language, in Chromium against the real server: no English
// interface string on a page in another language (with and without JavaScript, search
// results included), screenshots at desktop and phone width without sideways scrolling,
// axe-core clean; a right-to-left test catalogue; and the widget in two languages on one
// page of another origin under a strict CSP.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/core/i18n/catalogue.ts';
import { CATALOGUES } from '../../src/core/i18n/catalogues.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchChromium, watchProblems } from '../helpers/chromium.ts';
import { type ForeignPage, serveForeignPage, strictCsp, watchEmbedding } from '../helpers/foreign-page.ts';
import { NODE, ROOT, tempDir } from '../helpers/paths.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { DESKTOP, PHONE, SHOTS, SITE } from '../helpers/site/chromium-site.ts';
import { englishIn, englishPieces } from '../helpers/site/english.ts';
import { LOCAL, type LocalLanguage, localizedContent, TRANSLATED } from '../helpers/site/localized.ts';

/** Every kind of page for people; the 404 page is what an unknown address answers. */
const PAGES = [
  '/',
  '/reviews/',
  '/reviews/page/1/',
  '/technicians/mike-reyes/',
  '/services/leak-repair/',
  '/reviews/stars/5/',
  '/reviews/stars/5/page/2/',
  '/embed/',
  '/no-such-page/',
];

let browser: Browser;

beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

async function open(context: BrowserContext, url: string): Promise<{ page: Page; problems: string[] }> {
  const page = await context.newPage();
  const problems = watchProblems(page).filter(() => true);
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  await page.goto(url);
  return { page, problems };
}

/** What a person reads or hears on the page: its text, its title and the text of its attributes. */
function readable(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[aria-label], [title], [alt], [placeholder], meta[name="description"]')].flatMap((e) =>
      ['aria-label', 'title', 'alt', 'placeholder', 'content'].map((a) => e.getAttribute(a) ?? ''),
    );
    const summaries = [...document.querySelectorAll('summary')].map((s) => s.textContent ?? '');
    // innerText on purpose: the text as rendered, without what is hidden from everyone (textContent would add scripts and styles)
    // biome-ignore lint/performance/useDomNodeTextContent: see above
    return [document.title, document.body.innerText, ...attrs, ...summaries]
      .join('\n')
      .replace(/reviews\.json|insights\.json|llms\.txt|OpenAPI|JSON Feed/g, '');
  });
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

function serve(language: LocalLanguage): { start: () => Promise<RunningServer>; out: string } {
  const site = {
    out: '',
    start: async () => {
      site.out = await sharedBuild(localizedContent(language), SITE);
      return startServer({ OUT_DIR: site.out });
    },
  };
  return site;
}

describe.each(['de', 'fr', 'es', 'it', 'nl'] as const)('the %s pages in Chromium', (language) => {
  const site = serve(language);
  let server: RunningServer;
  const pieces = englishPieces(CATALOGUES[language] as Catalogue);

  beforeAll(async () => {
    server = await site.start();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows no English interface text on any page, with or without JavaScript', async () => {
    expect(pieces.length).toBeGreaterThan(100);
    // the check finds English where there is some
    expect(englishIn('Newest reviews\n2,507 reviews · Response from the owner', pieces)).toEqual(
      expect.arrayContaining(['Newest reviews', 'Response from the owner', 'reviews']),
    );
    const js = await browser.newContext({ viewport: DESKTOP });
    const noJs = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false });
    for (const [i, path] of PAGES.entries()) {
      const { page, problems } = await open(i % 2 === 0 ? js : noJs, `${server.url}${path}`);
      expect(await page.getAttribute('html', 'lang'), path).toBe(language);
      expect(englishIn(await readable(page), pieces), path).toEqual([]);
      expect(
        // the unknown address answers 404 on purpose
        problems.filter((p) => !p.includes('/no-such-page/') && !p.includes('status of 404')),
        path,
      ).toEqual([]);
      await page.close();
    }
    // the search script's own words: status, results, "show more"
    const { page, problems } = await open(js, `${server.url}/`);
    await page.locator('select[name="rating"]').selectOption('5');
    await page.locator('#search button[type="submit"]').click();
    await page.waitForFunction(() => /\d/.test(document.getElementById('search-status')?.textContent ?? ''));
    const status = (await page.locator('#search-status').textContent()) ?? '';
    // every published review with 5 stars, as the search endpoint counts them
    const fiveStars = ((await (await fetch(`${server.url}/api/reviews/search?rating=5&limit=1`)).json()) as { total: number }).total;
    expect(fiveStars).toBeGreaterThan(50);
    expect(status).toMatch(new RegExp(`^${fiveStars} `));
    expect(await page.locator('#review-list article').count()).toBe(50);
    expect(englishIn(await readable(page), pieces)).toEqual([]);
    await page.locator('#search input[name="query"]').fill('zzzz-nothing');
    await page.locator('#search button[type="submit"]').click();
    await page.waitForFunction((before) => document.getElementById('search-status')?.textContent !== before, status);
    expect(englishIn(await readable(page), pieces)).toEqual([]);
    expect(problems).toEqual([]);
    // the badge
    const badge = await (await fetch(`${server.url}/badge.svg`)).text();
    expect(englishIn(badge.replace(/<[^>]+>/g, ' '), pieces)).toEqual([]);
    await js.close();
    await noJs.close();
  });

  it('labels Google’s translations by their language, in the page’s language, and marks an original in another language', async () => {
    const toggles: Record<string, [string, string]> = {
      de: ['Englische Übersetzung anzeigen (von Google)', 'Deutsche Übersetzung anzeigen (von Google)'],
      fr: ['Afficher la traduction en anglais (par Google)', 'Afficher la traduction en français (par Google)'],
      es: ['Ver la traducción al inglés (de Google)', 'Ver la traducción al español (de Google)'],
      it: ['Mostra la traduzione in inglese (di Google)', 'Mostra la traduzione in italiano (di Google)'],
      nl: ['Engelse vertaling tonen (door Google)', 'Nederlandse vertaling tonen (door Google)'],
    };
    const context = await browser.newContext({ viewport: DESKTOP });
    const { page } = await open(context, `${server.url}/`);
    const [local, english] = TRANSLATED as [string, string];
    const card = (id: string) => page.locator(`#review-${id}`);
    expect(await card(local).locator('summary').textContent()).toBe(toggles[language]?.[0]);
    expect(await card(local).locator('.text').getAttribute('lang')).toBeNull();
    expect(await card(local).locator('details div').getAttribute('lang')).toBe('en');
    expect(await card(english).locator('summary').textContent()).toBe(toggles[language]?.[1]);
    // Google translated it into the business's language, so the original is another one: detected
    expect(await card(english).locator('.text').getAttribute('lang')).toBe('en');
    await context.close();
  });

  it('writes dates, numbers and the feeds in the language', async () => {
    const home = await (await fetch(`${server.url}/`)).text();
    const samples: Record<string, RegExp> = {
      de: /640 Bewertungen[\s\S]*\d{1,2}\. (Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember) 20\d\d/,
      fr: /640 avis[\s\S]*\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) 20\d\d/,
      es: /640 opiniones[\s\S]*\d{1,2} de (enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre) de 20\d\d/,
      it: /640 recensioni[\s\S]*\d{1,2} (gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre) 20\d\d/,
      nl: /640 beoordelingen[\s\S]*\d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) 20\d\d/,
    };
    expect(home).toMatch(samples[language] as RegExp);
    expect(home).toContain('4,2');
    const feed = await (await fetch(`${server.url}/api/feed.json`)).json();
    expect(
      englishIn(
        `${feed.title}\n${feed.description}\n${feed.items.map((i: { title: string; content_text: string }) => `${i.title}\n${i.content_text}`).join('\n')}`,
        pieces,
      ),
    ).toEqual([]);
    expect(feed.language).toBe(language);
    const atom = await (await fetch(`${server.url}/feed.xml`)).text();
    expect(atom).toContain(`<title>${LOCAL[language].name}`);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(home)?.[1] ?? '{}');
    const written = ld.review
      .filter((r: { reviewBody?: string }) => r.reviewBody)
      .map((r: { '@id': string; inLanguage: string }) => [r['@id'].split('#review-')[1], r.inLanguage]);
    expect(written.length).toBeGreaterThan(3);
    for (const [id, inLanguage] of written) expect(inLanguage, id).toBe(id === TRANSLATED[1] ? 'en' : language);
  });

  it('looks right at desktop and phone width, without sideways scrolling', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await browser.newContext({ viewport });
      for (const [shot, path] of [
        ['home', '/'],
        ['facet', '/technicians/mike-reyes/'],
      ] as const) {
        const { page } = await open(context, `${server.url}${path}`);
        expect(await overflow(page), `${path} ${name}`).toBe(0);
        await page.screenshot({ path: join(SHOTS, `lang-${language}-${shot}-${name}.png`), fullPage: shot === 'home' && name === 'phone' });
        await page.close();
      }
      await context.close();
    }
  });

  it('has no serious or critical axe-core violation', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    for (const path of ['/', '/reviews/page/1/', '/technicians/mike-reyes/', '/embed/', '/no-such-page/']) {
      const { page } = await open(context, `${server.url}${path}`);
      expect(await axeViolations(page), path).toEqual([]);
      await page.close();
    }
    await context.close();
  });
});

describe('a right-to-left catalogue', () => {
  let server: RunningServer;

  beforeAll(async () => {
    const out = join(tempDir('lang-rtl'), 'dist');
    const run = spawnSync(NODE, [join(ROOT, 'test', 'fixtures', 'i18n', 'build-rtl.ts')], {
      cwd: ROOT,
      env: { ...process.env, CONTENT_DIR: localizedContent('ar'), OUT_DIR: out, SITE_URL: SITE },
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`RTL build failed:\n${run.stdout}\n${run.stderr}`);
    server = await startServer({ OUT_DIR: out });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('sets dir="rtl", mirrors the layout, keeps every page within the screen and passes axe-core', async () => {
    for (const [name, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await browser.newContext({ viewport });
      for (const path of ['/', '/technicians/mike-reyes/', '/reviews/page/2/', '/embed/']) {
        const { page, problems } = await open(context, `${server.url}${path}`);
        expect(await page.getAttribute('html', 'dir')).toBe('rtl');
        expect(await page.getAttribute('html', 'lang')).toBe('ar');
        expect(await overflow(page), `${path} ${name}`).toBe(0);
        // text starts at the right: the main heading's right edge is at the content's right edge
        const edges = await page.evaluate(() => {
          const h1 = document.querySelector('h1') as HTMLElement;
          const range = document.createRange();
          range.selectNodeContents(h1);
          const text = range.getBoundingClientRect();
          const box = h1.getBoundingClientRect();
          return { textRight: text.right, boxRight: box.right, textLeft: text.left, boxLeft: box.left };
        });
        expect(Math.abs(edges.boxRight - edges.textRight), path).toBeLessThan(2);
        if (path === '/' && name === 'desktop') expect(await axeViolations(page)).toEqual([]);
        if (path === '/' || path === '/technicians/mike-reyes/')
          await page.screenshot({ path: join(SHOTS, `lang-rtl-${path === '/' ? 'home' : 'facet'}-${name}.png`), fullPage: false });
        expect(problems).toEqual([]);
        await page.close();
      }
      await context.close();
    }
  });
});

/** A French host page with a strict CSP, embedding a German business's widget twice: in its own language and in French. */
function hostPage(ours: string): Promise<ForeignPage> {
  const csp = strictCsp(ours);
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Plomberie à Strasbourg</title></head><body>
<h1>Nos clients en parlent</h1>
<reviews-widget id="own" layout="list" limit="3"></reviews-widget>
<reviews-widget id="fr" layout="list" limit="3" min-stars="4" lang="fr"></reviews-widget>
<reviews-widget id="nl" layout="badge" lang="nl-BE"></reviews-widget>
<reviews-widget id="unknown" layout="badge" lang="pl"></reviews-widget>
<script src="${ours}/widget.js" defer></script>
</body></html>`;
  return serveForeignPage(html, csp);
}

describe('the widget in two languages on one page of another origin', () => {
  const site = serve('de');
  let server: RunningServer;

  beforeAll(async () => {
    server = await site.start();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('stays within its 10 KB gzipped budget with every catalogue', () => {
    const js = readFileSync(join(site.out, 'site', 'widget.js'));
    expect(gzipSync(js, { level: 9 }).length).toBeLessThan(10 * 1024);
  });

  it('speaks the business’s German by default and French where lang="fr" asks, under a strict CSP', async () => {
    const host = await hostPage(server.url);
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const problems = await watchEmbedding(page);
    await page.goto(host.url);
    await page.waitForFunction(() => ['own', 'fr', 'nl', 'unknown'].every((id) => (document.getElementById(id)?.shadowRoot?.childElementCount ?? 0) > 0));
    const shadow = (id: string) =>
      page.evaluate((i) => {
        const root = document.getElementById(i)?.shadowRoot?.firstElementChild as HTMLElement;
        return { text: root.textContent ?? '', lang: root.lang, label: root.getAttribute('aria-label') ?? '' };
      }, id);
    const own = await shadow('own');
    expect(own.lang).toBe('de');
    expect(own.text).toMatch(/4,2.*640 Bewertungen/s);
    expect(own.text).toContain('Alle Bewertungen lesen');
    expect(own.text).toMatch(/\d{1,2}\. (Jan|Feb|März|Apr|Mai|Juni|Juli|Aug|Sept|Okt|Nov|Dez)\.? 20\d\d/);
    expect(englishIn(own.text, englishPieces(CATALOGUES.de as Catalogue))).toEqual([]);
    const fr = await shadow('fr');
    expect(fr.lang).toBe('fr');
    expect(fr.text).toMatch(/4,2.*640 avis/s);
    expect(fr.text).toContain('Seuls les avis à 4 étoiles ou plus sont affichés');
    expect(fr.label).toBe('Avis sur Brightwater Haustechnik GmbH');
    // the reviews themselves stay German, and say so
    const reviewLangs = await page.evaluate(() =>
      [...(document.getElementById('fr')?.shadowRoot?.querySelectorAll('li .text') ?? [])].map((p) => (p as HTMLElement).lang),
    );
    expect(new Set(reviewLangs.filter(Boolean))).toEqual(new Set(['de']));
    expect(englishIn(fr.text, englishPieces(CATALOGUES.fr as Catalogue))).toEqual([]);
    const nl = await page.evaluate(() => document.getElementById('nl')?.shadowRoot?.querySelector('a')?.getAttribute('aria-label'));
    expect(nl).toBe('Brightwater Haustechnik GmbH: 4,2 van de 5 sterren op basis van 640 beoordelingen');
    // a language without a catalogue: the business's
    expect((await shadow('unknown')).lang).toBe('de');
    await page.screenshot({ path: join(SHOTS, 'lang-widget-two-languages.png'), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
    await new Promise((resolve) => host.server.close(resolve));
  });
});
