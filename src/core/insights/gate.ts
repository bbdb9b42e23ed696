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

/** The candidate's features before they are conjoined with its aspect. */
function baseFeatures(words: readonly string[], c: GateCandidate): string[] {
  const out = ['bias', `str:${strengthBucket(c.strength)}`, `len:${lengthBucket(words.length)}`, `asp:${Math.min(c.aspects, 3)}`];
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
  for (const w of c.clauseWords) add(`c:${w}`);
  return out;
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

function probability(table: Map<string, Float64Array>, base: readonly string[], aspect: AspectId): number {
  const k = ASPECT_IDS.indexOf(aspect) + 1;
  let z = 0;
  for (const f of base) {
    const row = table.get(f);
    if (row) z += (row[0] as number) + (row[k] as number);
  }
  return 1 / (1 + Math.exp(-z));
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
  /** Features before they are conjoined with the aspect */
  base: string[];
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
      out.push({ sentence, aspect, base: baseFeatures(words, { aspect, strength, aspects: byAspect.size, clauseWords: clauses.flatMap(gateWords) }) });
  }
  return out;
}

/** One candidate per aspect and sentence the lexicon read, with its feature names (for training). */
export function gateCandidates(
  mentions: readonly Reading[],
  sentences: readonly { text: string }[],
): { sentence: number; aspect: AspectId; features: string[] }[] {
  return candidates(mentions, sentences).map((c) => ({
    sentence: c.sentence,
    aspect: c.aspect,
    features: [...c.base, ...c.base.map((f) => `${c.aspect}|${f}`)],
  }));
}

/** The readings the gate keeps. */
export function applyGate<M extends Reading>(model: GateModel, mentions: readonly M[], sentences: readonly { text: string }[]): M[] {
  if (mentions.length === 0) return [];
  const table = compile(model);
  const drop = new Set(
    candidates(mentions, sentences)
      .filter((c) => probability(table, c.base, c.aspect) < model.threshold)
      .map((c) => `${c.sentence}:${c.aspect}`),
  );
  return drop.size === 0 ? [...mentions] : mentions.filter((m) => !drop.has(`${m.sentence}:${m.aspect}`));
}
