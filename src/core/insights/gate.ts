import { ASPECT_IDS, type AspectId } from '../schemas/aspects.ts';

/**
 * A learned check on the lexicon's readings: for each aspect the lexicon found in a sentence,
 * a logistic regression over the sentence's words and word pairs (and what the lexicon saw)
 * estimates whether the sentence judges or names that aspect at all. Readings below the
 * threshold are dropped. Trained by `npm run train:insights` on the dev sets only.
 */
export interface GateModel {
  /** Probability under which a reading is dropped */
  threshold: number;
  /** Per aspect, in place of `threshold` */
  thresholds?: Readonly<Partial<Record<AspectId, number>>>;
  /** Feature name to weight; aspect-specific features are prefixed with `<aspect>|` */
  weights: Readonly<Record<string, number>>;
}

/** What the lexicon saw of one aspect in one sentence. */
export interface GateCandidate {
  aspect: AspectId;
  /** Words of the clauses the aspect was read in */
  clauseWords: readonly string[];
  /** Largest |score| of the aspect's mentions in the sentence */
  strength: number;
  /** Aspects the lexicon found in the sentence */
  aspects: number;
}

const WORD = /[a-z0-9]+(?:'[a-z]+)?/g;

/** Lower-cased words of a sentence, as the gate reads them. */
export function gateWords(sentence: string): string[] {
  return sentence.toLowerCase().match(WORD) ?? [];
}

function strengthBucket(s: number): string {
  return s < 0.5 ? 's0' : s < 2 ? 's1' : s < 4 ? 's2' : 's3';
}

function lengthBucket(n: number): string {
  return n <= 5 ? 'l0' : n <= 12 ? 'l1' : n <= 25 ? 'l2' : 'l3';
}

/** The sentence's own features: its words and adjacent word pairs, each once. */
function sentenceFeatures(words: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (f: string) => {
    if (!seen.has(f)) {
      seen.add(f);
      out.push(f);
    }
  };
  for (let i = 0; i < words.length; i++) {
    add(`w:${words[i]}`);
    if (i + 1 < words.length) add(`b:${words[i]}_${words[i + 1]}`);
  }
  return out;
}

/** What the candidate adds to its sentence's features: the lexicon's view and its clauses' words. */
function ownFeatures(sentenceLength: number, c: GateCandidate): string[] {
  const out = ['bias', `str:${strengthBucket(c.strength)}`, `len:${lengthBucket(sentenceLength)}`, `asp:${Math.min(c.aspects, 3)}`];
  for (const f of new Set(c.clauseWords.map((w) => `c:${w}`))) out.push(f);
  return out;
}

/** The candidate's features before they are conjoined with its aspect. */
function baseFeatures(words: readonly string[], c: GateCandidate): string[] {
  const own = ownFeatures(words.length, c);
  return [...own.slice(0, 4), ...sentenceFeatures(words), ...own.slice(4)];
}

/** Feature names of one candidate: shared ones and the same conjoined with its aspect (`<aspect>|<feature>`). */
export function gateFeatures(words: readonly string[], c: GateCandidate): string[] {
  const base = baseFeatures(words, c);
  return [...base, ...base.map((f) => `${c.aspect}|${f}`)];
}

export function gateProbability(model: GateModel, features: readonly string[]): number {
  let z = 0;
  for (const f of features) z += model.weights[f] ?? 0;
  return 1 / (1 + Math.exp(-z));
}

/** Per feature: its shared weight, then one per aspect in ASPECT_IDS order; the same sums as gateProbability, without building names. */
const compiled = new WeakMap<GateModel, Map<string, Float64Array>>();

function compile(model: GateModel): Map<string, Float64Array> {
  let table = compiled.get(model);
  if (table) return table;
  table = new Map();
  const slot = new Map<string, number>(ASPECT_IDS.map((a, i) => [a, i + 1]));
  for (const [name, w] of Object.entries(model.weights)) {
    const bar = name.indexOf('|');
    const k = bar > 0 ? slot.get(name.slice(0, bar)) : undefined;
    const base = k === undefined ? name : name.slice(bar + 1);
    let row = table.get(base);
    if (!row) {
      row = new Float64Array(ASPECT_IDS.length + 1);
      table.set(base, row);
    }
    row[k ?? 0] = w;
  }
  compiled.set(model, table);
  return table;
}

/** Sum of the shared and aspect weights of the features that have any. */
function logit(rows: readonly Float64Array[], k: number): number {
  let z = 0;
  for (const row of rows) z += (row[0] as number) + (row[k] as number);
  return z;
}

function rowsOf(table: Map<string, Float64Array>, features: readonly string[]): Float64Array[] {
  const out: Float64Array[] = [];
  for (const f of features) {
    const row = table.get(f);
    if (row) out.push(row);
  }
  return out;
}

interface Reading {
  aspect: AspectId;
  score: number;
  sentence: number;
  clause: string;
}

interface Candidate {
  sentence: number;
  aspect: AspectId;
  words: string[];
  info: GateCandidate;
}

function candidates(mentions: readonly Reading[], sentences: readonly { text: string }[]): Candidate[] {
  const bySentence = new Map<number, Map<AspectId, { strength: number; clauses: string[] }>>();
  for (const m of mentions) {
    let s = bySentence.get(m.sentence);
    if (!s) {
      s = new Map();
      bySentence.set(m.sentence, s);
    }
    const a = s.get(m.aspect);
    if (a) {
      a.strength = Math.max(a.strength, Math.abs(m.score));
      if (!a.clauses.includes(m.clause)) a.clauses.push(m.clause);
    } else s.set(m.aspect, { strength: Math.abs(m.score), clauses: [m.clause] });
  }
  const out: Candidate[] = [];
  for (const [sentence, byAspect] of bySentence) {
    const words = gateWords(sentences[sentence]?.text ?? '');
    for (const [aspect, { strength, clauses }] of byAspect)
      out.push({ sentence, aspect, words, info: { aspect, strength, aspects: byAspect.size, clauseWords: clauses.flatMap(gateWords) } });
  }
  return out;
}

/** One candidate per aspect and sentence the lexicon read, with its feature names (for training). */
export function gateCandidates(
  mentions: readonly Reading[],
  sentences: readonly { text: string }[],
): { sentence: number; aspect: AspectId; features: string[] }[] {
  return candidates(mentions, sentences).map((c) => ({ sentence: c.sentence, aspect: c.aspect, features: gateFeatures(c.words, c.info) }));
}

/** The readings the gate keeps. */
export function applyGate<M extends Reading>(model: GateModel, mentions: readonly M[], sentences: readonly { text: string }[]): M[] {
  if (mentions.length === 0) return [];
  const table = compile(model);
  // the sentence's words are looked up once for all the aspects read in it
  const sentenceRows = new Map<string[], Float64Array[]>();
  const logOdds = (p: number) => Math.log(p / (1 - p));
  const limits = ASPECT_IDS.map((a) => logOdds(model.thresholds?.[a] ?? model.threshold));
  const drop = new Set<string>();
  for (const c of candidates(mentions, sentences)) {
    let rows = sentenceRows.get(c.words);
    if (!rows) {
      rows = rowsOf(table, sentenceFeatures(c.words));
      sentenceRows.set(c.words, rows);
    }
    const k = ASPECT_IDS.indexOf(c.aspect) + 1;
    if (logit(rows, k) + logit(rowsOf(table, ownFeatures(c.words.length, c.info)), k) < (limits[k - 1] as number)) drop.add(`${c.sentence}:${c.aspect}`);
  }
  return drop.size === 0 ? [...mentions] : mentions.filter((m) => !drop.has(`${m.sentence}:${m.aspect}`));
}
