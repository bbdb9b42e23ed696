// The language a review was written in. Google translates a review into the language of
// whoever reads it; the business reads its own language, so a translation in any other
// language means the original is in the business's language. A translation *into* the
// business's language means the original is in some other language: that one is detected
// (by the detector the insights use), and unknown when detection is unsure.
import { detectLanguage } from '../insights/detect.ts';
import type { Review } from '../schemas/review.ts';

/** Detection per review object: a review is shown on several pages of a build. */
const detected = new WeakMap<object, string>();

const base = (language: string) => language.split('-')[0] as string;

export function originalLanguage(review: Pick<Review, 'text' | 'translation'>, businessLanguage: string): string | undefined {
  const t = review.translation;
  if (!t || base(t.language) !== base(businessLanguage)) return businessLanguage;
  let found = detected.get(review);
  if (found === undefined) {
    // detection answers the business's language when it cannot tell
    found = review.text.trim() ? detectLanguage(review.text, businessLanguage, { translated: true }) : '';
    detected.set(review, found);
  }
  return found && found !== base(businessLanguage) ? found : undefined;
}

/** The `lang` a review's own text needs on a page in `pageLang`: none when it is the page's language or unknown. */
export function textLang(review: Pick<Review, 'text' | 'translation'>, businessLanguage: string, pageLang: string): string | undefined {
  const written = review.translation || base(businessLanguage) !== base(pageLang) ? originalLanguage(review, businessLanguage) : businessLanguage;
  return written && base(written) !== base(pageLang) ? written : undefined;
}
