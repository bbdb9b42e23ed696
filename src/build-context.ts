// What the Astro pages and endpoints share at build time: the content validated once by the
// build (src/build/context-handoff.ts) and the URLs derived from it.
import { type BuildContext, providedBuildContext } from './build/context-handoff.ts';
import type { Dataset } from './core/content/dataset.ts';
import { siteUrls } from './core/http/urls.ts';
import type { Locale } from './core/i18n/locale.ts';

export const buildContext: BuildContext = providedBuildContext();
export const urls = siteUrls(buildContext.siteUrl);

export function getDataset(): Dataset {
  return buildContext.dataset;
}

/** The interface language of the pages (business.json `language`, or English with a build warning). */
export function getLocale(): Locale {
  return buildContext.locale;
}
