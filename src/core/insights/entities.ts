import type { Business } from '../schemas/business.ts';
import { tokenize } from './text.ts';

export interface LinkedEntities {
  /** Technician names as listed in business.json */
  technicians: string[];
  /** Service ids */
  services: string[];
  service_areas: string[];
  /** First names that fit several technicians and could not be resolved */
  ambiguous: string[];
}

export interface LinkContext {
  /** The review's own technician list, used to resolve a shared first name */
  technicians?: readonly string[];
  services?: readonly string[];
}

interface PhraseNode {
  next: Map<string, PhraseNode>;
  /** What a phrase ending here names */
  targets?: string[];
}

function addPhrase(root: PhraseNode, words: readonly string[], target: string): void {
  if (words.length === 0) return;
  let node = root;
  for (const w of words) {
    let child = node.next.get(w);
    if (!child) {
      child = { next: new Map() };
      node.next.set(w, child);
    }
    node = child;
  }
  if (!node.targets) node.targets = [];
  if (!node.targets.includes(target)) node.targets.push(target);
}

/** Longest-match scan; returns every phrase found (its targets, its words and where it ends), left to right. */
function scan(root: PhraseNode, words: readonly string[]): { targets: string[]; words: readonly string[]; end: number }[] {
  const found: { targets: string[]; words: readonly string[]; end: number }[] = [];
  for (let i = 0; i < words.length; ) {
    let node: PhraseNode | undefined = root;
    let best: { targets: string[]; end: number } | undefined;
    for (let j = i; j < words.length; j++) {
      node = node.next.get(words[j] as string);
      if (!node) break;
      if (node.targets) best = { targets: node.targets, end: j + 1 };
    }
    if (best) {
      found.push({ targets: best.targets, words: words.slice(i, best.end), end: best.end });
      i = best.end;
    } else i += 1;
  }
  return found;
}

/** How customers name staff by surname: "Mr. Mader", "Mrs Okafor", "Herr Mader", "Frau Yilmaz" (a final "." is dropped by nameWords). */
export const NAME_TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Mx', 'Dr', 'Herr', 'Frau', 'Señor', 'Señora', 'Sr', 'Sra', 'Monsieur', 'Madame', 'Mme'] as const;

const NAME_WORD = /[\p{L}\p{M}][\p{L}\p{M}'’.-]*/gu;

/**
 * Words as written, possessive "'s" dropped: names are matched with their capitals.
 * `joined[i]` says word i+1 follows word i after spaces only, as the parts of one name do.
 */
function nameWords(text: string): { words: string[]; joined: boolean[] } {
  const words: string[] = [];
  const joined: boolean[] = [];
  let last: RegExpExecArray | undefined;
  for (const m of text.matchAll(NAME_WORD)) {
    if (last) joined.push(/^[ \t]+$/u.test(text.slice(last.index + last[0].length, m.index)) && !/[.'’-]$/u.test(last[0]));
    words.push(m[0].replace(/['’]s$/u, '').replace(/[.'’-]+$/u, ''));
    last = m;
  }
  return { words, joined };
}

/** A first name followed at once by another capitalised word is someone's full name: "Thomas Müller" is not "Thomas Mader". */
function fullNameOfSomeoneElse(words: readonly string[], joined: readonly boolean[], end: number): boolean {
  const next = words[end];
  return next !== undefined && joined[end - 1] === true && /^\p{Lu}\p{Ll}/u.test(next);
}

const lowerWords = (text: string) =>
  tokenize(text)
    .filter((t) => !t.punct)
    .map((t) => t.t);

/** The regular English plural of a noun; irregular ones are left to synonyms. */
export function englishPlural(word: string): string {
  if (!/^\p{Ll}{3,}$/u.test(word)) return word;
  if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  return `${word}s`;
}

function resolve(targets: readonly string[], context: readonly string[] | undefined): string | undefined {
  if (targets.length === 1) return targets[0];
  const inReview = targets.filter((t) => context?.includes(t));
  return inReview.length === 1 ? inReview[0] : undefined;
}

/**
 * Finds the business's technicians, services and service areas named in review text.
 * Technicians by full name, by first name when only one technician has it (or the
 * review's own technician list settles which), or by a title and the surname ("Mrs
 * Okafor", "Herr Mader"); names and areas match case-sensitively,
 * as proper nouns. Services by name or synonym, case-insensitively.
 */
export function createEntityLinker(business: Business): (text: string, context?: LinkContext) => LinkedEntities {
  const people: PhraseNode = { next: new Map() };
  const firstNames = new Set<string>();
  for (const t of business.technicians) {
    const { words } = nameWords(t.name);
    addPhrase(people, words, t.name);
    if (words.length > 1) {
      firstNames.add(words[0] as string);
      addPhrase(people, words.slice(0, 1), t.name);
      for (const title of NAME_TITLES) addPhrase(people, [title, words[words.length - 1] as string], t.name);
    }
  }
  const services: PhraseNode = { next: new Map() };
  for (const s of business.services) {
    for (const phrase of [s.name, ...s.synonyms]) {
      const words = lowerWords(phrase);
      addPhrase(services, words, s.id);
      // "Best plumbers in Solingen" names the synonym "plumber"
      const last = words[words.length - 1];
      if (last !== undefined) addPhrase(services, [...words.slice(0, -1), englishPlural(last)], s.id);
    }
  }
  const areas: PhraseNode = { next: new Map() };
  for (const a of business.service_areas) addPhrase(areas, nameWords(a).words, a);

  const order = <T>(list: readonly T[], found: Set<T>) => list.filter((x) => found.has(x));
  const techOrder = business.technicians.map((t) => t.name);
  const serviceOrder = business.services.map((s) => s.id);

  return (text, context = {}) => {
    const techs = new Set<string>();
    const ambiguous = new Set<string>();
    const { words, joined } = nameWords(text);
    // A full name is one phrase, so the first name inside it is never read on its own.
    for (const found of scan(people, words)) {
      if (found.words.length === 1 && firstNames.has(found.words[0] as string) && fullNameOfSomeoneElse(words, joined, found.end)) continue;
      const hit = resolve(found.targets, context.technicians);
      if (hit) techs.add(hit);
      else ambiguous.add(found.words.join(' '));
    }
    const svc = new Set<string>();
    for (const { targets } of scan(services, lowerWords(text))) {
      const hit = resolve(targets, context.services);
      if (hit) svc.add(hit);
    }
    const area = new Set<string>();
    for (const { targets } of scan(areas, words)) for (const t of targets) area.add(t);
    return {
      technicians: order(techOrder, techs),
      services: order(serviceOrder, svc),
      service_areas: order(business.service_areas, area),
      ambiguous: [...ambiguous].sort(),
    };
  };
}
