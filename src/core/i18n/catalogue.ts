// What a catalogue is: every interface string of the pages, the feeds, the badge and the
// widget, keyed by message id, for one language. English (catalogues/en.ts) defines the keys;
// every other catalogue must have each of them (tsc and test/i18n/catalogues.test.ts check).
import type { messages as english } from './english-messages.ts';

/** A message that depends on a count, by CLDR plural category; `{count}` is the formatted number. */
export type Plural = { other: string } & Partial<Record<Exclude<Intl.LDMLPluralRule, 'other'>, string>>;

export type MessageKey = keyof typeof english;
export type TextKey = { [K in MessageKey]: (typeof english)[K] extends string ? K : never }[MessageKey];
export type PluralKey = Exclude<MessageKey, TextKey>;
export type Messages = { [K in MessageKey]: (typeof english)[K] extends string ? string : Plural };

export interface Catalogue {
  /** BCP 47 language subtag this catalogue is written in: "de". */
  language: string;
  /** Written right to left (Arabic, Hebrew, Persian, Urdu …). */
  dir?: 'rtl';
  /**
   * The form a language's name takes in `translation.show` ("Englische" in "Englische
   * Übersetzung anzeigen"); a language missing here is named by Intl.DisplayNames in
   * `translation.showNamed`.
   */
  languageForms?: Record<string, string>;
  /** How the language writes the first day of a month where Intl writes "1" (French "1er"). */
  firstDay?: string;
  messages: Messages;
}
