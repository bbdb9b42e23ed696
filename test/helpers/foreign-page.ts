// A page on another origin (localhost instead of 127.0.0.1) that embeds what we serve, under
// a strict Content-Security-Policy: how the widget, badge and embed meet a business's own site.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';

export interface ForeignPage {
  url: string;
  server: Server;
}

/** A CSP allowing only our origin for scripts, requests and images (and frames when asked). */
export function strictCsp(ours: string, options: { frames?: boolean } = {}): string {
  return `default-src 'none'; script-src ${ours}; connect-src ${ours}; img-src ${ours}; ${options.frames ? `frame-src ${ours}; ` : ''}style-src 'self'; base-uri 'none'; form-action 'none'`;
}

/** Serves `html` at / with `csp`; every other path is a 404. */
export function serveForeignPage(html: string, csp: string): Promise<ForeignPage> {
  const host = createServer((req, res) => {
    if (req.url !== '/') {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': csp }).end(html);
  });
  return new Promise((resolve) =>
    host.listen(0, '127.0.0.1', () => resolve({ url: `http://localhost:${(host.address() as AddressInfo).port}/`, server: host })),
  );
}

/**
 * What a widget on a foreign page must not cause: page errors, console errors and warnings,
 * and CSP violations (reported to the console by a script added before the page's own).
 */
export async function watchEmbedding(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`));
  });
  return problems;
}
