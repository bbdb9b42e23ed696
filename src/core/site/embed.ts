// The copy-paste snippets for showing the reviews on another website (the API page shows
// them, the browser test runs them on a page of another origin).

import { BADGE_PATH, EMBED_PATH, type SiteUrls, WIDGET_PATH } from '../http/urls.ts';
import { CATALOGUES } from '../i18n/catalogues.ts';
import type { Business } from '../schemas/business.ts';
export const EMBED_REVIEWS = 10;

export interface EmbedSnippet {
  id: string;
  title: string;
  description: string;
  code: string;
}

const attrEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function embedSnippets(urls: SiteUrls, business: Pick<Business, 'name' | 'technicians'>): EmbedSnippet[] {
  const businessName = attrEscape(business.name);
  const technician = business.technicians[0];
  const script = `<script src="${urls.base}${WIDGET_PATH}" defer></script>`;
  return [
    {
      id: 'widget-list',
      title: 'Widget: rating and newest reviews',
      description:
        'A <reviews-widget> element: layout="list", "carousel" or "badge"; limit (1-20, default 5); ' +
        'technician (a name) or service (a service id) for one person or service; min-stars (1-5) shows ' +
        'only reviews with at least that many stars, and the widget then says how many it leaves out; lang ' +
        `(${Object.keys(CATALOGUES).join(', ')}) sets its language, which is otherwise the business’s.`,
      code: `${script}\n<reviews-widget layout="list" limit="5"></reviews-widget>`,
    },
    ...(technician
      ? [
          {
            id: 'widget-carousel',
            title: `Widget: a carousel of ${technician.name}’s five-star reviews`,
            description: 'The same element in another layout, with a filter the widget states in its own text.',
            code: `${script}\n<reviews-widget layout="carousel" limit="10" min-stars="5" technician="${attrEscape(technician.name)}"></reviews-widget>`,
          },
        ]
      : []),
    {
      id: 'badge',
      title: 'Static badge',
      description: 'An SVG image with the rating and the count, like a shields.io badge; no script at all.',
      code: `<a href="${urls.home}"><img src="${urls.base}${BADGE_PATH}" alt="${businessName}: customer reviews"></a>`,
    },
    {
      id: 'iframe',
      title: 'Embedded page',
      description: `The rating, the histogram and the ${EMBED_REVIEWS} newest reviews in an <iframe>; links open on this site in a new tab.`,
      code: `<iframe src="${urls.base}${EMBED_PATH}" title="${businessName}: customer reviews" width="100%" height="600" loading="lazy"></iframe>`,
    },
  ];
}

/** What a host page with a strict Content-Security-Policy must allow for the widget. */
export const widgetCsp = (urls: SiteUrls) => `script-src ${urls.base}; connect-src ${urls.base}`;
