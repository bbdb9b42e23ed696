import type { Review } from '../schemas/review.ts';

/**
 * The words the analysis reads: insights are English-only, so a review whose text came
 * with an English translation (Google translates only what is in another language) is
 * read through the translation.
 */
export function analysisText(review: Pick<Review, 'text' | 'translation'>): string {
  const t = review.translation;
  return t && (t.language === 'en' || t.language.startsWith('en-')) ? t.text : review.text;
}

/** Every word of a review, original and translation, for matching names and queries. */
export function allText(review: Pick<Review, 'text' | 'translation'>): string {
  return review.translation ? `${review.text}\n${review.translation.text}` : review.text;
}
