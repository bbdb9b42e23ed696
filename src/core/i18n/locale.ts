// The interface language of a build: the catalogue for business.json `language`, and Intl
// formatting in a locale made of that language and the address country ("de" + "AT" →
// "de-AT": "23. Dezember 2025", "2.507"). A language without a catalogue builds in English
// and says so.
import type { Catalogue, Messages, PluralKey, TextKey } from './catalogue.ts';
import { en } from './catalogues/en.ts';
import { CATALOGUES } from './catalogues.ts';

export type Vars = Record<string, string | number>;
/** A message cut at the placeholders a page fills with markup (links). */
export type Part = string | { slot: string };

export interface Locale {
  /** The catalogue's language: "de". */
  language: string;
  /** `<html lang>`: business.json `language` when its catalogue is used ("de-AT"), else "en". */
  lang: string;
  /** The Intl locale: "de-AT". */
  tag: string;
  dir: 'ltr' | 'rtl';
  catalogue: Catalogue;
  t(key: TextKey, vars?: Vars): string;
  /** A count with its noun: "2.507 Bewertungen". */
  count(key: PluralKey, n: number, vars?: Vars): string;
  /** A message with `{slots}` left for markup: [text, {slot: 'home'}, text]. */
  parts(key: TextKey, vars?: Vars): Part[];
  number(n: number, fractionDigits?: number): string;
  /** "2024-03-05" → "March 5, 2024" / "5. März 2024", never in the build machine's time zone. */
  date(date: string): string;
  /** "Mo" (schema.org) → "Mon" / "Mo." */
  weekday(day: string): string;
}

export function fill(message: string, vars: Vars = {}): string {
  return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** The message of `messages` for `n`, by the plural rules of `tag`. */
export function pluralMessage(message: { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>, rules: Intl.PluralRules, n: number): string {
  return message[rules.select(n)] ?? message.other;
}

const SCHEMA_DAYS = ['Su', 'Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa'];

/** The Intl locale for a language and a country, or the language alone when Intl does not know the pair. */
export function intlTag(language: string, country: string | undefined): string {
  const candidates = [/-/.test(language) || !country ? language : `${language}-${country.toUpperCase()}`, language, 'en'];
  for (const c of candidates) {
    try {
      const [canonical] = Intl.getCanonicalLocales(c);
      if (canonical && Intl.NumberFormat.supportedLocalesOf(canonical).length) return canonical;
    } catch {
      // not a well-formed tag: try the next
    }
  }
  return 'en';
}

export function makeLocale(catalogue: Catalogue, lang: string, tag: string): Locale {
  const messages: Messages = catalogue.messages;
  const fallback: Messages = en.messages;
  const rules = new Intl.PluralRules(tag);
  const numbers = new Map<number | undefined, Intl.NumberFormat>();
  const numberFormat = (digits?: number) => {
    let f = numbers.get(digits);
    if (!f) {
      f = new Intl.NumberFormat(tag, digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits });
      numbers.set(digits, f);
    }
    return f;
  };
  const dates = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const weekdays = new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' });
  const text = (key: TextKey) => (messages[key] ?? fallback[key]) as string;
  const locale: Locale = {
    language: catalogue.language,
    lang,
    tag,
    dir: catalogue.dir ?? 'ltr',
    catalogue,
    t: (key, vars) => fill(text(key), vars),
    count: (key, n, vars) => fill(pluralMessage(messages[key] ?? fallback[key], rules, n), { ...vars, count: numberFormat().format(n) }),
    // cut before filling, so a value that contains braces (a business name) stays text
    parts: (key, vars = {}) =>
      text(key)
        .split(/(\{\w+\})/)
        .filter((p) => p !== '')
        .map((p) => (/^\{\w+\}$/.test(p) && !(p.slice(1, -1) in vars) ? { slot: p.slice(1, -1) } : fill(p, vars)))
        .reduce<Part[]>((out, p) => {
          const last = out[out.length - 1];
          if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p;
          else out.push(p);
          return out;
        }, []),
    // rounded as toFixed rounds (the binary value: 0.345 → 0.34), the same in every language
    number: (n, digits) => numberFormat(digits).format(digits === undefined ? n : Number(n.toFixed(digits))),
    date: (date) => {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      const { firstDay } = catalogue;
      if (d !== 1 || !firstDay) return dates.format(Date.UTC(y, m - 1, d));
      return dates
        .formatToParts(Date.UTC(y, m - 1, d))
        .map((p) => (p.type === 'day' ? firstDay : p.value))
        .join('');
    },
    weekday: (day) => {
      const i = SCHEMA_DAYS.indexOf(day);
      // 2024-01-07 was a Sunday
      return i < 0 ? day : weekdays.format(Date.UTC(2024, 0, 7 + i));
    },
  };
  return locale;
}

export interface ResolvedLocale {
  locale: Locale;
  /** Set when the business's language has no catalogue and the pages fall back to English. */
  warning?: string;
}

/** The locale of a business: its `language`, else the language's base ("de" for "de-AT"), else English with a warning. */
export function businessLocale(
  business: { language: string; address: { country: string } },
  catalogues: Readonly<Record<string, Catalogue>> = CATALOGUES,
): ResolvedLocale {
  const { language } = business;
  const base = language.split('-')[0] as string;
  const catalogue = catalogues[language] ?? catalogues[base];
  if (catalogue) return { locale: makeLocale(catalogue, language, intlTag(language, business.address.country)) };
  return {
    locale: makeLocale(en, 'en', intlTag('en', business.address.country)),
    warning:
      `business.json: language "${language}" has no interface catalogue ` +
      '(src/core/i18n/catalogues/), so the pages, feeds, badge and widget are built in ' +
      'English',
  };
}

/** English as the sample business (United States) writes it: the default of the pure helpers. */
export const ENGLISH: Locale = makeLocale(en, 'en', 'en-US');
