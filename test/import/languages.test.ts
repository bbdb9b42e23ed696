// Google's translations carry the language of their marker, whatever the business's
// language; a translation imported before with the business's language is corrected.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { splitGoogleComment } from '../../src/core/import/translation.ts';
import { tempDir } from '../helpers/paths.ts';
import { byText, contentDir, FIXTURES, reviewsOf, runImport } from '../helpers/import.ts';

describe('the marker names the translation’s language', () => {
  it.each([
    ['(Translated by Google) Very good\n\n(Original)\nSehr gut', 'Sehr gut', 'Very good', 'en'],
    ['(Übersetzt von Google) Sehr gut\n\n(Original)\nVery good', 'Very good', 'Sehr gut', 'de'],
    ["(Traduit par Google) Très bien\n\n(Avis d'origine)\nVery good", 'Very good', 'Très bien', 'fr'],
    ['(Traduit par Google) Très bien\n\n(Avis d’origine)\nVery good', 'Very good', 'Très bien', 'fr'],
    ['(Traducido por Google) Muy bien\n\n(Original)\nVery good', 'Very good', 'Muy bien', 'es'],
    ['(Traduzione di Google) Molto bene\n\n(Originale)\nVery good', 'Very good', 'Molto bene', 'it'],
    ['(Vertaald door Google) Heel goed\n\n(Origineel)\nVery good', 'Very good', 'Heel goed', 'nl'],
    ['Very good\n\n(Übersetzt von Google)\nSehr gut', 'Very good', 'Sehr gut', 'de'],
  ])('%j', (comment, text, translation, language) => {
    expect(splitGoogleComment(comment)).toEqual({ text, translation, language });
  });
});

const page = (reviews: { id: string; comment: string }[]) =>
  JSON.stringify({
    reviews: reviews.map((r, i) => ({
      name: `accounts/1/locations/9001/reviews/${r.id}`,
      reviewer: { displayName: `Kunde ${i + 1}` },
      starRating: 'FIVE',
      comment: r.comment,
      createTime: `2025-12-${String(10 + i).padStart(2, '0')}T09:00:00Z`,
      updateTime: `2025-12-${String(10 + i).padStart(2, '0')}T09:00:00Z`,
    })),
  });

describe('a German business imports Google’s translations', () => {
  const business = JSON.parse(readFileSync(join(FIXTURES, 'business.json'), 'utf8'));
  const file = join(tempDir('import-de-business'), 'business.json');
  writeFileSync(file, JSON.stringify({ ...business, language: 'de', time_zone: 'Europe/Berlin' }));
  const dir = contentDir(file);
  const pages = join(tempDir('import-de-pages'), 'page-1.json');
  writeFileSync(
    pages,
    page([
      { id: 'english-original', comment: '(Übersetzt von Google) Schnell und sauber gearbeitet.\n\n(Original)\nQuick and clean work.' },
      { id: 'german-original', comment: 'Pünktlich und freundlich.\n\n(Translated by Google)\nPunctual and friendly.' },
    ]),
  );
  const first = runImport(['google', pages, '--content', dir]);

  it('labels each translation by its marker, not by the business', () => {
    expect(first.status).toBe(0);
    const reviews = reviewsOf(dir);
    expect(byText(reviews, 'Quick and clean').translation).toEqual({ language: 'de', text: 'Schnell und sauber gearbeitet.', by: 'Google' });
    expect(byText(reviews, 'Pünktlich').translation).toEqual({ language: 'en', text: 'Punctual and friendly.', by: 'Google' });
  });

  it('corrects a translation an earlier import labelled with the business’s language', () => {
    // what the importer wrote before: the business's "de" on Google's English translation
    const reviews = reviewsOf(dir);
    byText(reviews, 'Pünktlich').translation.language = 'de';
    writeFileSync(join(dir, 'reviews.json'), `${JSON.stringify(reviews, null, 2)}\n`);
    const again = runImport(['google', pages, '--content', dir]);
    expect(again.status).toBe(0);
    expect(again.stdout).toMatch(/updated: +1\n +google-[\w-]+: translation/);
    expect(byText(reviewsOf(dir), 'Pünktlich').translation.language).toBe('en');
    const third = runImport(['google', pages, '--content', dir]);
    expect(third.stdout).toMatch(/unchanged: +2/);
  });
});
