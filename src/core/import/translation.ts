// Google writes a machine translation into the review text itself:
//   "(Translated by Google) <translation>\n\n(Original)\n<original>"
// or, for the owner's own language shown next to it, "<original>\n\n(Translated by Google)\n<translation>".

const TRANSLATED = '(Translated by Google)';
const ORIGINAL = '(Original)';

export function splitGoogleComment(comment: string): { text: string; translation?: string } {
  const t = comment.indexOf(TRANSLATED);
  if (t < 0) return { text: comment.trim() };
  const o = comment.indexOf(ORIGINAL);
  let original: string;
  let translation: string;
  if (o < 0) {
    original = comment.slice(0, t);
    translation = comment.slice(t + TRANSLATED.length);
  } else if (t < o) {
    translation = comment.slice(t + TRANSLATED.length, o);
    original = `${comment.slice(0, t)}${comment.slice(o + ORIGINAL.length)}`;
  } else {
    original = comment.slice(o + ORIGINAL.length, t);
    translation = comment.slice(t + TRANSLATED.length);
  }
  original = original.trim();
  translation = translation.trim();
  if (!original) return { text: translation };
  return translation ? { text: original, translation } : { text: original };
}
