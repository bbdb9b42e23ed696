import { describe, expect, it } from 'vitest';
import { textLang } from '../../src/core/site/review-language.ts';
import { textLangOf, writtenLanguage } from '../../src/core/site/text-lang.ts';

const german = 'Der Techniker kam pünktlich und hat die Heizung schnell repariert. Sehr freundlich und sauber gearbeitet.';

describe('the lang of a review’s own text', () => {
  it('is the language the review states, before any rule', () => {
    expect(writtenLanguage({ text: german, language: 'de' }, 'en')).toBe('de');
    expect(textLangOf({ text: german, language: 'de' }, 'en', 'en')).toBe('de');
    expect(textLangOf({ text: german, language: 'de-AT' }, 'de', 'de')).toBeUndefined();
  });

  it('is the business’s language, marked only on a page in another language (a Portuguese business without a catalogue)', () => {
    expect(textLangOf({ text: 'Ótimo serviço' }, 'pt', 'en')).toBe('pt');
    expect(textLangOf({ text: 'Great service' }, 'en', 'en')).toBeUndefined();
    expect(textLangOf({ text: 'Ótimo serviço', translation: { language: 'en' } }, 'pt', 'en')).toBe('pt');
  });

  it('is unknown in the browser for an original translated into the business’s language, and detected by the build', () => {
    const review = { text: german, translation: { language: 'en', text: 'The technician came on time.' } };
    expect(textLangOf(review, 'en', 'en')).toBeUndefined();
    expect(textLang(review, 'en', 'en')).toBe('de');
    expect(textLang({ ...review, language: 'nl' }, 'en', 'en')).toBe('nl');
  });
});
