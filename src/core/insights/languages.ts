// The languages the analysis reads. Adding one: write its pack (see lang-de.ts) and list it here.
import { DE } from './lang-de.ts';
import { EN } from './lang-en.ts';
import type { LanguagePack } from './language.ts';

export const LANGUAGES: Readonly<Record<string, LanguagePack>> = { en: EN, de: DE };

/** ISO 639-1 codes of the languages analysed, in a stable order. */
const ANALYSED_LANGUAGES = Object.keys(LANGUAGES).sort();

/** "de-AT" → "de": the part of a language tag the packs are keyed by. */
export const baseLanguage = (tag: string) => (tag.split('-')[0] as string).toLowerCase();

/** The pack for a language tag; English when none is given. Throws for a language that is not analysed. */
export function languagePack(tag: string | undefined): LanguagePack {
  if (tag === undefined) return EN;
  const pack = LANGUAGES[baseLanguage(tag)];
  if (!pack) throw new Error(`no analysis for language "${tag}" (analysed: ${ANALYSED_LANGUAGES.join(', ')})`);
  return pack;
}
