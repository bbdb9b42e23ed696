// What the MCP App (src/mcp-app/) is given with its HTML, once per build: the words of the
// catalogues it may speak, the business's language and the links a review card makes. The
// reviews themselves reach it only through tool results.
import type { Catalogue, Plural } from '../i18n/catalogue.ts';
import { businessLocale, intlTag, type Locale, makeLocale } from '../i18n/locale.ts';
import type { Business } from '../schemas/business.ts';
import { clientWords } from './client-words.ts';
import { facetPath, sourceName } from './facet-paths.ts';
import { assignSlugs } from './slug.ts';
import type { ClientWords } from './translation-label.ts';

/** The catalogue messages the app shows besides the search results' (ClientWords). */
export const APP_TEXT_KEYS = ['app.whole', 'app.failed', 'histogram.label', 'noReviews', 'widget.all', 'punct.colon'] as const;
export const APP_PLURAL_KEYS = ['count.reviews', 'count.stars'] as const;

export interface AppWords extends ClientWords {
  app: Record<(typeof APP_TEXT_KEYS)[number], string>;
  plurals: Record<(typeof APP_PLURAL_KEYS)[number], Plural>;
  /** source id → "Google", "our website" */
  sources: [string, string][];
}

export interface AppData {
  name: string;
  /** The business's home page, where every review is. */
  home: string;
  /** business.json `language`. */
  language: string;
  /** The catalogue the business's language has, or null: then the app speaks the host's locale where it can. */
  catalogue: string | null;
  /** The words of the business's catalogue, or of every catalogue when it has none. */
  words: Record<string, AppWords>;
  technicians: [string, string][];
  /** id, name, URL */
  services: [string, string, string][];
  areas: [string, string][];
  /** The brand's logo as a data: URI (an app loads nothing from the network), when it is small enough to carry. */
  logo?: string;
}

function appWords(locale: Locale, business: Business, sources: readonly string[]): AppWords {
  const messages = locale.catalogue.messages;
  return {
    ...clientWords(locale, business.language),
    app: Object.fromEntries(APP_TEXT_KEYS.map((k) => [k, messages[k]])) as AppWords['app'],
    plurals: Object.fromEntries(APP_PLURAL_KEYS.map((k) => [k, { ...messages[k] }])) as AppWords['plurals'],
    sources: sources.map((s) => [s, sourceName(s, locale)]),
  };
}

export function appData(business: Business, home: string, sources: readonly string[], catalogues: Readonly<Record<string, Catalogue>>, logo?: string): AppData {
  const { locale, warning } = businessLocale(business, catalogues);
  const own = warning === undefined;
  const words: Record<string, AppWords> = own
    ? { [locale.language]: appWords(locale, business, sources) }
    : Object.fromEntries(
        Object.values(catalogues).map((c) => [
          c.language,
          appWords(makeLocale(c, c.language, intlTag(c.language, business.address.country)), business, sources),
        ]),
      );
  const base = new URL(home).origin;
  const technicianSlugs = assignSlugs(business.technicians.map((t) => t.name));
  const areaSlugs = assignSlugs(business.service_areas);
  return {
    name: business.name,
    home,
    language: business.language,
    catalogue: own ? locale.language : null,
    words,
    technicians: business.technicians.map((t) => [t.name, `${base}${facetPath('technician', technicianSlugs.get(t.name) as string)}`]),
    services: business.services.map((s) => [s.id, s.name, `${base}${facetPath('service', s.id)}`]),
    areas: business.service_areas.map((a) => [a, `${base}${facetPath('area', areaSlugs.get(a) as string)}`]),
    ...(logo && { logo }),
  };
}
