import { describe, expect, it } from 'vitest';
import { analyzeText, aspectPolarities } from '../../src/core/insights/analyze.ts';
import { buildInsights, readingOf } from '../../src/core/insights/build.ts';
import { detectLanguage } from '../../src/core/insights/detect.ts';
import { DE } from '../../src/core/insights/lang-de.ts';
import type { LanguagePack } from '../../src/core/insights/language.ts';
import { languagePack } from '../../src/core/insights/languages.ts';
import { InsightsAnalysisSchema } from '../../src/core/schemas/insights.ts';
import { dataset, review } from '../helpers/insights/fixtures.ts';

const GERMAN = 'Der Monteur kam pünktlich, war sehr freundlich und hat alles sauber hinterlassen.';
const FRENCH = 'Ne surtout pas demander de renseignements par téléphone, on ne vous rappelle jamais et personne ne répond.';
const ENGLISH = 'The technician showed up on time and fixed the leak under our kitchen sink.';
const at = (text: string, language: string | LanguagePack, rating?: number) =>
  Object.fromEntries(aspectPolarities(analyzeText(text, { language, rating })).map((a) => [a.aspect, a.polarity]));

describe('detectLanguage', () => {
  it('names the language of a text long enough to tell', () => {
    expect(detectLanguage(GERMAN, 'en')).toBe('de');
    expect(detectLanguage(ENGLISH, 'de')).toBe('en');
    expect(detectLanguage(FRENCH, 'de')).toBe('fr');
  });

  it("takes the business's language when the text is too short to tell", () => {
    expect(detectLanguage('Top Firma!', 'de')).toBe('de');
    expect(detectLanguage('Super!', 'en-US')).toBe('en');
  });
});

describe('which words are read', () => {
  it('reads the original in its own language when that language is analysed', () => {
    const r = { text: GERMAN, translation: { language: 'en', text: 'The fitter came on time.', by: 'Google' } };
    expect(readingOf(r, 'de')).toEqual({ language: 'de', read: { language: 'de', text: GERMAN } });
  });

  it('reads a translation the review carries when the original is in a language not analysed', () => {
    const r = { text: FRENCH, translation: { language: 'en', text: 'Never call them, nobody calls back.', by: 'Google' } };
    expect(readingOf(r, 'de')).toEqual({ language: 'fr', read: { language: 'en', text: 'Never call them, nobody calls back.' } });
    expect(readingOf({ text: FRENCH }, 'de')).toEqual({ language: 'fr', read: null });
    // a short text is detected too when its source translated it: it is not in the reader's language
    const es = { text: 'Muy buen trabajo de Aylin, muy limpia.', translation: { language: 'en', text: 'Very good work by Aylin, very clean.' } };
    expect(readingOf(es, 'en')).toEqual({ language: 'es', read: { language: 'en', text: 'Very good work by Aylin, very clean.' } });
    expect(readingOf({ text: 'Muy buen trabajo de Aylin, muy limpia.' }, 'en').language).toBe('en');
  });

  it('follows the language the source gives over detection, and reads nothing in a rating-only review', () => {
    expect(readingOf({ text: GERMAN, language: 'en' }, 'de').read?.language).toBe('en');
    expect(readingOf({ text: '  ' }, 'de')).toEqual({ language: null, read: null });
  });
});

describe('German', () => {
  it('finds the same aspects and polarity rules as English', () => {
    expect(at(GERMAN, 'de', 5)).toEqual({ punctuality: 'positive', professionalism: 'positive', cleanliness: 'positive' });
    expect(at('Termine wurden nicht eingehalten.', 'de', 1)).toEqual({ punctuality: 'negative' });
    expect(at('Der Preis war hoch, aber die Arbeit war top.', 'de', 4)).toEqual({ pricing: 'negative', workmanship: 'positive' });
    expect(at('Top Firma, kann ich nur empfehlen!', 'de', 5)).toEqual({});
    // the stars give the direction of a mention the text does not judge
    expect(at('Die Rechnung betrug 860 Euro.', 'de', 1)).toEqual({ pricing: 'negative' });
  });

  it('reads a problem description and quoted speech as English does', () => {
    expect(at('Unser Abfluss war verstopft.', 'de', 5)).toEqual({});
    expect(at('Er sagte „alles gut, das passt schon“ und ging.', 'de', 1)).toEqual({});
  });

  it('counts a recommendation or thanks for the firm as a whole, not for the noun next to it, as English does', () => {
    expect(at('Den Monteur Herrn Schulz kann ich nur empfehlen.', 'de', 5)).toEqual({});
    expect(at('Vielen Dank an den Techniker für die Reparatur.', 'de', 5)).toEqual({});
    expect(at('Der Monteur war sehr freundlich, die Firma kann ich nur empfehlen.', 'de', 5)).toEqual({ professionalism: 'positive' });
  });

  it('throws for a language that has no pack', () => {
    expect(() => languagePack('fr')).toThrow(/no analysis for language "fr" \(analysed: de, en\)/);
  });

  it('a third language is a pack of word lists: the pipeline reads it as it is', () => {
    const es: LanguagePack = {
      ...DE,
      code: 'es',
      lexicon: {
        ...DE.lexicon,
        cues: {},
        weakCues: {},
        terms: { punctuality: { puntual: 2 } },
        negators: ['no'],
        neutral: [],
        irrealis: [],
        multiTerms: [],
        modifiers: [],
        polar: {},
      },
      clauseWords: { pero: 'but' },
    };
    expect(at('El técnico fue puntual.', es, 3)).toEqual({ punctuality: 'positive' });
    expect(at('El técnico no fue puntual, pero fue amable.', es, 3)).toEqual({ punctuality: 'negative' });
  });
});

describe('coverage', () => {
  it('counts every review with text by language, analysed or not, and analyses each in its own language', () => {
    const base = dataset();
    const reviews = [
      review('2024-01-01', 5, ENGLISH),
      review('2024-01-02', 5, GERMAN),
      review('2024-01-03', 1, FRENCH),
      review('2024-01-04', 1, FRENCH, { translation: { language: 'en', text: 'Nobody ever calls back.', by: 'Google' } }),
      review('2024-01-05', 4, ''),
    ];
    const out = buildInsights({ ...base, business: { ...base.business, language: 'de' }, reviews });
    expect(() => InsightsAnalysisSchema.parse(out)).not.toThrow();
    expect(out.coverage).toEqual({
      reviews_with_text: 4,
      analysed: 3,
      languages: { de: { reviews: 1, analysed: 1 }, en: { reviews: 1, analysed: 1 }, fr: { reviews: 2, analysed: 1 } },
    });
    expect(out.summary_figures.reviews_with_text).toBe(4);
    expect(out.summary_figures.rating_only_reviews).toBe(1);
    const mentions = Object.fromEntries(out.aspects.map((a) => [a.id, a.mentions]));
    expect(mentions).toMatchObject({ punctuality: 2, professionalism: 1, cleanliness: 1, communication: 1 });
  });
});
