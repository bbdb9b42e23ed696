// English interface words, for checking that a page in another language has none: every
// piece of every English message between its placeholders, less the pieces the other
// language writes the same way ("Name" in German, "Contact" in French).
import type { Catalogue } from '../../../src/core/i18n/catalogue.ts';
import { en } from '../../../src/core/i18n/catalogues/en.ts';

const pieces = (m: string | Record<string, string>) =>
  (typeof m === 'string' ? [m] : Object.values(m)).flatMap((s) => s.split(/\{\w+\}/)).map((p) => p.replace(/^[\s·,.:;()←→–-]+|[\s·,.:;()←→–-]+$/g, ''));

const words = (c: Catalogue) => new Set(Object.values(c.messages as Record<string, string | Record<string, string>>).flatMap(pieces));

/** English pieces of at least 4 letters that `other` does not use itself. */
export function englishPieces(other: Catalogue): string[] {
  const theirs = words(other);
  const theirText = [...theirs].join('\n');
  return [...words(en)].filter((p) => /\p{L}{4}/u.test(p) && !theirs.has(p) && !theirText.includes(p)).sort((a, b) => b.length - a.length);
}

/** The English pieces `text` holds, as whole words. */
export function englishIn(text: string, pieces: readonly string[]): string[] {
  const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return pieces.filter((p) => new RegExp(`(^|[^\\p{L}])${literal(p)}($|[^\\p{L}])`, 'u').test(text));
}
