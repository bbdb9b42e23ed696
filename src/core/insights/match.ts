import type { AspectId } from '../schemas/aspects.ts';
import { negatorTest } from './general.ts';
import type { LanguagePack, Lexicon } from './language.ts';
import type { Score } from './lexicon.ts';

export type EntryKind = 'cue' | 'weak' | 'term' | 'modifier' | 'polar' | 'negator' | 'neutral' | 'irrealis';

export interface Entry {
  phrase: string;
  kind: EntryKind;
  aspects: readonly AspectId[];
  score: Score;
}

export interface Match {
  entry: Entry;
  /** Index of the first word, and one past the last, in the word list */
  from: number;
  to: number;
}

interface Node {
  exact: Map<string, Node>;
  prefixes: [string, Node][];
  entry?: Entry;
}

const newNode = (): Node => ({ exact: new Map(), prefixes: [] });

function insert(root: Node, entry: Entry): void {
  let node = root;
  for (const part of entry.phrase.split(' ')) {
    if (part.endsWith('*')) {
      const prefix = part.slice(0, -1);
      let child = node.prefixes.find(([p]) => p === prefix)?.[1];
      if (!child) {
        child = newNode();
        node.prefixes.push([prefix, child]);
      }
      node = child;
    } else {
      let child = node.exact.get(part);
      if (!child) {
        child = newNode();
        node.exact.set(part, child);
      }
      node = child;
    }
  }
  if (node.entry && node.entry.kind !== entry.kind) {
    throw new Error(`lexicon: "${entry.phrase}" is both ${node.entry.kind} and ${entry.kind}`);
  }
  if (node.entry) {
    node.entry = { ...node.entry, aspects: [...new Set([...node.entry.aspects, ...entry.aspects])] };
  } else node.entry = entry;
}

function buildTrie(lex: Lexicon): Node {
  const root = newNode();
  const none: AspectId[] = [];
  for (const [aspect, phrases] of Object.entries(lex.cues) as [AspectId, string[]][]) {
    for (const phrase of phrases) insert(root, { phrase, kind: 'cue', aspects: [aspect], score: 0 });
  }
  for (const [aspect, phrases] of Object.entries(lex.weakCues) as [AspectId, string[]][]) {
    for (const phrase of phrases) insert(root, { phrase, kind: 'weak', aspects: [aspect], score: 0 });
  }
  for (const [aspect, terms] of Object.entries(lex.terms) as [AspectId, Record<string, number>][]) {
    for (const [phrase, score] of Object.entries(terms)) insert(root, { phrase, kind: 'term', aspects: [aspect], score });
  }
  for (const [phrase, aspects, score] of lex.multiTerms) insert(root, { phrase, kind: 'term', aspects, score });
  for (const [phrase, aspect, score] of lex.modifiers) insert(root, { phrase, kind: 'modifier', aspects: [aspect], score });
  for (const [phrase, score] of Object.entries(lex.polar)) insert(root, { phrase, kind: 'polar', aspects: none, score });
  for (const phrase of lex.negators) insert(root, { phrase, kind: 'negator', aspects: none, score: 0 });
  for (const phrase of lex.neutral) insert(root, { phrase, kind: 'neutral', aspects: none, score: 0 });
  for (const phrase of lex.irrealis) insert(root, { phrase, kind: 'irrealis', aspects: none, score: 0 });
  return root;
}

interface Compiled {
  root: Node;
  isNegator: (word: string) => boolean;
}

/** Each pack's lexicon is compiled once, on first use. */
const compiled = new WeakMap<LanguagePack, Compiled>();

function compile(pack: LanguagePack): Compiled {
  let c = compiled.get(pack);
  if (!c) {
    c = { root: buildTrie(pack.lexicon), isNegator: negatorTest(pack.generalNegators, pack.negatorPattern) };
    compiled.set(pack, c);
  }
  return c;
}

const NEGATOR_ENTRY: Entry = { phrase: 'not', kind: 'negator', aspects: [], score: 0 };

function children(node: Node, word: string): Node[] {
  const out: Node[] = [];
  const exact = node.exact.get(word);
  if (exact) out.push(exact);
  for (const [prefix, child] of node.prefixes) if (word.startsWith(prefix)) out.push(child);
  return out;
}

/** The longest lexicon phrase starting at `from`, if any. */
function longestAt(root: Node, words: readonly string[], from: number): Match | undefined {
  let best: Match | undefined;
  let frontier = [root];
  for (let i = from; i < words.length && frontier.length; i++) {
    const next: Node[] = [];
    for (const node of frontier) next.push(...children(node, words[i] as string));
    for (const node of next) if (node.entry && (!best || i + 1 > best.to)) best = { entry: node.entry, from, to: i + 1 };
    frontier = next;
  }
  return best;
}

/** Greedy left-to-right longest-match of the lexicon over a clause's words. */
export function matchLexicon(words: readonly string[], pack: LanguagePack): Match[] {
  const { root, isNegator } = compile(pack);
  const matches: Match[] = [];
  for (let i = 0; i < words.length; ) {
    const m = longestAt(root, words, i);
    if (m) {
      matches.push(m);
      i = m.to;
    } else {
      if (isNegator(words[i] as string)) matches.push({ entry: NEGATOR_ENTRY, from: i, to: i + 1 });
      i += 1;
    }
  }
  return matches;
}
