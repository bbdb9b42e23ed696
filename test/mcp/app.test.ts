// The MCP App in a real host: Chromium, the official AppBridge in the host page, the app's HTML
// from resources/read in a sandboxed iframe of another origin under the default CSP, real tool
// results from the real server in both eras (a v1 client in a 2025 session, the v2 client
// pinned to 2026-07-28), and the app's own tools/call (the next page, a whole review) answered
// through them. A German business's app speaks German.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client as ClientV2, StreamableHTTPClientTransport as TransportV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppHost, openAppHost } from '../helpers/app-host.ts';
import { axeViolations } from '../helpers/axe.ts';
import { launchChromium } from '../helpers/chromium.ts';
import { ROOT } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { localizedContent } from '../helpers/site/localized.ts';
import { type McpTestServer, MODERN, SITE_URL, startMcpServer } from '../helpers/mcp.ts';

const APP_URI = 'ui://reviews/app.html';
const SHOTS = join(ROOT, 'test-output', 'mcp');

interface Caller {
  getServerCapabilities(): Record<string, unknown> | undefined;
  listTools(): Promise<{ tools: { name: string; _meta?: Record<string, unknown> }[] }>;
  listResources(): Promise<{ resources: { uri: string; mimeType?: string }[] }>;
  readResource(p: { uri: string }): Promise<{ contents: { uri: string; mimeType?: string; text?: string; _meta?: Record<string, unknown> }[] }>;
  callTool(p: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  close(): Promise<void>;
}

async function connectEra(url: string, era: '2025' | '2026'): Promise<Caller> {
  if (era === '2025') {
    const client = new Client(
      { name: 'app-host-2025', version: '1' },
      { capabilities: { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } } as never },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    return client as unknown as Caller;
  }
  const client = new ClientV2({ name: 'app-host-2026', version: '1' }, { versionNegotiation: { mode: { pin: MODERN } } });
  await client.connect(new TransportV2(new URL(url)));
  expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
  return client as unknown as Caller;
}

let browser: Browser;
let mcp: McpTestServer;
const html = new Map<string, string>();

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  [browser, mcp] = await Promise.all([launchChromium(), startMcpServer()]);
});

afterAll(async () => {
  await browser?.close();
  await mcp?.server.stop();
});

/** The texts of the cards the app shows. */
const cardsOf = (host: AppHost) =>
  host.frame().$$eval('article.review', (articles) =>
    articles.map((a) => ({
      id: a.id,
      heading: a.querySelector('h3')?.textContent ?? '',
      stars: a.querySelector('.stars')?.getAttribute('aria-label') ?? '',
      date: a.querySelector('time')?.getAttribute('datetime') ?? '',
      text: a.querySelector('.text')?.textContent ?? '',
      lang: a.querySelector('.text')?.getAttribute('lang') ?? null,
      response: a.querySelector('.response')?.textContent ?? null,
      about: [...a.querySelectorAll('.about a')].map((l) => l.textContent),
      evidence: a.querySelector('.evidence')?.textContent ?? null,
    })),
  );

describe.each(['2025', '2026'] as const)('the app in a host, %s era', (era) => {
  let caller: Caller;
  let host: AppHost;
  beforeAll(async () => {
    caller = await connectEra(mcp.mcpUrl, era);
    host = await openAppHost(browser, ROOT, (params) => caller.callTool(params));
  });
  afterAll(async () => {
    await host?.close();
    await caller?.close();
  });

  it('declares the extension, and links get_business and search_reviews to one ui:// resource, listed and read as text/html;profile=mcp-app', async () => {
    // initialize (2025) or server/discover (2026-07-28)
    expect(caller.getServerCapabilities()).toMatchObject({ extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } });
    const { tools } = await caller.listTools();
    const linked = tools.filter((t) => (t._meta?.ui as { resourceUri?: string } | undefined)?.resourceUri === APP_URI).map((t) => t.name);
    expect(linked).toEqual(expect.arrayContaining(['get_business', 'search_reviews']));
    const { resources } = await caller.listResources();
    expect(resources.find((r) => r.uri === APP_URI)).toMatchObject({ mimeType: 'text/html;profile=mcp-app' });
    const { contents } = await caller.readResource({ uri: APP_URI });
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ uri: APP_URI, mimeType: 'text/html;profile=mcp-app', _meta: { ui: { prefersBorder: true } } });
    const text = contents[0]?.text as string;
    expect(text).toMatch(/^<!doctype html>\n<html lang="en">[\s\S]*<\/html>\n$/);
    // the default CSP: no URL to fetch anything from
    expect(text).not.toMatch(/<(script|link|img)[^>]+(src|href)=/i);
    html.set(era, text);
    if (html.size === 2) expect(html.get('2025')).toBe(html.get('2026'));
  });

  it('draws get_business as the business card: name, rating, stars, count with a link, histogram', async () => {
    const started = Date.now();
    await host.mount(html.get(era) as string, { theme: era === '2025' ? 'dark' : 'light', locale: 'en-US', displayMode: 'inline' });
    const result = (await caller.callTool({ name: 'get_business', arguments: {} })) as {
      structuredContent: { business: { name: string }; aggregate_rating: { rating_value: number; review_count: number; distribution: Record<string, number> } };
    };
    await host.deliver({}, result);
    const frame = host.frame();
    await frame.waitForSelector('#business');
    const rendered = Date.now() - started;
    const { business, aggregate_rating: rating } = result.structuredContent;
    expect(await frame.textContent('#business')).toBe(business.name);
    expect(await frame.textContent('.rating-big .value')).toBe(rating.rating_value.toFixed(1));
    expect(await frame.getAttribute('.rating-big .stars', 'aria-label')).toBe(`${rating.rating_value.toFixed(1)} out of 5 stars`);
    const rows = await frame.$$eval('.histogram li .sr-only', (els) => els.map((e) => e.textContent));
    expect(rows).toEqual(
      [5, 4, 3, 2, 1].map(
        (n) =>
          `${n} star${n === 1 ? '' : 's'}: ${rating.distribution[String(n)]?.toLocaleString('en-US')} review${rating.distribution[String(n)] === 1 ? '' : 's'}`,
      ),
    );
    expect(await frame.textContent('section p a')).toBe(`${rating.review_count.toLocaleString('en-US')} reviews`);
    expect(await frame.getAttribute('section p a', 'href')).toBe(`${SITE_URL}/`);
    expect(await frame.getAttribute('html', 'data-theme')).toBe(era === '2025' ? 'dark' : 'light');
    // links go through the host (ui/open-link)
    await frame.click('section p a');
    await expect.poll(async () => (await host.state()).links).toEqual([`${SITE_URL}/`]);
    const { sizes } = await host.state();
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.at(-1)?.height).toBeGreaterThan(200);
    expect(await axeViolations(frame)).toEqual([]);
    console.log(`${era}: get_business drawn ${rendered} ms after mounting (resources/read HTML, tools/call, first render)`);
    await host.settle();
    await host.page.locator('iframe').screenshot({ path: join(SHOTS, `app-business-${era}.png`) });
  });

  it('draws search_reviews as the page shows reviews, pages on with tools/call, and reports its size', async () => {
    const reviewHost = await openAppHost(browser, ROOT, (params) => caller.callTool(params));
    try {
      await reviewHost.mount(html.get(era) as string, { theme: 'light', locale: 'en-US' });
      const args = { min_rating: 4, limit: 5 };
      const result = (await caller.callTool({ name: 'search_reviews', arguments: args })) as {
        structuredContent: {
          total: number;
          next_offset: number;
          reviews: {
            id: string;
            date: string;
            rating: number;
            response?: { text: string };
            technicians: string[];
            evidence?: { kind: 'job' | 'platform' | 'owner'; platform?: string };
          }[];
        };
      };
      await reviewHost.deliver(args, result);
      const frame = reviewHost.frame();
      await frame.waitForSelector('article.review');
      const first = await cardsOf(reviewHost);
      const page1 = result.structuredContent.reviews;
      expect(first.map((c) => c.id)).toEqual(page1.map((r) => `review-${r.id}`));
      expect(first.map((c) => c.date)).toEqual(page1.map((r) => r.date));
      expect(first.map((c) => c.stars)).toEqual(page1.map((r) => `${r.rating} out of 5 stars`));
      expect(first.map((c) => c.response !== null)).toEqual(page1.map((r) => r.response !== undefined));
      expect(first.map((c) => c.about.slice(0, r(page1, c.id).technicians.length))).toEqual(page1.map((r) => r.technicians));
      // the mark a review with evidence carries, as on the page; none without
      const marks = { job: '✓ verified customer: matched to a job', owner: '✓ marked verified by the business' };
      expect(page1.some((x) => x.evidence)).toBe(true);
      expect(first.map((c) => c.evidence)).toEqual(
        page1.map((x) =>
          x.evidence
            ? x.evidence.kind === 'platform'
              ? `✓ verified by ${(x.evidence.platform ?? '').charAt(0).toUpperCase()}${(x.evidence.platform ?? '').slice(1)}`
              : marks[x.evidence.kind]
            : null,
        ),
      );
      expect(await frame.textContent('[role=status]')).toBe(
        `${result.structuredContent.total.toLocaleString('en-US')} reviews match, newest first; showing 5.`,
      );
      const before = (await reviewHost.state()).sizes.at(-1)?.height ?? 0;
      await reviewHost.settle();
      const box = await reviewHost.page.locator('iframe').boundingBox();
      if (box) await reviewHost.page.screenshot({ path: join(SHOTS, `app-reviews-${era}.png`), clip: { ...box, height: Math.min(box.height, 560) } });

      // the next page: the same call with offset = next_offset, added below, focus on its first review
      await frame.getByRole('button', { name: 'Show more reviews' }).press('Enter');
      await frame.waitForFunction(() => document.querySelectorAll('article.review').length === 10);
      const { calls } = await reviewHost.state();
      expect(calls).toEqual([{ name: 'search_reviews', arguments: { ...args, offset: result.structuredContent.next_offset } }]);
      const next = (await caller.callTool({ name: 'search_reviews', arguments: { ...args, offset: 5 } })) as {
        structuredContent: { reviews: { id: string }[] };
      };
      expect((await cardsOf(reviewHost)).map((c) => c.id)).toEqual([...page1, ...next.structuredContent.reviews].map((r) => `review-${r.id}`));
      expect(await frame.evaluate(() => document.activeElement?.closest('article')?.id)).toBe(`review-${next.structuredContent.reviews[0]?.id}`);
      await expect.poll(async () => (await reviewHost.state()).sizes.at(-1)?.height ?? 0).toBeGreaterThan(before);
      // and the page after that, from where the second page ended
      await frame.getByRole('button', { name: 'Show more reviews' }).click();
      await frame.waitForFunction(() => document.querySelectorAll('article.review').length === 15);
      expect((await reviewHost.state()).calls.map((c) => c.arguments?.offset)).toEqual([5, 10]);
      expect(await frame.textContent('[role=status]')).toMatch(/; showing 15\.$/);
      expect(await axeViolations(frame)).toEqual([]);
      expect(reviewHost.problems).toEqual([]);
    } finally {
      await reviewHost.close();
    }
  });

  it('draws a list asked for with fields as whole cards: it asks for the same page without fields', async () => {
    const fieldsHost = await openAppHost(browser, ROOT, (params) => caller.callTool(params));
    try {
      await fieldsHost.mount(html.get(era) as string, { theme: 'light', locale: 'en-US' });
      const args = { limit: 3, fields: ['text'] };
      await fieldsHost.deliver(args, await caller.callTool({ name: 'search_reviews', arguments: args }));
      const frame = fieldsHost.frame();
      await frame.waitForSelector('article.review time');
      expect((await fieldsHost.state()).calls).toEqual([{ name: 'search_reviews', arguments: { limit: 3 } }]);
      expect(await frame.$$eval('article.review .stars', (s) => s.length)).toBe(3);
      expect(fieldsHost.problems).toEqual([]);
    } finally {
      await fieldsHost.close();
    }
  });

  it('follows the host theme as it changes, with no CSP violation and no script error', async () => {
    const frame = host.frame();
    const surface = () => frame.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--surface').trim());
    const theme = era === '2025' ? 'light' : 'dark';
    await host.page.evaluate(
      (t) => (window as unknown as { host: { bridge: { sendHostContextChange(p: unknown): void } } }).host.bridge.sendHostContextChange({ theme: t }),
      theme,
    );
    await expect.poll(() => frame.getAttribute('html', 'data-theme')).toBe(theme);
    expect(await surface()).toBe(theme === 'dark' ? '#1b1c1f' : '#fff');
    expect(host.problems).toEqual([]);
  });
});

function r<T extends { id: string }>(list: T[], cardId: string): T {
  return list.find((x) => `review-${x.id}` === cardId) as T;
}

describe('a German business', () => {
  let server: McpTestServer;
  let host: AppHost;
  let client: Caller;
  beforeAll(async () => {
    server = await startMcpServer({}, await sharedBuild(localizedContent('de'), SITE_URL));
    client = await connectEra(server.mcpUrl, '2026');
    host = await openAppHost(browser, ROOT, (params) => client.callTool(params));
  });
  afterAll(async () => {
    await host?.close();
    await client?.close();
    await server?.server.stop();
  });

  it('speaks German in its app, whatever the host locale', async () => {
    const { contents } = await client.readResource({ uri: APP_URI });
    await host.mount(contents[0]?.text as string, { theme: 'light', locale: 'en-US' });
    const result = (await client.callTool({ name: 'search_reviews', arguments: { limit: 3 } })) as { structuredContent: { total: number } };
    await host.deliver({ limit: 3 }, result);
    const frame = host.frame();
    await frame.waitForSelector('article.review');
    expect(await frame.getAttribute('html', 'lang')).toBe('de');
    expect(await frame.textContent('[role=status]')).toBe(
      `${result.structuredContent.total.toLocaleString('de-DE')} Bewertungen gefunden, neueste zuerst; 3 angezeigt.`,
    );
    expect(await frame.getByRole('button').first().textContent()).toBe('Weitere Bewertungen anzeigen');
    expect(await frame.getAttribute('.stars', 'aria-label')).toMatch(/^\d von 5 Sternen$/);
    expect(await axeViolations(frame)).toEqual([]);
    expect(host.problems).toEqual([]);
  });
});
