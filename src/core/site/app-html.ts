// The MCP App's one HTML document (/mcp-app/, read by MCP as ui://reviews/app.html): the
// script and stylesheet the build bundled from src/mcp-app/, with the build's business, words
// and links as data beside them.
import type { AppData } from './app-data.ts';

/** The app's script and stylesheet, each ready to go inline. */
export interface AppBundle {
  js: string;
  css: string;
}

/**
 * The pages follow the reader's setting for dark mode; the app follows the host's theme
 * (hostContext.theme, set on <html data-theme>), and the reader's setting only when the host
 * names none. The dark palette is the pages' own (src/core/site/palette.ts), moved under those selectors.
 */
export function themedCss(siteCss: string): string {
  const dark = /@media \(prefers-color-scheme: dark\) \{\s*:root \{([^}]*)\}\s*\}/.exec(siteCss);
  // a brand that pins one scheme has no dark palette: the app keeps the brand's scheme
  if (!dark) return siteCss;
  const vars = (dark[1] as string).trim();
  return siteCss.replace(
    dark[0],
    `:root[data-theme="dark"] { color-scheme: dark; ${vars} }\n:root[data-theme="light"] { color-scheme: ` +
      `light; }\n@media (prefers-color-scheme: dark) { :root:not([data-theme="light"]) { ${vars} } }`,
  );
}

/** The script and stylesheet with nothing in them that would end their element early. */
export function inlineBundle(js: string, css: string): AppBundle {
  return { js: js.replace(/<\/(script)/gi, '<\\/$1'), css: css.replace(/<\/(style)/gi, '<\\/$1') };
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The document. It is a public file of the build too, so it asks search engines not to index
 * it: opened on its own, outside a host, it draws nothing.
 */
export function appHtml({ js, css }: AppBundle, data: AppData): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return [
    `<!doctype html>\n<html lang="${escapeHtml(data.catalogue ?? 'en')}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(data.name)}</title><style>${css}</style></head>`,
    `<body><main id="app"></main><script type="application/json" id="app-data">${json}</script><script>${js}</script></body>\n</html>\n`,
  ].join('\n');
}
