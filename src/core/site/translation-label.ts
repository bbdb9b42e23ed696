// The words of a review's translation toggle, shared by the pages and the browser's search
// results (src/client/card.ts): it imports nothing, so the client bundle stays small.

/** The catalogue's words for the toggle, as the page hands them to the browser. */
export interface TranslationWords {
  /** Intl locale of the page, for naming the language. */
  tag: string;
  /** "Show the {language} translation" / "{language} Übersetzung anzeigen" */
  show: string;
  /** The same with the language's name from Intl, for a language without a form of its own */
  showNamed: string;
  /** " (by {by})" */
  by: string;
  /** The form of a language's name in `show` ("Englische"), where the language needs one. */
  forms?: Record<string, string> | undefined;
}

const put = (message: string, name: string, value: string) => message.split(`{${name}}`).join(value);

/** One Intl.DisplayNames per page locale: a build labels every translated review on many pages. */
const displayNames = new Map<string, Intl.DisplayNames>();

/** "Show the Spanish translation (by Google)", "Englische Übersetzung anzeigen (von Google)". The review's own text stays first. */
export function translationLabel(t: { language: string; by?: string | undefined }, words: TranslationWords): string {
  const form = words.forms?.[t.language] ?? words.forms?.[t.language.split('-')[0] as string];
  let name = t.language;
  try {
    let names = displayNames.get(words.tag);
    if (!names) {
      names = new Intl.DisplayNames([words.tag], { type: 'language' });
      displayNames.set(words.tag, names);
    }
    name = names.of(t.language) ?? t.language;
  } catch {
    // an unknown code is shown as it is
  }
  const show = form ? put(words.show, 'language', form) : put(words.showNamed, 'language', name);
  return `${show}${t.by ? put(words.by, 'by', t.by) : ''}`;
}

/** The catalogue messages the search script shows (src/core/site/client-words.ts picks them). */
export const CLIENT_TEXT_KEYS = [
  'review.by',
  'rating.outOf5',
  'review.on',
  'review.onWebsite',
  'review.ratedOnly',
  'review.response',
  'review.evidence.job',
  'review.evidence.platform',
  'review.evidence.owner',
  'search.more',
  'search.searching',
  'search.failed',
  'search.results',
  'search.none',
  'search.orderNewest',
  'search.orderHighest',
  'search.orderLowest',
] as const;

type ClientTextKey = (typeof CLIENT_TEXT_KEYS)[number];

/** Every interface word the home page's search script needs, in the page's language (src/core/site/client-words.ts). */
export interface ClientWords {
  /** Intl locale: dates, numbers and plural rules. */
  tag: string;
  /** The page's language, and the business's: a review's text written in another gets its `lang`. */
  lang: string;
  businessLanguage: string;
  /** The first day of a month where Intl writes "1" (French "1er"). */
  firstDay?: string | undefined;
  text: Record<ClientTextKey, string>;
  /** "{count} reviews match{order}; showing {shown}." by plural category */
  matches: Record<string, string>;
  translation: TranslationWords;
}
