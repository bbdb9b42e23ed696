// Trains the per-aspect sentence model (src/core/insights/classifier.ts) on the hand-labelled
// real dev sentences and writes src/core/insights/model.json. Deterministic: fixed feature
// order, full-batch gradient descent from zero, weights rounded, so the same data gives the
// same file. `--cv` instead reports 5-fold cross-validation on dev for a grid of settings
// (the held-out set is never read).
// Usage: node scripts/train-insights-model.ts [--cv]
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeReview, aspectPolarities } from '../src/core/insights/analyze.ts';
import { type AspectWeights, type SentenceModel, sentenceFeatures } from '../src/core/insights/classifier.ts';
import { type Evaluation, evaluate, type GoldSentence } from '../src/core/insights/evaluate.ts';
import { ASPECT_IDS, type AspectId } from '../src/core/schemas/aspects.ts';
import { EVAL_SETS, loadGold } from './eval-insights.ts';

export const MODEL_FILE = fileURLToPath(new URL('../src/core/insights/model.json', import.meta.url));

export interface TrainSettings {
  l2: number;
  epochs: number;
  rate: number;
  /** Features seen in fewer training sentences are left out */
  minCount: number;
  keep: number;
  add: number;
  gate: number;
  lexicon: boolean;
}

export const SETTINGS: TrainSettings = { l2: 0.003, epochs: 500, rate: 4, minCount: 2, keep: 0, add: 0.6, gate: 0.8, lexicon: false };

interface Example {
  features: string[];
  words: string[];
  labels: Set<AspectId>;
  /** More of its labels praise than criticise */
  positive: boolean;
}

function examples(sentences: readonly GoldSentence[]): Example[] {
  return sentences.map((g) => {
    const a = analyzeReview(g.text, { model: null });
    const found = new Set(a.mentions.map((m) => m.aspect));
    // a labelled "sentence" can split into several; the model sees it whole, as one
    return {
      features: sentenceFeatures(g.text, found),
      words: sentenceFeatures(g.text, null),
      labels: new Set(g.aspects.map((x) => x.aspect)),
      positive: 2 * g.aspects.filter((x) => x.polarity === 'positive').length > g.aspects.length,
    };
  });
}

const round = (n: number) => Math.round(n * 1e4) / 1e4 || 0;

export function train(data: readonly Example[], s: TrainSettings): SentenceModel {
  const counts = new Map<string, number>();
  const feats = data.map((e) => (s.lexicon ? e.features : e.words));
  for (const f0 of feats) for (const f of f0) counts.set(f, (counts.get(f) ?? 0) + 1);
  const vocab = [...counts]
    .filter(([, c]) => c >= s.minCount)
    .map(([f]) => f)
    .sort();
  const index = new Map(vocab.map((f, i) => [f, i]));
  const rows = feats.map((e) => e.map((f) => index.get(f)).filter((i): i is number => i !== undefined));
  const fit = (y: readonly number[], only: (e: Example) => boolean = () => true): AspectWeights => {
    const w = new Float64Array(vocab.length);
    let b = 0;
    const n = data.length;
    for (let epoch = 0; epoch < s.epochs; epoch++) {
      const g = new Float64Array(vocab.length);
      let gb = 0;
      rows.forEach((r, k) => {
        if (!only(data[k] as Example)) return;
        let z = b;
        for (const i of r) z += w[i] as number;
        const err = 1 / (1 + Math.exp(-z)) - (y[k] as number);
        gb += err;
        for (const i of r) g[i] = (g[i] as number) + err;
      });
      b -= (s.rate * gb) / n;
      for (let i = 0; i < w.length; i++) w[i] = (w[i] as number) - s.rate * ((g[i] as number) / n + s.l2 * (w[i] as number));
    }
    const weights: Record<string, number> = {};
    vocab.forEach((f, i) => {
      const v = round(w[i] as number);
      if (Math.abs(v) >= 0.01) weights[f] = v;
    });
    return { bias: round(b), weights };
  };
  const aspects = {} as Record<AspectId, AspectWeights>;
  for (const aspect of ASPECT_IDS) aspects[aspect] = fit(data.map((e) => (e.labels.has(aspect) ? 1 : 0)));
  const none = fit(data.map((e) => (e.labels.size === 0 ? 1 : 0)));
  // polarity is learned only from sentences that judge something
  const positive = fit(
    data.map((e) => (e.positive ? 1 : 0)),
    (e) => e.labels.size > 0,
  );
  return { keep: s.keep, add: s.add, gate: s.gate, none, positive, lexicon: s.lexicon, aspects };
}

const FOLDS = 5;
const foldModels = new Map<string, SentenceModel[]>();

function crossValidate(dev: readonly GoldSentence[], all: readonly Example[], s: TrainSettings, folds = FOLDS) {
  const key = `${s.l2}/${s.rate}/${s.epochs}/${s.minCount}/${s.lexicon}`;
  if (!foldModels.has(key)) {
    foldModels.set(
      key,
      Array.from({ length: folds }, (_, f) =>
        train(
          all.filter((_, i) => i % folds !== f),
          s,
        ),
      ),
    );
  }
  const models = foldModels.get(key) as SentenceModel[];
  const total = { all: tally(), r4: tally() };
  for (let f = 0; f < folds; f++) {
    const model = { ...(models[f] as SentenceModel), keep: s.keep, add: s.add, gate: s.gate };
    const test = dev.filter((_, i) => i % folds === f);
    const predict = (text: string) => aspectPolarities(analyzeReview(text, { model }).mentions);
    add(total.all, evaluate(test, predict));
    // round 4: in the dev set now, but the lexicon was never tuned on it, so it shows what fresh text does
    add(
      total.r4,
      evaluate(
        test.filter((g) => Number(g.id.slice(1)) >= ROUND_4),
        predict,
      ),
    );
  }
  return { all: summary(total.all), r4: summary(total.r4) };
}

const ROUND_4 = 700;
const tally = () => ({ tp: 0, pred: 0, gold: 0, pol: 0, fp: 0, none: 0 });
function add(t: ReturnType<typeof tally>, e: Evaluation): void {
  t.tp += e.overall.true_positives;
  t.pred += e.overall.predicted_aspects;
  t.gold += e.overall.gold_aspects;
  t.pol += Math.round(e.overall.polarity_accuracy * e.overall.true_positives);
  t.fp += e.no_aspect.with_prediction;
  t.none += e.no_aspect.sentences;
}
function summary(t: ReturnType<typeof tally>) {
  const p = t.tp / t.pred;
  const r = t.tp / t.gold;
  return { p, r, f1: (2 * p * r) / (p + r), pol: t.pol / t.tp, fp: t.fp / t.none };
}

/** The model file's text for the current dev set and lexicon. */
export function modelFileText(): string {
  return `${JSON.stringify(train(examples(loadGold(EVAL_SETS['real-dev'].file)), SETTINGS))}\n`;
}

if (import.meta.main && process.argv.includes('--cv')) {
  const dev = loadGold(EVAL_SETS['real-dev'].file);
  const all = examples(dev);
  const base = evaluate(dev, (text) => aspectPolarities(analyzeReview(text, { model: null }).mentions));
  console.log(`lexicon alone on dev: F1 ${base.overall.f1} pol ${base.overall.polarity_accuracy} FP ${base.no_aspect.false_positive_rate}`);
  const f = (n: number) => n.toFixed(3);
  const r4 = evaluate(
    dev.filter((g) => Number(g.id.slice(1)) >= ROUND_4),
    (text) => aspectPolarities(analyzeReview(text, { model: null }).mentions),
  );
  console.log(`lexicon alone on round 4: F1 ${r4.overall.f1} pol ${r4.overall.polarity_accuracy} FP ${r4.no_aspect.false_positive_rate}`);
  const line = (r: ReturnType<typeof summary>) => `P ${f(r.p)} R ${f(r.r)} F1 ${f(r.f1)} pol ${f(r.pol)} FP ${f(r.fp)}`;
  for (const [add, gate] of [
    [0.5, 0.8],
    [0.6, 0.8],
    [0.7, 0.8],
  ] as const) {
    const r = crossValidate(dev, all, { ...SETTINGS, add, gate });
    console.log(`add ${add} gate ${gate}: all ${line(r.all)} | round 4 ${line(r.r4)}`);
  }
} else if (import.meta.main) {
  writeFileSync(MODEL_FILE, modelFileText());
  console.log(`wrote ${MODEL_FILE}`);
}
