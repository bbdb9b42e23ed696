// A per-aspect logistic regression over a sentence's words, word pairs and the lexicon's own
// findings. It decides whether a sentence judges an aspect at all; the lexicon keeps polarity.
// Trained once on the hand-labelled real sentences by scripts/train-insights-model.ts, which
// writes model.json (committed and reviewed like the lexicon).
import { ASPECT_IDS, type AspectId } from '../schemas/aspects.ts';
import { tokenize } from './text.ts';

export interface AspectWeights {
  bias: number;
  weights: Record<string, number>;
}

export interface SentenceModel {
  /** Lexicon hits with a probability under this are dropped */
  keep: number;
  /** Aspects the lexicon missed are added at or above this probability */
  add: number;
  /** Every mention of a sentence is dropped when it judges nothing with at least this probability */
  gate: number;
  /** Whether a sentence judges nothing at all (only the firm as a whole, or narration) */
  none: AspectWeights;
  /** Whether a sentence that judges something praises it; used for added aspects the lexicon could not score */
  positive: AspectWeights;
  /** Whether the models see the lexicon's findings ("lex:" features) or only the words */
  lexicon: boolean;
  aspects: Record<AspectId, AspectWeights>;
}

/** Features of one sentence: words, adjacent word pairs, and which aspects the lexicon found in it. */
export function sentenceFeatures(sentence: string, lexicon: ReadonlySet<AspectId> | null): string[] {
  const words = tokenize(sentence)
    .filter((t) => !t.punct)
    .map((t) => (/^\$?\d/.test(t.t) ? '#' : t.t));
  const out = new Set<string>();
  for (let i = 0; i < words.length; i++) {
    out.add(`w:${words[i]}`);
    if (i > 0) out.add(`b:${words[i - 1]} ${words[i]}`);
  }
  if (lexicon) {
    for (const a of lexicon) out.add(`lex:${a}`);
    out.add(lexicon.size === 0 ? 'lex:none' : 'lex:some');
  }
  if (words.length <= 3) out.add('len:short');
  return [...out].sort();
}

/** Probability that the sentence with these features judges `aspect`. */
export function aspectProbability(w: AspectWeights, features: readonly string[]): number {
  let z = w.bias;
  for (const f of features) z += w.weights[f] ?? 0;
  return 1 / (1 + Math.exp(-z));
}

/** Probability per aspect, in the public aspect order. */
export function aspectProbabilities(model: SentenceModel, features: readonly string[]): Map<AspectId, number> {
  return new Map(ASPECT_IDS.map((id) => [id, aspectProbability(model.aspects[id], features)]));
}
