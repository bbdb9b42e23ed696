// The catalogues: complete, registered, and the locale a business gets from them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Catalogue } from '../../src/core/i18n/catalogue.ts';
import { en } from '../../src/core/i18n/catalogues/en.ts';
import { CATALOGUES } from '../../src/core/i18n/catalogues.ts';
import { catalogueProblems } from '../../src/core/i18n/check.ts';
import { businessLocale } from '../../src/core/i18n/locale.ts';
import { ROOT } from '../helpers/paths.ts';

const business = (language: string, country: string) => ({ language, address: { country } });

describe('catalogues', () => {
  it('registers every catalogue file under its own language', () => {
    const files = readdirSync(join(ROOT, 'src/core/i18n/catalogues')).map((f) => f.replace(/\.ts$/, ''));
    expect(Object.keys(CATALOGUES).sort()).toEqual(files.sort());
    for (const [code, catalogue] of Object.entries(CATALOGUES)) expect(catalogue.language).toBe(code);
    expect(Object.keys(CATALOGUES)).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es', 'it', 'nl']));
  });

  it.each(Object.keys(CATALOGUES))('%s has every key, its plural forms and the English placeholders', (code) => {
    expect(catalogueProblems(CATALOGUES[code] as Catalogue)).toEqual([]);
  });

  it('fails a catalogue that misses a key, a plural form or a placeholder', () => {
    const { 'home.faq': _, ...rest } = en.messages;
    const broken = {
      language: 'de',
      messages: { ...rest, 'notFound.text': 'Keine Seite. {home}', 'count.reviews': { other: '{count} Bewertungen' }, extra: 'x' },
    } as unknown as Catalogue;
    expect(catalogueProblems(broken)).toEqual([
      'catalogue "de": "count.reviews" misses the plural form "one"',
      'catalogue "de": misses "home.faq"',
      'catalogue "de": "notFound.text" has placeholders ["home"], English has ["api","archive","home","name"]',
      'catalogue "de": "extra" is not an English key',
    ]);
    // Polish counts need four forms; English gives two
    expect(catalogueProblems({ language: 'pl', messages: en.messages })).toEqual(
      expect.arrayContaining(['catalogue "pl": "count.reviews" misses the plural form "few"', 'catalogue "pl": "count.reviews" misses the plural form "many"']),
    );
  });
});

describe('the locale of a business', () => {
  it('formats dates, numbers and plurals with the language and the address country', () => {
    const de = businessLocale(business('de', 'DE')).locale;
    expect([de.lang, de.tag, de.dir]).toEqual(['de', 'de-DE', 'ltr']);
    expect(de.date('2025-12-23')).toBe('23. Dezember 2025');
    expect(de.count('count.reviews', 2507)).toBe('2.507 Bewertungen');
    expect(de.count('count.reviews', 1)).toBe('1 Bewertung');
    expect(de.number(4.57, 1)).toBe('4,6');
    const fr = businessLocale(business('fr', 'FR')).locale;
    expect(fr.count('count.reviews', 2507)).toBe('2\u202f507 avis');
    expect(fr.count('count.stars', 1)).toBe('1 étoile');
    expect([fr.date('2026-03-01'), fr.date('2026-03-11')]).toEqual(['1er mars 2026', '11 mars 2026']);
    const ch = businessLocale(business('de', 'CH')).locale;
    expect([ch.tag, ch.number(2507)]).toEqual(['de-CH', "2'507"]);
    const es = businessLocale(business('es', 'ES')).locale;
    expect(es.date('2025-12-23')).toBe('23 de diciembre de 2025');
    const us = businessLocale(business('en', 'US')).locale;
    expect([us.date('2024-03-05'), us.count('count.reviews', 2507), us.weekday('Mo')]).toEqual(['March 5, 2024', '2,507 reviews', 'Mon']);
  });

  it('keeps a regional language for <html lang> and Intl, with its base language’s catalogue', () => {
    const at = businessLocale(business('de-AT', 'AT')).locale;
    expect([at.language, at.lang, at.tag, at.date('2026-01-05')]).toEqual(['de', 'de-AT', 'de-AT', '5. Jänner 2026']);
  });

  it('builds a language without a catalogue in English, and says which', () => {
    const { locale, warning } = businessLocale(business('pl', 'PL'));
    expect([locale.language, locale.lang]).toEqual(['en', 'en']);
    expect(warning).toMatch(/language "pl" has no interface catalogue/);
    expect(businessLocale(business('de', 'DE')).warning).toBeUndefined();
  });

  it('writes a right-to-left catalogue right to left', () => {
    const ar: Catalogue = { language: 'ar', dir: 'rtl', messages: en.messages };
    const { locale } = businessLocale(business('ar', 'EG'), { ...CATALOGUES, ar });
    expect([locale.dir, locale.lang, locale.tag]).toEqual(['rtl', 'ar', 'ar-EG']);
  });

  it('fills placeholders once, so braces in a value stay text', () => {
    const de = businessLocale(business('de', 'DE')).locale;
    expect(de.t('page.title', { name: 'Bau {home} GmbH' })).toBe('Bau {home} GmbH: Kundenbewertungen');
    expect(de.parts('notFound.text', { name: '{api}' })).toEqual([
      'Unter dieser Adresse gibt es keine Seite. Die Bewertungen von {api} finden Sie auf ',
      { slot: 'home' },
      ', alle Bewertungen im ',
      { slot: 'archive' },
      '; Programme beginnen am besten auf ',
      { slot: 'api' },
      '.',
    ]);
  });
});
