// What the Astro pages and endpoints share: the context the build prepared (content validated
// once, insights analysed once), which reaches them as a module of the build's own Vite graph
// (src/build/context-module.ts), and what follows from it: the URLs and the pages' language.
import context from 'virtual:reviews-service/build-context';
import type { BuildContext } from './build/context-module.ts';
import type { Dataset } from './core/content/dataset.ts';
import type { BrandAssets } from './core/site/brand.ts';
import { type CardData, cardData, siteCard } from './core/site/cards.ts';
import type { Facet } from './core/site/facets.ts';
import { adoptInsights } from './core/documents/documents.ts';
import { siteUrls } from './core/http/urls.ts';
import { businessLocale, type Locale } from './core/i18n/locale.ts';

export const buildContext: BuildContext = context;
export const urls = siteUrls(buildContext.siteUrl);
// The build has warned already when the business's language has no catalogue.
const locale = businessLocale(buildContext.dataset.business, buildContext.catalogues).locale;
adoptInsights(buildContext.dataset, buildContext.insights);

export function getDataset(): Dataset {
  return buildContext.dataset;
}

/** Where the brand's logo, favicon, font and theme.css are served. */
export function getBrandAssets(): BrandAssets {
  return buildContext.brand;
}

/** The preview card of the home page, of a facet's own page, or (`'site'`) of every other page; src/build/build-site.ts draws the same list. */
export function cardFor(subject?: Facet | 'site'): CardData {
  return subject === 'site' ? siteCard(buildContext.dataset, locale, buildContext.brand) : cardData(buildContext.dataset, locale, buildContext.brand, subject);
}

/** The interface language of the pages (business.json `language`, or English with a build warning). */
export function getLocale(): Locale {
  return locale;
}
