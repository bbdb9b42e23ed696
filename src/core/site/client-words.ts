// The words the home page hands its search script (a JSON block beside the form), so the
// results it renders read like the cards the build rendered.
import type { Locale } from '../i18n/locale.ts';
import { translationWords } from './page-data.ts';
import { CLIENT_TEXT_KEYS, type ClientWords } from './translation-label.ts';

export function clientWords(locale: Locale, businessLanguage: string): ClientWords {
  return {
    tag: locale.tag,
    lang: locale.lang,
    businessLanguage,
    ...(locale.catalogue.firstDay ? { firstDay: locale.catalogue.firstDay } : {}),
    text: Object.fromEntries(CLIENT_TEXT_KEYS.map((k) => [k, locale.catalogue.messages[k]])) as ClientWords['text'],
    matches: { ...locale.catalogue.messages['search.matches'] },
    translation: translationWords(locale),
  };
}
