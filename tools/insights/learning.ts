// What `npm run train:insights` and `npm run cv:insights` share: the labelled sentences the English
// gate may learn from, the trainer (full-batch gradient descent from zero weights, features in
// sorted order, so the same data always gives the same weights) and the settings chosen by
// leave-one-round-out validation (research/insights.md).
import { readFileSync } from 'node:fs';
import { analyzeReview } from '../../src/core/insights/analyze.ts';
import type { GoldSentence } from '../../src/core/insights/evaluate.ts';
import { type GateModel, gateCandidates } from '../../src/core/insights/gate.ts';
import { EN } from '../../src/core/insights/lang-en.ts';
import type { LanguagePack } from '../../src/core/insights/language.ts';
import { ASPECT_IDS, type AspectId } from '../../src/core/schemas/aspects.ts';
import { type EvalSet, loadGold, setFile } from './eval.ts';

/** The sets the English gate may learn from: the dev sets, never a held-out one. */
export const TRAIN_SETS = ['gold', 'real-dev', 'real-en-dev'] as const;
/**
 * English rounds of the held-out file that are validation rounds now (scored more than once, to
 * join dev): the gate learns from them too. Any other round there is never read.
 */
export const VALIDATION_ROUNDS = ['E'] as const;

/**
 * The English round of a line, from its id: `yd` and digits is the first dev set (`0`), `yda…`
 * round A, … ; `yhe…` (held out) and `yde…` (after joining dev) are both round E.
 */
export function roundOf(id: string): string | undefined {
  const m = /^y[dh]([a-z]|\d)/.exec(id);
  if (!m) return undefined;
  const c = m[1] as string;
  return /\d/.test(c) ? '0' : c.toUpperCase();
}

export interface Item {
  set: string;
  /** The English round (`roundOf`), undefined for the gold file and machine-translated text */
  round: string | undefined;
  /** The review a line comes from: sentences of one review are never split between training and scoring */
  group: string;
  gold: GoldSentence;
  /** Gate candidates: one per aspect the lexicon read */
  gate: { aspect: AspectId; features: string[]; label: 0 | 1 }[];
}

/** The review a line comes from. */
function groupOf(set: string, line: { id: string; source?: Record<string, unknown> }): string {
  const s = line.source;
  if (!s) return `${set}:${line.id}`;
  if (typeof s.review_id === 'string') return `${s.repo}:${s.review_id}`;
  if (s.business !== undefined) return `${set}:${s.business}#${s.review}`;
  return `${set}:${line.id}`;
}

function rawLines(file: string): { id: string; source?: Record<string, unknown> }[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { id: string; source?: Record<string, unknown> });
}

/** Every line of the dev sets (and, with `validation`, of the validation rounds), read by the lexicon alone. */
export function loadItems(validation: boolean, pack: LanguagePack = EN): Item[] {
  const items: Item[] = [];
  const sources: [string, (id: string) => boolean][] = TRAIN_SETS.map((set) => [set, () => true]);
  if (validation) sources.push(['real-en-heldout', (id) => (VALIDATION_ROUNDS as readonly string[]).includes(roundOf(id) ?? '')]);
  for (const [set, keep] of sources) {
    const file = setFile(set as EvalSet);
    const raw = rawLines(file);
    loadGold(file).forEach((g, i) => {
      if (!keep(g.id)) return;
      const english = set.startsWith('real-en');
      const { mentions, sentences } = analyzeReview(g.text, { rating: g.stars, language: pack, gate: null });
      const labelled = new Set(g.aspects.map((a) => a.aspect));
      const label = (a: AspectId): 0 | 1 => (labelled.has(a) ? 1 : 0);
      const gate = gateCandidates(mentions, sentences).map((c) => ({ aspect: c.aspect, features: c.features, label: label(c.aspect) }));
      items.push({
        set,
        round: english ? roundOf(g.id) : undefined,
        group: groupOf(set, raw[i] as { id: string }),
        gold: g,
        gate,
      });
    });
  }
  return items;
}

export interface Candidate {
  features: readonly string[];
  label: 0 | 1;
  weight: number;
}

export interface TrainOptions {
  l2: number;
  /** Features seen in fewer training candidates are left out */
  minCount: number;
  epochs: number;
  rate: number;
}

export function train(cands: readonly Candidate[], o: TrainOptions): Record<string, number> {
  const count = new Map<string, number>();
  for (const c of cands) for (const f of c.features) count.set(f, (count.get(f) ?? 0) + 1);
  // features too rare would only fit noise; the bias and aspect-only features are always kept
  const names = [...count].filter(([f, n]) => n >= o.minCount || !f.includes(':') || f.startsWith('bias')).map(([f]) => f);
  names.sort();
  const index = new Map(names.map((f, i) => [f, i]));
  const rows = cands.map((c) => c.features.map((f) => index.get(f)).filter((i): i is number => i !== undefined));
  const w = new Float64Array(names.length);
  const total = cands.reduce((s, c) => s + c.weight, 0);
  for (let e = 0; e < o.epochs; e++) {
    const grad = new Float64Array(names.length);
    cands.forEach((c, k) => {
      const row = rows[k] as number[];
      let z = 0;
      for (const i of row) z += w[i] as number;
      const err = (1 / (1 + Math.exp(-z)) - c.label) * c.weight;
      for (const i of row) grad[i] = (grad[i] as number) + err;
    });
    for (let i = 0; i < w.length; i++) w[i] = (w[i] as number) - o.rate * ((grad[i] as number) / total + o.l2 * (w[i] as number));
  }
  const out: Record<string, number> = {};
  names.forEach((f, i) => {
    const v = Math.round((w[i] as number) * 1e3) / 1e3;
    if (Math.abs(v) >= 0.01) out[f] = v;
  });
  return out;
}

export interface ModelSettings extends TrainOptions {
  threshold: number;
  /** Per-aspect thresholds chosen inside the training data, by leave-one-round-out over its English rounds, from this grid */
  perAspect?: readonly number[];
  /** Kinds of feature learned from (`w` sentence words, `b` word pairs, `c` clause words, `str`, `len`, `asp`); all when not given */
  kinds?: readonly string[];
}

export interface Settings {
  /** Weight of a sentence written in English against one of the gold file or machine-translated text */
  enWeight: number;
  /** Weight of a machine-translated sentence (`real-dev`) */
  mtWeight: number;
  /** The reading gate's, or none */
  gate: ModelSettings | null;
}

/** The settings `npm run train:insights` uses, chosen by `npm run cv:insights` (research/insights.md). */
export const CHOSEN: Settings = {
  enWeight: 3,
  mtWeight: 1,
  gate: { threshold: 0.2, l2: 0.001, minCount: 2, epochs: 1500, rate: 1 },
};

function weightOf(item: Item, s: Settings): number {
  return item.set.startsWith('real-en') ? s.enWeight : item.set === 'real-dev' ? s.mtWeight : 1;
}

/** Gate candidates of `items` with their weights and the feature kinds of the settings. */
function candidatesOf(items: readonly Item[], s: Settings, g: ModelSettings): (Candidate & { aspect: AspectId })[] {
  const kinds = g.kinds;
  const kept = (f: string) => {
    const base = f.slice(f.indexOf('|') + 1);
    return base === 'bias' || kinds?.includes(base.slice(0, base.indexOf(':'))) !== false;
  };
  return items.flatMap((it) => it.gate.map((c) => ({ ...c, features: kinds ? c.features.filter(kept) : c.features, weight: weightOf(it, s) })));
}

/**
 * Per aspect, the threshold of the grid with the best F1 on the English rounds of `items`, each
 * scored by a gate trained on the rest of `items` (never on the round, nor on its reviews).
 */
function aspectThresholds(items: readonly Item[], s: Settings, g: ModelSettings, grid: readonly number[]): Partial<Record<AspectId, number>> {
  const rounds = [...new Set(items.flatMap((it) => (it.round === undefined ? [] : [it.round])))].sort();
  // per aspect: held-out probability and label of each reading, and labels the lexicon never read
  const seen = new Map<AspectId, [number, 0 | 1][]>(ASPECT_IDS.map((a) => [a, []]));
  const missed = new Map<AspectId, number>(ASPECT_IDS.map((a) => [a, 0]));
  for (const round of rounds) {
    const test = items.filter((it) => it.round === round);
    const reviews = new Set(test.map((it) => it.group));
    const w = train(
      candidatesOf(
        items.filter((it) => it.round !== round && !reviews.has(it.group)),
        s,
        g,
      ),
      g,
    );
    for (const it of test) {
      for (const c of it.gate) {
        let z = 0;
        for (const f of c.features) z += w[f] ?? 0;
        seen.get(c.aspect)?.push([1 / (1 + Math.exp(-z)), c.label]);
      }
      for (const a of it.gold.aspects) if (!it.gate.some((c) => c.aspect === a.aspect)) missed.set(a.aspect, (missed.get(a.aspect) ?? 0) + 1);
    }
  }
  const out: Partial<Record<AspectId, number>> = {};
  for (const aspect of ASPECT_IDS) {
    const readings = seen.get(aspect) ?? [];
    let best = g.threshold;
    let bestF1 = -1;
    for (const t of grid) {
      let tp = 0;
      let fp = 0;
      let fn = missed.get(aspect) ?? 0;
      for (const [p, label] of readings) {
        if (p >= t) {
          if (label) tp += 1;
          else fp += 1;
        } else if (label) fn += 1;
      }
      const f1 = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
      if (f1 > bestF1 + 1e-9) {
        bestF1 = f1;
        best = t;
      }
    }
    out[aspect] = best;
  }
  return out;
}

/** The reading gate of `settings`, trained on `items` (none when the settings have none). */
export function trainGate(items: readonly Item[], s: Settings): GateModel | null {
  const g = s.gate;
  if (!g) return null;
  const weights = train(candidatesOf(items, s, g), g);
  return { threshold: g.threshold, ...(g.perAspect ? { thresholds: aspectThresholds(items, s, g, g.perAspect) } : {}), weights };
}

/** Rule families of the English pack that `cv:insights --ablate` can switch off, to measure what each is worth. */
export const FAMILIES: Record<string, (p: LanguagePack) => LanguagePack> = {
  problem: (p) => ({ ...p, problem: { ...p.problem, openers: [] } }),
  verdicts: (p) => ({ ...p, verdictWords: [] }),
  'negated-only': (p) => ({ ...p, negatedOnly: [] }),
  'attached-only': (p) => ({ ...p, attachedOnly: [] }),
  equipment: (p) => ({ ...p, equipment: [] }),
  'whole-job': (p) => ({ ...p, wholeJob: [] }),
  speed: (p) => ({ ...p, speed: [] }),
  irrealis: (p) => ({ ...p, lexicon: { ...p.lexicon, irrealis: [] } }),
  neutral: (p) => ({ ...p, lexicon: { ...p.lexicon, neutral: [] } }),
  'weak-cues': (p) => ({ ...p, lexicon: { ...p.lexicon, weakCues: {} } }),
  polar: (p) => ({ ...p, lexicon: { ...p.lexicon, polar: {} } }),
  modifiers: (p) => ({ ...p, lexicon: { ...p.lexicon, modifiers: [] } }),
  general: (p) => ({ ...p, general: {} }),
};

/** The English pack without the named rule families. */
export function ablated(families: readonly string[]): LanguagePack {
  return families.reduce((p, f) => {
    const off = FAMILIES[f];
    if (!off) throw new Error(`--ablate: no rule family "${f}"; one of ${Object.keys(FAMILIES).join(', ')}`);
    return off(p);
  }, EN);
}
