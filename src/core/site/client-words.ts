// The words the home page hands its search script (a JSON block beside the form), so the
// results it renders read like the cards the build rendered.
import { ENGLISH, type Locale } from '../i18n/locale.ts';
import { CLIENT_TEXT_KEYS, type ClientWords, type TranslationWords } from './translation-label.ts';

/** The translation toggle's words in the page's language (src/core/site/translation-label.ts). */
export function translationWords(locale: Locale = ENGLISH): TranslationWords {
  return {
    tag: locale.tag,
    show: locale.t('translation.show'),
    showNamed: locale.t('translation.showNamed'),
    by: locale.t('translation.by'),
    forms: locale.catalogue.languageForms,
  };
}

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
