// URL slugs for people and places: "José Martínez" → "jose-martinez", "Zoë O'Brien" → "zoe-o-brien".

/** Latin letters that Unicode does not decompose into a base letter and a mark. */
const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i', ħ: 'h', ŋ: 'n' };

/** 32-bit FNV-1a of the UTF-16 code units, as 8 hex digits: a stable name for names without Latin letters. */
function fnv1a(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * The name lower-cased, accents folded to ASCII, every other run of characters one "-".
 * A name with no Latin letter or digit at all (Arabic, Chinese…) gets "n-" and a hash of
 * the name, so it still has a stable, distinct slug.
 */
export function slugify(name: string): string {
  const folded = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\x00-\x7f]/g, (c) => FOLD[c] ?? '-')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return folded || `n-${fnv1a(name.normalize('NFC'))}`;
}

/**
 * A distinct slug for every name. Names whose slugs collide are ordered by the name itself
 * (not by their place in business.json), the first keeps the plain slug and the others get
 * "-2", "-3"…, so reordering the list never moves a page; a suffix already taken by another
 * name's own slug is skipped.
 */
export function assignSlugs(names: readonly string[]): Map<string, string> {
  const unique = [...new Set(names)];
  const wanted = new Map(unique.map((n) => [n, slugify(n)]));
  const taken = new Set(wanted.values());
  const groups = new Map<string, string[]>();
  for (const [name, slug] of wanted) groups.set(slug, [...(groups.get(slug) ?? []), name]);
  const result = new Map<string, string>();
  for (const [slug, group] of [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const [first, ...rest] = group.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    result.set(first as string, slug);
    let n = 2;
    for (const name of rest) {
      while (taken.has(`${slug}-${n}`)) n += 1;
      taken.add(`${slug}-${n}`);
      result.set(name, `${slug}-${n}`);
    }
  }
  return result;
}
