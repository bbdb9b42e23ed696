// The language a review is written in, where its source does not say. franc-min (a trigram
// model of 82 languages that the npm package ships; no download, deterministic) is asked
// about the common review languages only, and the business's own language is preferred
// when the text is too short to tell ("Top Firma!") or fits it almost as well.
import { francAll } from 'franc-min';
import { baseLanguage } from './languages.ts';

/** ISO 639-3 (franc's codes) to ISO 639-1: the languages the detector may answer (fewer languages, faster answers). */
const ISO_639_1: Readonly<Record<string, string>> = {
  eng: 'en',
  deu: 'de',
  fra: 'fr',
  spa: 'es',
  por: 'pt',
  ita: 'it',
  nld: 'nl',
  pol: 'pl',
  tur: 'tr',
  ron: 'ro',
  swe: 'sv',
  rus: 'ru',
  ukr: 'uk',
  arb: 'ar',
};
const ONLY = Object.keys(ISO_639_1);
const TO_639_3 = new Map(Object.entries(ISO_639_1).map(([three, one]) => [one, three]));

/** Fewer letters than this and the text is too short to tell: it is taken to be in the business's language. */
const MIN_DETECT_LETTERS = 40;
/** franc scores the best language 1; the business's language wins from this score up. */
const PREFER_OWN = 0.95;
/**
 * A review that carries a translation is, by its source's word, in another language than the
 * reader's: a short one ("Muy buen trabajo de Aylin, muy limpia.") is worth detecting from 10
 * letters, and the business's language keeps a wider preference (0.8) there.
 */
const TRANSLATED = { minLetters: 10, preferOwn: 0.8 } as const;
/** Trigrams of the opening are enough, and keep detection cheap on long reviews. */
const SAMPLE_CHARS = 120;

/**
 * ISO 639-1 code of the language `text` is written in; `fallback` (the business's language)
 * when the text is too short to tell or fits the fallback nearly as well as the best.
 * `translated`: the review carries a translation (see TRANSLATED).
 */
export function detectLanguage(text: string, fallback: string, options: { translated?: boolean } = {}): string {
  const own = baseLanguage(fallback);
  const sample = text.slice(0, SAMPLE_CHARS);
  const letters = sample.match(/\p{L}/gu)?.length ?? 0;
  const short = letters < MIN_DETECT_LETTERS;
  if (short && !(options.translated && letters >= TRANSLATED.minLetters)) return own;
  const ranked = francAll(sample, { only: ONLY, minLength: TRANSLATED.minLetters });
  const best = ranked[0];
  if (!best || best[0] === 'und') return own;
  const ownCode = TO_639_3.get(own);
  const ownScore = ranked.find(([code]) => code === ownCode)?.[1] ?? 0;
  if (ownScore >= (short ? TRANSLATED.preferOwn : PREFER_OWN)) return own;
  return ISO_639_1[best[0]] ?? own;
}
