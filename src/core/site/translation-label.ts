// The words of a review's translation toggle, shared by the pages and the browser's search
// results (src/client/card.ts): it imports nothing, so the client bundle stays small.

const LANGUAGES = new Intl.DisplayNames(['en'], { type: 'language' });

/** "Show the Spanish translation (by Google)". The review's own text stays first. */
export function translationLabel(t: { language: string; by?: string | undefined }): string {
  let language = t.language;
  try {
    language = LANGUAGES.of(t.language) ?? t.language;
  } catch {
    // an unknown code is shown as it is
  }
  return `Show the ${language} translation${t.by ? ` (by ${t.by})` : ''}`;
}
