import type { Polarity } from '../schemas/aspects.ts';
import { splitSentences, type Token, tokenize } from './text.ts';

// Key phrases: word n-grams (2-4 words) that start and end on a content word, counted
// once per review. A phrase inside a longer one that is nearly as frequent gives way to
// it ("same day" to "same day service").

export interface TopicInput {
  id: string;
  text: string;
  /** Sentiment of the whole review text */
  polarity: Polarity;
}

export interface Topic {
  phrase: string;
  /** Reviews whose text contains the phrase */
  reviews: number;
  positive: number;
  negative: number;
  neutral: number;
  /** The first reviews containing it, in input order (newest first) */
  review_ids: string[];
}

export interface TopicOptions {
  /** Lower-case words that may not start or end a phrase (sentiment words, people's names) */
  exclude?: (word: string) => boolean;
  max?: number;
  examples?: number;
  /** Function words of every language the texts are in; English when not given */
  words?: TopicWords;
}

export interface TopicWords {
  /** Words that may not start or end a phrase */
  stopwords: ReadonlySet<string>;
  /** Words that break a phrase even in its middle */
  breaks: ReadonlySet<string>;
  /** Pronouns and auxiliaries a phrase may not run through */
  middleBlock: ReadonlySet<string>;
}

export const STOPWORDS = new Set(
  `a about above after again all almost also am an and any are as at away back be because been before being below
  between both but by came can can't come could couldn't did didn't do does doesn't doing don't done down during each
  even ever every few for from get gets getting got had hadn't has hasn't have haven't having he he'd he's her here hers
  herself him himself his how i i'd i'll i'm i've if in into is isn't it it's its itself just let like made make many me
  more most much must my myself need needed new no nor not now of off on once one only or other our ours ourselves out
  over own really right said say says see she she's should so some still such take than that that's the their
  theirs them themselves then there there's these they they'd they're they've thing things this those though through
  time times to too took under until up upon us very was wasn't way we we'd we're we've well went were weren't what
  when where which while who whom why will with within without won't would wouldn't yet you you're your yours
  yourself since around another ever went go going gone told call called calls asked ask day days week weeks today
  yesterday tomorrow morning afternoon evening hour hours minute minutes year years month months company guys guy
  overall definitely highly absolutely truly always never recommend recommended again first last next two three four
  five six seven eight nine ten second third everything anything something nothing bit lot lots sure felt feel seemed
  monday tuesday wednesday thursday friday`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words that break a phrase even in its middle: a phrase never spans two clauses. */
export const BREAKS = new Set([
  'but',
  'however',
  'although',
  'though',
  'because',
  'when',
  'which',
  'who',
  'that',
  'since',
  'after',
  'before',
  'while',
  'if',
  'then',
  'so',
]);

/** Pronouns and auxiliaries: a phrase may not run through them ("appointment was two"). */
export const MIDDLE_BLOCK = new Set(
  (
    'i me my we us our you your he him his she her they them their it its was were is ' +
    'are am be been being had has have do did does will would could should can'
  ).split(' '),
);

const MIN_N = 2;
const MAX_N = 4;
/** A longer phrase absorbs a shorter one it contains when it has this share of its reviews. */
const ABSORB = 0.8;
/** A phrase is left out when this share of its reviews already show a higher-ranked topic. */
const REDUNDANT = 0.8;

interface Stats {
  reviews: number;
  positive: number;
  negative: number;
  neutral: number;
  ids: string[];
  /** Indices of the reviews containing it, ascending */
  rows: number[];
  surfaces: Map<string, number>;
}

/** Runs of word tokens between separators and clause-breaking words. */
function runs(text: string, words: TopicWords): { tokens: Token[]; sentenceStart: number }[] {
  const out: { tokens: Token[]; sentenceStart: number }[] = [];
  for (const s of splitSentences(text)) {
    let run: Token[] = [];
    for (const tok of tokenize(s.text, s.start)) {
      if (tok.punct || words.breaks.has(tok.t)) {
        if (run.length >= MIN_N) out.push({ tokens: run, sentenceStart: s.start });
        run = [];
      } else run.push(tok);
    }
    if (run.length >= MIN_N) out.push({ tokens: run, sentenceStart: s.start });
  }
  return out;
}

function forEachPhrase(
  text: string,
  words: TopicWords,
  isEdge: (w: string) => boolean,
  visit: (key: string, from: Token, to: Token, sentenceStart: number) => void,
): void {
  for (const { tokens, sentenceStart } of runs(text, words)) {
    for (let i = 0; i < tokens.length; i++) {
      const first = tokens[i] as Token;
      if (!isEdge(first.t)) continue;
      let key = first.t;
      for (let j = i + 1; j < tokens.length && j < i + MAX_N; j++) {
        const last = tokens[j] as Token;
        key += ` ${last.t}`;
        if (isEdge(last.t)) visit(key, first, last, sentenceStart);
        if (words.middleBlock.has(last.t)) break;
      }
    }
  }
}

/** Size of the intersection of two ascending lists. */
function overlap(a: readonly number[], b: readonly number[]): number {
  let n = 0;
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      n += 1;
      i += 1;
      j += 1;
    } else if (x < y) i += 1;
    else j += 1;
  }
  return n;
}

export function extractTopics(inputs: readonly TopicInput[], options: TopicOptions = {}): Topic[] {
  const exclude = options.exclude ?? (() => false);
  const words = options.words ?? { stopwords: STOPWORDS, breaks: BREAKS, middleBlock: MIDDLE_BLOCK };
  const isEdge = (w: string) => w.length > 1 && !words.stopwords.has(w) && !exclude(w) && !/^[\d$]/.test(w);
  const max = options.max ?? 20;
  const examples = options.examples ?? 5;
  const minReviews = Math.max(3, Math.ceil(inputs.length * 0.002));

  // Pass 1 counts reviews per phrase; pass 2 collects details for the frequent ones only,
  // which keeps memory flat on large inputs.
  const df = new Map<string, number>();
  for (const input of inputs) {
    const seen = new Set<string>();
    forEachPhrase(input.text, words, isEdge, (key) => seen.add(key));
    for (const key of seen) df.set(key, (df.get(key) ?? 0) + 1);
  }
  const stats = new Map<string, Stats>();
  for (const [key, n] of df) {
    if (n >= minReviews) stats.set(key, { reviews: 0, positive: 0, negative: 0, neutral: 0, ids: [], rows: [], surfaces: new Map() });
  }
  inputs.forEach((input, row) => {
    const seen = new Set<string>();
    forEachPhrase(input.text, words, isEdge, (key, from, to, sentenceStart) => {
      const s = stats.get(key);
      if (!s) return;
      let surface = input.text.slice(from.start, to.end);
      // Sentence-initial capitals are not part of the phrase; acronyms ("AC") are.
      if (from.start === sentenceStart && /^\p{Lu}\p{Ll}/u.test(surface)) surface = surface[0]?.toLowerCase() + surface.slice(1);
      s.surfaces.set(surface, (s.surfaces.get(surface) ?? 0) + 1);
      if (seen.has(key)) return;
      seen.add(key);
      s.reviews += 1;
      s[input.polarity] += 1;
      s.rows.push(row);
      if (s.ids.length < examples) s.ids.push(input.id);
    });
  });

  const absorbed = new Set<string>();
  for (const [key, s] of stats) {
    const words = key.split(' ');
    for (let n = MIN_N; n < words.length; n++) {
      for (let i = 0; i + n <= words.length; i++) {
        const sub = words.slice(i, i + n).join(' ');
        const t = stats.get(sub);
        if (t && s.reviews >= ABSORB * t.reviews) absorbed.add(sub);
      }
    }
  }
  const ranked = [...stats.keys()].filter((k) => !absorbed.has(k));
  ranked.sort((a, b) => (stats.get(b) as Stats).reviews - (stats.get(a) as Stats).reviews || (a < b ? -1 : a > b ? 1 : 0));
  const kept: string[] = [];
  for (const key of ranked) {
    if (kept.length === max) break;
    const rows = (stats.get(key) as Stats).rows;
    if (!kept.some((k) => overlap(rows, (stats.get(k) as Stats).rows) >= REDUNDANT * rows.length)) kept.push(key);
  }
  return kept.map((key) => {
    const s = stats.get(key) as Stats;
    const phrase = [...s.surfaces].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0))[0]?.[0] ?? key;
    return { phrase, reviews: s.reviews, positive: s.positive, negative: s.negative, neutral: s.neutral, review_ids: s.ids };
  });
}
