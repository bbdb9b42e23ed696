// Where facet pages live and how sources are named: what the MCP App (src/core/site/app-data.ts)
// needs of the facets, apart from the facet pages' data (./facets.ts), which the build computes.
import { ENGLISH, type Locale } from '../i18n/locale.ts';

export const FACET_KINDS = ['technician', 'service', 'area', 'stars'] as const;
export type FacetKind = (typeof FACET_KINDS)[number];

/** URL folder of each kind: /technicians/<slug>/, /services/<id>/, /areas/<slug>/, /reviews/stars/<n>/. */
export const FACET_BASE: Record<FacetKind, string> = {
  technician: '/technicians/',
  service: '/services/',
  area: '/areas/',
  stars: '/reviews/stars/',
};

export const facetPath = (kind: FacetKind, slug: string) => `${FACET_BASE[kind]}${slug}/`;
export const facetPagePath = (kind: FacetKind, slug: string, page: number) => `${facetPath(kind, slug)}page/${page}/`;

const SOURCES: Record<string, string> = {
  google: 'Google',
  yelp: 'Yelp',
  nextdoor: 'Nextdoor',
  facebook: 'Facebook',
  angi: 'Angi',
  bbb: 'BBB',
  houzz: 'Houzz',
  thumbtack: 'Thumbtack',
  trustpilot: 'Trustpilot',
};

/** "google" → "Google", for "on Google"; our own website in the page's language. */
export const sourceName = (source: string, locale: Locale = ENGLISH) =>
  source.toLowerCase() === 'website' ? locale.t('source.website') : (SOURCES[source.toLowerCase()] ?? source.charAt(0).toUpperCase() + source.slice(1));
