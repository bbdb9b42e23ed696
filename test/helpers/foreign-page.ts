// A page on another origin (localhost instead of 127.0.0.1) that embeds what we serve, under
// a strict Content-Security-Policy: how the widget, badge and embed meet a business's own site.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForeignPage {
  url: string;
  server: Server;
}

/** A CSP allowing only our origin for scripts, requests and images (and frames when asked). */
export function strictCsp(ours: string, options: { frames?: boolean } = {}): string {
  return (
    `default-src 'none'; script-src ${ours}; connect-src ${ours}; img-src ${ours}; ` +
    `${options.frames ? `frame-src ${ours}; ` : ''}style-src 'self'; base-uri 'none'; form-action ` +
    "'none'"
  );
}

/** Serves `html` at / with `csp`, and the host's own `files` (path → [type, body]); every other path is a 404. */
export function serveForeignPage(html: string, csp: string, files: Record<string, [string, string]> = {}): Promise<ForeignPage> {
  const host = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (file) {
      res.writeHead(200, { 'content-type': file[0] }).end(file[1]);
      return;
    }
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

export { watchEmbedding } from './chromium.ts';
