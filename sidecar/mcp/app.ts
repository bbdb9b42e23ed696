// The MCP App resource (SEP-1865, stable 2026-01-26): one ui:// HTML document that hosts draw
// the results of get_business, search_reviews and get_reviews_since with (and that draws a
// whole review it asks get_review for). The build writes it as a built file, with the build's
// business, words and links in it; both eras list it and read its bytes.

import { utf8Text } from '../../src/core/bytes/utf8.ts';
import { SURFACE } from '../../src/core/http/surface.ts';
import type { SiteSnapshot } from '../site/snapshot.ts';
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

/** The app as this build wrote it, or undefined when the build has none. */
export function readApp(snapshot: SiteSnapshot) {
  const bytes = snapshot.bytes(SURFACE.mcpApp.path);
  return bytes && { contents: [{ uri: APP_URI, mimeType: APP_MIME, text: utf8Text(bytes), _meta: RESOURCE_UI_META }] };
}
