// The words of <reviews-widget>, baked into /widget.js at build time: every catalogue's
// widget messages (a host page may ask for any language with lang="…"), and the business's
// language as the default. All of them gzip to a few kilobytes, well inside the widget's
// 10 KB budget, so the widget needs no second request for its catalogue.
import type { Catalogue, MessageKey } from '../i18n/catalogue.ts';
import type { Locale } from '../i18n/locale.ts';
import { WIDGET_BRAND_PLACEHOLDER, type WidgetBrand } from './widget-brand.ts';

const SHARED: MessageKey[] = [
  'count.reviews',
  'rating.outOf5',
  'review.ratedOnly',
  'noReviews',
  'review.evidence.job',
  'review.evidence.platform',
  'review.evidence.owner',
];

export interface WidgetWords {
  /** The business's catalogue, the widget's language without a lang attribute. */
  language: string;
  /** Its Intl locale (with the business's country). */
  tag: string;
  catalogues: Record<string, { dir?: 'rtl'; firstDay?: string; messages: Record<string, unknown> }>;
}

export function widgetWords(locale: Locale, catalogues: Readonly<Record<string, Catalogue>>): WidgetWords {
  const pick = (c: Catalogue) => Object.fromEntries(Object.entries(c.messages).filter(([k]) => k.startsWith('widget.') || SHARED.includes(k as MessageKey)));
  return {
    language: locale.language,
    tag: locale.tag,
    catalogues: Object.fromEntries(
      Object.values(catalogues).map((c) => [
        c.language,
        { ...(c.dir ? { dir: c.dir } : {}), ...(c.firstDay ? { firstDay: c.firstDay } : {}), messages: pick(c) },
      ]),
    ),
  };
}

/** Where the widget's source takes its words (src/widget/reviews-widget.ts). */
export const WIDGET_WORDS_PLACEHOLDER = '/* build: widget words */ null';

export function widgetScript(source: string, words: WidgetWords, brand: WidgetBrand): string {
  if (!source.includes(WIDGET_WORDS_PLACEHOLDER)) throw new Error('widget source has no words placeholder');
  if (!source.includes(WIDGET_BRAND_PLACEHOLDER)) throw new Error('widget source has no brand placeholder');
  const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
  const filled = source.replace(WIDGET_WORDS_PLACEHOLDER, () => json(words)).replace(WIDGET_BRAND_PLACEHOLDER, () => json(brand));
  // A classic script's top-level const and class share the page's global scope: a page that
  // includes the script twice (two pasted snippets) would throw on the second copy.
  return `(() => {\n${filled}\n})();\n`;
}
