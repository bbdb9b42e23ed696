// What a page costs to load before it can render: its HTML and every stylesheet, inline or
// linked, and any script that is not data. Used by test/site and `npm run bench:page`.

export interface PageWeight {
  /** Bytes of HTML, without the CSS inlined in it. */
  html: number;
  /** Bytes of CSS: inline <style> plus linked stylesheets. */
  css: number;
  total: number;
  /** Linked stylesheets (each one a request before first render). */
  stylesheets: string[];
  /** <script> elements that run code (everything but JSON data blocks). */
  scripts: string[];
}

const bytes = (s: string) => Buffer.byteLength(s);
const DATA_SCRIPT = /type\s*=\s*"?application\/(ld\+)?json"?/i;

/** `readAsset` returns the bytes of a same-site path such as /_astro/index.css. */
export function pageWeight(html: string, readAsset: (path: string) => Uint8Array | string): PageWeight {
  const inline = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].reduce((n, m) => n + bytes(m[1] ?? ''), 0);
  const stylesheets = [...html.matchAll(/<link\b[^>]*>/gi)]
    .map((m) => m[0])
    .filter((tag) => /\brel\s*=\s*"?stylesheet"?/i.test(tag))
    .map((tag) => /\bhref\s*=\s*"?([^"\s>]+)"?/i.exec(tag)?.[1] ?? '');
  const linked = stylesheets.reduce((n, href) => n + readAsset(href).length, 0);
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1] ?? '').filter((attrs) => !DATA_SCRIPT.test(attrs));
  const htmlBytes = bytes(html) - inline;
  return { html: htmlBytes, css: inline + linked, total: htmlBytes + inline + linked, stylesheets, scripts };
}
