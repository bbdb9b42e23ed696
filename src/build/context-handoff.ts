import type { Dataset } from '../core/content/dataset.ts';
import type { Catalogue } from '../core/i18n/catalogue.ts';
import type { Locale } from '../core/i18n/locale.ts';

/**
 * What the build hands the Astro pages in-process (Astro pre-renders in the build's own
 * process): the content it has validated once, so no page reads the content folder again.
 */
export interface BuildContext {
  siteUrl: string;
  dataset: Dataset;
  /** The since dates to pre-render, newest first, within the size budget. */
  sinceDates: string[];
  /** The interface language of every page for people, from business.json `language`. */
  locale: Locale;
  /** Every catalogue, for the widget, which a host page may set to another language. */
  catalogues: Readonly<Record<string, Catalogue>>;
}

const KEY = Symbol.for('reviews-service/build-context');
type Holder = { [KEY]?: BuildContext | undefined };

export function provideBuildContext(context: BuildContext | undefined): void {
  (globalThis as Holder)[KEY] = context;
}

export function providedBuildContext(): BuildContext {
  const context = (globalThis as Holder)[KEY];
  if (!context) throw new Error('The site is built by `npm run build` (src/build/build-site.ts), which provides the validated content');
  return context;
}
