// npm run docs:screenshots: the pictures in README.md and docs/, taken in Chromium from a real
// build of the sample business served by the real server: the home page (light and dark, in the
// sample's brand) and its preview card, a technician's page, the embed page,
// the widget and badge on another site, and the MCP App drawn by the official host bridge.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Browser } from 'playwright-core';
import { openAppHost } from '../../test/helpers/app-host.ts';
import { launchChromium, watchEmbedding } from '../../test/helpers/chromium.ts';
import { buildOrThrow, ROOT, startListening, tempDir } from '../../scripts/run/processes.ts';

const OUT = join(ROOT, 'docs', 'images');
const DESKTOP = { width: 1280, height: 800 };

async function shoot(
  browser: Browser,
  url: string,
  file: string,
  prepare?: (page: import('playwright-core').Page) => Promise<void>,
  colorScheme: 'light' | 'dark' = 'light',
) {
  const context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1, colorScheme });
  const page = await context.newPage();
  const problems = await watchEmbedding(page);
  await page.goto(url, { waitUntil: 'networkidle' });
  await prepare?.(page);
  await page.screenshot({ path: join(OUT, file) });
  await context.close();
  if (problems.length) throw new Error(`${file}: ${problems.join('; ')}`);
  console.log(`docs/images/${file}`);
}

/** A client's own page on another origin, showing the widget, the badge and the image badge. */
function foreignPage(ours: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A client's own site</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:880px;margin:32px auto;padding:0 16px;color:#1f2933}</style></head><body>
<h1>What our customers say</h1>
<reviews-widget layout="badge"></reviews-widget>
<reviews-widget layout="list" limit="3"></reviews-widget>
<p><img id="badge" src="${ours}/badge.svg" alt="Our reviews"></p>
<script src="${ours}/widget.js" defer></script>
</body></html>`;
}

const out = join(tempDir('screenshots'), 'dist');
buildOrThrow({ CONTENT_DIR: join(ROOT, 'content'), OUT_DIR: out, SITE_URL: 'https://reviews.example' });
const server = await startListening([join(ROOT, 'sidecar', 'runtime', 'node', 'main.ts')], { OUT_DIR: out, HUB_DB: join(tempDir('hub'), 'hub.sqlite') });
let browser: Browser | undefined;
mkdirSync(OUT, { recursive: true });
try {
  browser = await launchChromium();
  await shoot(browser, `${server.url}/`, 'home.png');
  // the sample's brand (content/business.json) in the reader's dark scheme, and the home page's preview card as built
  await shoot(browser, `${server.url}/`, 'home-dark.png', undefined, 'dark');
  const home = await (await fetch(`${server.url}/`)).text();
  const card = /<meta property="og:image" content="([^"]+)"/.exec(home)?.[1];
  if (!card) throw new Error('the home page names no og:image');
  writeFileSync(join(OUT, 'card.png'), Buffer.from(await (await fetch(`${server.url}${new URL(card).pathname}`)).arrayBuffer()));
  console.log('docs/images/card.png');
  const ratings = (await (await fetch(`${server.url}/api/ratings.json`)).json()) as { technicians: { url: string }[] };
  const technician = new URL(ratings.technicians[0]?.url ?? '/', server.url).pathname;
  await shoot(browser, `${server.url}${technician}`, 'facet.png');
  await shoot(browser, `${server.url}/embed/`, 'embed.png');

  const { createServer } = await import('node:http');
  const host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(foreignPage(server.url)));
  const port = await new Promise<number>((resolve) => host.listen(0, '127.0.0.1', () => resolve((host.address() as { port: number }).port)));
  try {
    await shoot(browser, `http://localhost:${port}/`, 'widget.png', async (page) => {
      await page.waitForFunction(() => [...document.querySelectorAll('reviews-widget')].every((w) => (w.shadowRoot?.childElementCount ?? 0) > 0));
      await page.locator('#badge').screenshot({ path: join(OUT, 'badge.png') });
      console.log('docs/images/badge.png');
    });
  } finally {
    await new Promise((resolve) => host.close(resolve));
  }

  const client = new Client({ name: 'docs-screenshots', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`)));
  const read = await client.readResource({ uri: 'ui://reviews/app.html' });
  const html = (read.contents[0] as { text: string }).text;
  for (const [tool, args, file] of [
    ['get_business', {}, 'mcp-app-business.png'],
    ['search_reviews', { limit: 3 }, 'mcp-app-reviews.png'],
  ] as const) {
    const app = await openAppHost(browser, ROOT, (params) => client.callTool(params));
    try {
      await app.mount(html, { theme: 'light', locale: 'en-US', displayMode: 'inline' });
      await app.deliver(args, await client.callTool({ name: tool, arguments: args }));
      await app.frame().waitForSelector(tool === 'get_business' ? '#business' : 'article.review');
      await app.settle();
      const box = await app.page.locator('iframe').boundingBox();
      await app.page.screenshot({ path: join(OUT, file), ...(box && { clip: { ...box, height: Math.min(box.height, 640) } }) });
      if (app.problems.length) throw new Error(`${file}: ${app.problems.join('; ')}`);
      console.log(`docs/images/${file}`);
    } finally {
      await app.close();
    }
  }
  await client.close();
} finally {
  await browser?.close();
  await server.stop();
}
