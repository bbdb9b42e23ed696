// The language a review was written in. Google translates a review into the language of
// whoever reads it; the business reads its own language, so a translation in any other
// language means the original is in the business's language. A translation *into* the
// business's language means the original is in some other language: that one is detected
// (by the detector the insights use), and unknown when detection is unsure.
import { detectLanguage } from '../insights/detect.ts';
import type { Review } from '../schemas/review.ts';
import { textLangOf, writtenLanguage } from './text-lang.ts';

/** Detection per review object: a review is shown on several pages of a build. */
const detected = new WeakMap<object, string>();

type Reviewed = Pick<Review, 'text' | 'language' | 'translation'>;

/** Detects the language of a review's text once per review object; detection answers the business's language when it cannot tell. */
const detector = (review: Reviewed, businessLanguage: string) => () => {
  let found = detected.get(review);
  if (found === undefined) {
    found = review.text.trim() ? detectLanguage(review.text, businessLanguage, { translated: true }) : '';
    detected.set(review, found);
  }
  return found || undefined;
};

export function originalLanguage(review: Reviewed, businessLanguage: string): string | undefined {
  return writtenLanguage(review, businessLanguage, detector(review, businessLanguage));
}

/** The `lang` a review's own text needs on a page in `pageLang`: none when it is the page's language or unknown. */
export function textLang(review: Reviewed, businessLanguage: string, pageLang: string): string | undefined {
  return textLangOf(review, businessLanguage, pageLang, detector(review, businessLanguage));
}
