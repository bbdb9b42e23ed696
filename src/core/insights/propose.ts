import { ASPECT_IDS, type AspectId, type Polarity } from '../schemas/aspects.ts';
import { gateWords } from './gate.ts';

/**
 * A learned proposer: for each aspect the lexicon did not read in a sentence, a logistic
 * regression over the sentence's words and word pairs (and which aspects the lexicon did read)
 * estimates whether the sentence judges or names that aspect; at or above the threshold the
 * aspect is added. Trained by `npm run train:insights` on the dev sets only.
 */
export interface ProposerModel {
  /** Probability at or above which an aspect is added */
  threshold: number;
  /** Feature name to weight; aspect-specific features are prefixed with `<aspect>|` */
  weights: Readonly<Record<string, number>>;
}

function lengthBucket(n: number): string {
  return n <= 5 ? 'l0' : n <= 12 ? 'l1' : n <= 25 ? 'l2' : 'l3';
}

/** Features of a sentence that do not depend on the aspect asked about, each once. */
function sentenceFeatures(words: readonly string[], found: readonly AspectId[]): string[] {
  const out = ['bias', `len:${lengthBucket(words.length)}`, `asp:${Math.min(found.length, 3)}`, ...found.map((a) => `found:${a}`)];
  const seen = new Set<string>(out);
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

/** Feature names of one (sentence, aspect) pair: shared ones and the same conjoined with the aspect. */
export function proposerFeatures(words: readonly string[], found: readonly AspectId[], aspect: AspectId): string[] {
  const base = sentenceFeatures(words, found);
  return [...base, ...base.map((f) => `${aspect}|${f}`)];
}

const compiled = new WeakMap<ProposerModel, Map<string, Float64Array>>();

/** Per feature: its shared weight, then one per aspect in ASPECT_IDS order. */
function compile(model: ProposerModel): Map<string, Float64Array> {
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

export interface Proposal {
  aspect: AspectId;
  sentence: number;
  polarity: Polarity;
}

/**
 * Aspects to add, per sentence: those the lexicon did not read there and the model proposes.
 * An added aspect takes the direction of the sentence's own lexicon judgement when it has one,
 * else `fallback` (the review's stars).
 */
export function propose(
  model: ProposerModel,
  sentences: readonly { text: string }[],
  read: readonly { aspect: AspectId; sentence: number }[],
  sentenceScore: readonly number[],
  polarityOf: (score: number) => Polarity,
  fallback: Polarity,
): Proposal[] {
  const table = compile(model);
  const limit = Math.log(model.threshold / (1 - model.threshold));
  const out: Proposal[] = [];
  sentences.forEach((s, i) => {
    const found = ASPECT_IDS.filter((a) => read.some((m) => m.sentence === i && m.aspect === a));
    const rows: Float64Array[] = [];
    for (const f of sentenceFeatures(gateWords(s.text), found)) {
      const row = table.get(f);
      if (row) rows.push(row);
    }
    const own = polarityOf(sentenceScore[i] ?? 0);
    ASPECT_IDS.forEach((aspect, j) => {
      if (found.includes(aspect)) return;
      let z = 0;
      for (const row of rows) z += (row[0] as number) + (row[j + 1] as number);
      if (z >= limit) out.push({ aspect, sentence: i, polarity: own !== 'neutral' ? own : fallback });
    });
  });
  return out;
}
