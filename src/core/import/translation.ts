// Google writes a machine translation into the review text itself, with markers in the
// language it translated into (the language of the account that exported it):
//   "(Translated by Google) <translation>\n\n(Original)\n<original>"
// or, for the owner's own language shown next to it, "<original>\n\n(Translated by Google)\n<translation>".
// The marker names the translation's language: "(Übersetzt von Google)" is German, whatever
// the business's language. The markers below are those in Google's Business Profile
// comments as they appear in exports and in the many public tools that parse them.

interface Markers {
  language: string;
  translated: string;
  /** The words Google puts before the original in the same language (a typographic apostrophe is accepted too). */
  original: string;
}

export const GOOGLE_MARKERS: readonly Markers[] = [
  { language: 'en', translated: '(Translated by Google)', original: '(Original)' },
  { language: 'de', translated: '(Übersetzt von Google)', original: '(Original)' },
  { language: 'fr', translated: '(Traduit par Google)', original: "(Avis d'origine)" },
  { language: 'es', translated: '(Traducido por Google)', original: '(Original)' },
  { language: 'it', translated: '(Traduzione di Google)', original: '(Originale)' },
  { language: 'nl', translated: '(Vertaald door Google)', original: '(Origineel)' },
  { language: 'pt', translated: '(Traduzido pelo Google)', original: '(Original)' },
];

export interface SplitComment {
  text: string;
  translation?: string;
  /** The translation's language, from its marker. */
  language?: string;
}

export function splitGoogleComment(comment: string): SplitComment {
  const found = GOOGLE_MARKERS.map((m) => ({ m, at: comment.indexOf(m.translated) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)[0];
  if (!found) return { text: comment.trim() };
  const { m, at: t } = found;
  const originals = [m.original, m.original.replace("'", '’')];
  const hit = originals.map((o) => ({ o, at: comment.indexOf(o) })).find((x) => x.at >= 0);
  const o = hit?.at ?? -1;
  const ORIGINAL = hit?.o ?? '';
  let original: string;
  let translation: string;
  if (o < 0) {
    original = comment.slice(0, t);
    translation = comment.slice(t + m.translated.length);
  } else if (t < o) {
    translation = comment.slice(t + m.translated.length, o);
    original = `${comment.slice(0, t)}${comment.slice(o + ORIGINAL.length)}`;
  } else {
    original = comment.slice(o + ORIGINAL.length, t);
    translation = comment.slice(t + m.translated.length);
  }
  original = original.trim();
  translation = translation.trim();
  if (!original) return { text: translation };
  return translation ? { text: original, translation, language: m.language } : { text: original };
}
