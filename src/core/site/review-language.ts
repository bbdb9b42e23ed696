// The language a review was written in. Google translates a review into the language of
// whoever reads it; the business reads its own language, so a translation in any other
// language means the original is in the business's language. A translation *into* the
// business's language means the original is in some other language: that one is detected
// (tinyld, offline, from the text itself), and unknown when detection is unsure.
import { detect } from 'tinyld';
import type { Review } from '../schemas/review.ts';

const base = (language: string) => language.split('-')[0] as string;

export function originalLanguage(review: Pick<Review, 'text' | 'translation'>, businessLanguage: string): string | undefined {
  const t = review.translation;
  if (!t || base(t.language) !== base(businessLanguage)) return businessLanguage;
  const found = review.text.trim() ? detect(review.text) : '';
  return found && found !== base(businessLanguage) ? found : undefined;
}
