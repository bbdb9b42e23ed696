// Which `lang` a review's own text needs on a page. It imports nothing, so the browser's search
// results (src/client/card.ts) apply the same rule as the built cards; the build adds language
// detection (./review-language.ts), which the browser goes without.

const base = (language: string) => language.split('-')[0] as string;

interface Written {
  text: string;
  language?: string | undefined;
  translation?: { language: string } | undefined;
}

/**
 * The language `review.text` was written in: what the review says; else the business's, unless
 * it carries a translation into the business's language, which means the original is in
 * another one: `detect` names it, or it is unknown.
 */
export function writtenLanguage(review: Written, businessLanguage: string, detect?: () => string | undefined): string | undefined {
  if (review.language) return review.language;
  const t = review.translation;
  if (!t || base(t.language) !== base(businessLanguage)) return businessLanguage;
  const found = detect?.();
  return found && base(found) !== base(businessLanguage) ? found : undefined;
}

/** The `lang` a review's own text needs on a page in `pageLang`: none when it is the page's language or unknown. */
export function textLangOf(review: Written, businessLanguage: string, pageLang: string, detect?: () => string | undefined): string | undefined {
  const written = writtenLanguage(review, businessLanguage, detect);
  return written && base(written) !== base(pageLang) ? written : undefined;
}
