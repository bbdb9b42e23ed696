// Trains the English reading gate (src/core/insights/gate.ts) on the dev sets only and writes
// src/core/insights/gate-en.json; `--cv` instead reports 5-fold cross-validation, folds by review.
// Deterministic: full-batch gradient descent from zero weights, features in sorted order.
// Usage: node scripts/train-insights-gate.ts [--out FILE] [--cv] [--threshold T] [--l2 L] [--en-weight W] [--epochs N] [--rate R] [--add T]
// The defaults are the settings chosen by cross-validation (src/core/insights/README.md).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeReview, aspectPolarities, type AspectMention } from '../src/core/insights/analyze.ts';
import { evaluate, type GoldSentence } from '../src/core/insights/evaluate.ts';
import { applyGate, type GateModel, gateCandidates, gateFeatures, gateProbability, gateWords } from '../src/core/insights/gate.ts';
import { ASPECT_IDS } from '../src/core/schemas/aspects.ts';
import type { AspectId } from '../src/core/schemas/aspects.ts';
import { EVAL_SETS, loadGold } from './eval-insights.ts';

/** The sets the gate may learn from: every English dev set, never a held-out one. */
const TRAIN_SETS = ['gold', 'real-dev', 'real-en-dev'] as const;
const outAt = process.argv.indexOf('--out');
const OUT = outAt >= 0 ? (process.argv[outAt + 1] as string) : fileURLToPath(new URL('../src/core/insights/gate-en.json', import.meta.url));

interface Candidate {
  features: string[];
  label: 0 | 1;
  weight: number;
}
interface Item {
  set: string;
  group: string;
  gold: GoldSentence;
  /** Readings without the gate, the sentences they are in, and each candidate's features */
  mentions: AspectMention[];
  sentences: { text: string }[];
  candidates: (Candidate & { aspect: AspectId })[];
  /** Text-level reading polarity and the words' features, for additions */
  polarity: 'positive' | 'negative' | 'neutral';
  words: string[];
}

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

/** The review a line comes from, so that no review is split across folds. */
function groupOf(line: { id: string; source?: Record<string, unknown> }): string {
  const s = line.source;
  if (!s) return line.id;
  if (typeof s.review_id === 'string') return `${s.repo}:${s.review_id}`;
  if (s.business !== undefined) return `${s.business}#${s.review}`;
  return line.id;
}

function load(enWeight: number): Item[] {
  const items: Item[] = [];
  for (const set of TRAIN_SETS) {
    const file = EVAL_SETS[set].file;
    const raw = readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { id: string; source?: Record<string, unknown> });
    const gold = loadGold(file);
    gold.forEach((g, i) => {
      const { mentions, sentences, polarity } = analyzeReview(g.text, { rating: g.stars, language: 'en', gate: null });
      const labelled = new Set(g.aspects.map((a) => a.aspect));
      const weight = set === 'real-en-dev' ? enWeight : 1;
      const candidates = gateCandidates(mentions, sentences).map((c) => ({ ...c, label: (labelled.has(c.aspect) ? 1 : 0) as 0 | 1, weight }));
      const words = gateWords(g.text);
      items.push({ set, group: `${set}:${groupOf(raw[i] as { id: string })}`, gold: g, mentions, sentences, candidates, polarity, words });
    });
  }
  return items;
}

export function train(cands: readonly Candidate[], l2: number, epochs = arg('--epochs', 1500), rate = arg('--rate', 1)): Record<string, number> {
  // features seen in at least two training candidates; the rest would only fit noise
  const count = new Map<string, number>();
  for (const c of cands) for (const f of c.features) count.set(f, (count.get(f) ?? 0) + 1);
  const names = [...count].filter(([f, n]) => n >= 2 || !f.includes(':') || f.startsWith('bias')).map(([f]) => f);
  names.sort();
  const index = new Map(names.map((f, i) => [f, i]));
  const rows = cands.map((c) => c.features.map((f) => index.get(f)).filter((i): i is number => i !== undefined));
  const w = new Float64Array(names.length);
  const total = cands.reduce((s, c) => s + c.weight, 0);
  for (let e = 0; e < epochs; e++) {
    const grad = new Float64Array(names.length);
    cands.forEach((c, k) => {
      const row = rows[k] as number[];
      let z = 0;
      for (const i of row) z += w[i] as number;
      const err = (1 / (1 + Math.exp(-z)) - c.label) * c.weight;
      for (const i of row) grad[i] = (grad[i] as number) + err;
    });
    for (let i = 0; i < w.length; i++) w[i] = (w[i] as number) - rate * ((grad[i] as number) / total + l2 * (w[i] as number));
  }
  const out: Record<string, number> = {};
  names.forEach((f, i) => {
    const v = Math.round((w[i] as number) * 1e3) / 1e3;
    if (Math.abs(v) >= 0.01) out[f] = v;
  });
  return out;
}

function gated(item: Item, model: GateModel | undefined, add?: { weights: Record<string, number>; t: number }) {
  const out = aspectPolarities(model ? applyGate(model, item.mentions, item.sentences) : item.mentions);
  if (add) {
    const found = new Set(item.mentions.map((m) => m.aspect));
    for (const aspect of ASPECT_IDS) {
      if (found.has(aspect)) continue;
      const p = gateProbability({ threshold: 0, weights: add.weights }, addFeatures(item, aspect));
      if (p >= add.t)
        out.push({
          aspect,
          polarity:
            item.polarity !== 'neutral'
              ? item.polarity
              : item.gold.stars === undefined || item.gold.stars === 3
                ? 'neutral'
                : item.gold.stars > 3
                  ? 'positive'
                  : 'negative',
        });
    }
  }
  return out;
}

function addFeatures(item: Item, aspect: AspectId): string[] {
  return gateFeatures(item.words, { aspect, strength: 0, aspects: new Set(item.mentions.map((m) => m.aspect)).size, clauseWords: [] }).filter((f) =>
    f.startsWith(`${aspect}|`),
  );
}

function addCandidates(its: readonly Item[]): Candidate[] {
  const out: Candidate[] = [];
  for (const it of its) {
    const found = new Set(it.mentions.map((m) => m.aspect));
    const labelled = new Set(it.gold.aspects.map((a) => a.aspect));
    for (const aspect of ASPECT_IDS) if (!found.has(aspect)) out.push({ features: addFeatures(it, aspect), label: labelled.has(aspect) ? 1 : 0, weight: 1 });
  }
  return out;
}

function fold(group: string): number {
  return (createHash('sha1').update(group).digest()[0] as number) % 5;
}

const l2 = arg('--l2', 0.001);
const enWeight = arg('--en-weight', 3);
const items = load(enWeight);

if (process.argv.includes('--cv')) {
  const thresholds = [0, 0.2, 0.3, 0.4, 0.5];
  const preds = new Map<number, Map<Item, ReturnType<typeof gated>>>(thresholds.map((t) => [t, new Map()]));
  for (let f = 0; f < 5; f++) {
    const weights = train(
      items.filter((it) => fold(it.group) !== f).flatMap((it) => it.candidates),
      l2,
    );
    const addT = arg('--add', 0);
    const add = addT > 0 ? { weights: train(addCandidates(items.filter((it) => fold(it.group) !== f)), l2), t: addT } : undefined;
    for (const t of thresholds)
      for (const it of items.filter((x) => fold(x.group) === f))
        (preds.get(t) as Map<Item, ReturnType<typeof gated>>).set(it, gated(it, t === 0 ? undefined : { threshold: t, weights }, add));
  }
  console.log(`5-fold CV by review, l2 ${l2}, English weight ${enWeight}`);
  for (const set of TRAIN_SETS)
    for (const t of thresholds) {
      const its = items.filter((it) => it.set === set);
      const byGold = new Map(its.map((it) => [it.gold, (preds.get(t) as Map<Item, ReturnType<typeof gated>>).get(it)]));
      const e = evaluate(
        its.map((it) => it.gold),
        (_text, g) => byGold.get(g) ?? [],
      );
      console.log(
        `${set.padEnd(12)} t=${t.toFixed(1)}  P ${e.overall.precision.toFixed(3)}  R ${e.overall.recall.toFixed(3)}  F1 ${e.overall.f1.toFixed(3)}  pol ${e.overall.polarity_accuracy.toFixed(3)}  FP ${e.no_aspect.with_prediction}/${e.no_aspect.sentences} (${(100 * e.no_aspect.false_positive_rate).toFixed(1)} %)`,
      );
    }
} else {
  const threshold = arg('--threshold', 0.2);
  const weights = train(
    items.flatMap((it) => it.candidates),
    l2,
  );
  const model: GateModel = { threshold, weights };
  writeFileSync(OUT, `${JSON.stringify(model, null, 2)}\n`);
  console.log(`wrote ${OUT}: ${Object.keys(weights).length} weights, threshold ${threshold}`);
}
