import { ASPECT_IDS, type AspectId, isAspectId, type Polarity } from '../schemas/aspects.ts';

export interface AspectLabel {
  aspect: AspectId;
  polarity: Polarity;
}

export interface GoldSentence {
  id: string;
  text: string;
  aspects: AspectLabel[];
  tags?: string[];
  /** The star rating of the review the sentence comes from (`source.stars`), when known */
  stars?: number;
}

export interface Scores {
  sentences: number;
  gold_aspects: number;
  predicted_aspects: number;
  true_positives: number;
  precision: number;
  recall: number;
  f1: number;
  /** Correct polarity among the aspects found (true positives) */
  polarity_accuracy: number;
  /** Aspect and polarity both right, over the gold labels */
  joint_recall: number;
}

/** Sentences labelled with no aspect, and how many of them got one anyway. */
export interface NoAspectScores {
  sentences: number;
  with_prediction: number;
  false_positive_rate: number;
}

export interface Evaluation {
  overall: Scores;
  no_aspect: NoAspectScores;
  /** Odd ids were looked at while tuning the lexicon; even ids were not */
  splits: { dev: Scores; held_out: Scores };
  per_aspect: Record<AspectId, Scores>;
  per_tag: Record<string, Scores>;
  errors: { id: string; text: string; gold: AspectLabel[]; predicted: AspectLabel[] }[];
}

const POLARITY_SET = new Set(['positive', 'negative', 'neutral']);

/** Parses and checks one line of the gold file; throws naming what is wrong. */
export function parseGoldLine(line: string): GoldSentence {
  const raw = JSON.parse(line) as Partial<GoldSentence>;
  if (typeof raw.id !== 'string' || typeof raw.text !== 'string' || !Array.isArray(raw.aspects)) {
    throw new Error('needs string "id", string "text" and array "aspects"');
  }
  const seen = new Set<string>();
  for (const a of raw.aspects) {
    if (!isAspectId(a?.aspect) || !POLARITY_SET.has(a?.polarity)) throw new Error(`bad label ${JSON.stringify(a)}`);
    if (seen.has(a.aspect)) throw new Error(`aspect "${a.aspect}" labelled twice`);
    seen.add(a.aspect);
  }
  const stars = (raw as { source?: { stars?: unknown } }).source?.stars;
  if (stars !== undefined && !(Number.isInteger(stars) && (stars as number) >= 1 && (stars as number) <= 5))
    throw new Error(`bad source.stars ${JSON.stringify(stars)}`);
  return {
    id: raw.id,
    text: raw.text,
    aspects: raw.aspects,
    ...(raw.tags ? { tags: raw.tags } : {}),
    ...(stars !== undefined ? { stars: stars as number } : {}),
  };
}

interface Counts {
  sentences: number;
  gold: number;
  predicted: number;
  tp: number;
  polarityCorrect: number;
}

const zero = (): Counts => ({ sentences: 0, gold: 0, predicted: 0, tp: 0, polarityCorrect: 0 });
const r3 = (n: number) => Math.round(n * 1000) / 1000;
const ratio = (a: number, b: number) => (b === 0 ? 1 : r3(a / b));

function scores(c: Counts): Scores {
  const precision = ratio(c.tp, c.predicted);
  const recall = ratio(c.tp, c.gold);
  return {
    sentences: c.sentences,
    gold_aspects: c.gold,
    predicted_aspects: c.predicted,
    true_positives: c.tp,
    precision,
    recall,
    f1: precision + recall === 0 ? 0 : r3((2 * precision * recall) / (precision + recall)),
    polarity_accuracy: ratio(c.polarityCorrect, c.tp),
    joint_recall: ratio(c.polarityCorrect, c.gold),
  };
}

/** Micro-averaged aspect detection and polarity scores of `predict` on the gold sentences. */
export function evaluate(gold: readonly GoldSentence[], predict: (text: string, sentence: GoldSentence) => AspectLabel[]): Evaluation {
  const overall = zero();
  const dev = zero();
  const heldOut = zero();
  const perAspect = new Map<AspectId, Counts>(ASPECT_IDS.map((id) => [id, zero()]));
  const perTag = new Map<string, Counts>();
  const errors: Evaluation['errors'] = [];
  const noAspect = { sentences: 0, with_prediction: 0 };
  for (const g of gold) {
    const predicted = predict(g.text, g);
    if (g.aspects.length === 0) {
      noAspect.sentences += 1;
      if (predicted.length > 0) noAspect.with_prediction += 1;
    }
    const goldBy = new Map(g.aspects.map((a) => [a.aspect, a.polarity]));
    const predBy = new Map(predicted.map((a) => [a.aspect, a.polarity]));
    const num = Number(g.id.replace(/\D/g, ''));
    const buckets = [overall, num % 2 === 1 ? dev : heldOut];
    for (const tag of g.tags ?? []) {
      if (!perTag.has(tag)) perTag.set(tag, zero());
      buckets.push(perTag.get(tag) as Counts);
    }
    for (const b of buckets) b.sentences += 1;
    let wrong = false;
    for (const aspect of ASPECT_IDS) {
      const gp = goldBy.get(aspect);
      const pp = predBy.get(aspect);
      if (gp === undefined && pp === undefined) continue;
      const bs = [...buckets, perAspect.get(aspect) as Counts];
      for (const b of bs) {
        if (gp !== undefined) b.gold += 1;
        if (pp !== undefined) b.predicted += 1;
        if (gp !== undefined && pp !== undefined) b.tp += 1;
        if (gp !== undefined && gp === pp) b.polarityCorrect += 1;
      }
      if (gp !== pp) wrong = true;
    }
    if (wrong) errors.push({ id: g.id, text: g.text, gold: g.aspects, predicted });
  }
  return {
    overall: scores(overall),
    no_aspect: { ...noAspect, false_positive_rate: noAspect.sentences === 0 ? 0 : r3(noAspect.with_prediction / noAspect.sentences) },
    splits: { dev: scores(dev), held_out: scores(heldOut) },
    per_aspect: Object.fromEntries([...perAspect].map(([k, v]) => [k, scores(v)])) as Record<AspectId, Scores>,
    per_tag: Object.fromEntries([...perTag].sort(([a], [b]) => (a < b ? -1 : 1)).map(([k, v]) => [k, scores(v)])),
    errors,
  };
}
