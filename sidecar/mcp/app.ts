// The MCP App resource (SEP-1865, stable 2026-01-26): one ui:// HTML document that hosts draw
// the results of get_business, search_reviews and get_reviews_since with (and that draws a
// whole review it asks get_review for). Both eras list and read it, and serve the same bytes.
import { CATALOGUES } from '../../src/core/i18n/catalogues.ts';
import { appData } from '../../src/core/site/app-data.ts';
import { appBundle } from '../../src/mcp-app/bundle.ts';
import { businessOf, sourcesOf } from '../site/search-index.ts';
import { perBuild, type SiteSnapshot } from '../site/snapshot.ts';
import { APP_MIME, APP_URI } from './protocol.ts';

/**
 * Resource-level _meta: no csp, so hosts apply the default (no network; the app needs none);
 * a border and background from the host, as the business's page draws its cards.
 */
const RESOURCE_UI_META = { ui: { prefersBorder: true } };

export const APP_RESOURCE = {
  uri: APP_URI,
  name: 'reviews-app',
  title: 'Reviews card',
  description: 'The MCP App that draws get_business, search_reviews and get_reviews_since results as the reviews page shows them.',
  mimeType: APP_MIME,
  _meta: RESOURCE_UI_META,
};

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const APP_HTML = perBuild('MCP App HTML', (s): string => {
  const { js, css } = appBundle();
  const data = appData(businessOf(s), s.urls.home, sourcesOf(s), CATALOGUES);
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return [
    `<!doctype html>\n<html lang="${escapeHtml(data.catalogue ?? 'en')}">`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(data.name)}</title><style>${css}</style></head>`,
    `<body><main id="app"></main><script type="application/json" id="app-data">${json}</script><script>${js}</script></body>\n</html>\n`,
  ].join('\n');
});

/** The app's HTML for this build: the same bundle, with the build's business, words and links. */
export function appHtml(snapshot: SiteSnapshot): string {
  return snapshot.derive(APP_HTML);
}

export function readApp(snapshot: SiteSnapshot) {
  return { contents: [{ uri: APP_URI, mimeType: APP_MIME, text: appHtml(snapshot), _meta: RESOURCE_UI_META }] };
}
