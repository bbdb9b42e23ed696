// Leave-one-round-out validation of the English analyser: each English round in turn is held out,
// the reading gate is trained on everything else (the other English rounds, the gold file and the
// machine-translated dev set; sentences of a review in the held-out round are left out of training)
// and the round is scored. Pooled over all rounds this predicts how a fresh round will score, and it
// is the criterion every setting of `npm run train:insights` was chosen by (research/insights.md).
// Usage: node research/cv-insights.ts [--json] [--errors] [--variants "name flags; name flags"] [--ablate family,…] [setting flags, see `settingsFrom`]

import { requireCorpus } from '../tools/insights/corpus.ts';
import { f3, noAspectShare, scoreCells } from '../tools/insights/format.ts';
import { ablated, CHOSEN, type Item, loadItems, type ModelSettings, type Settings, trainGate } from '../tools/insights/learning.ts';
import { mulberry32 } from '../tools/sample/generate.ts';
import { analyzeText, aspectPolarities } from '../src/core/insights/analyze.ts';
import { type AspectLabel, type Evaluation, evaluate, type GoldSentence, type Scores } from '../src/core/insights/evaluate.ts';
import { EN } from '../src/core/insights/lang-en.ts';
import type { LanguagePack } from '../src/core/insights/language.ts';

export interface Validation {
  pooled: Evaluation;
  folds: [string, Evaluation][];
  /** Every English line with its held-out prediction */
  predicted: Map<GoldSentence, AspectLabel[]>;
}

/** Each English round as the held-out fold, with what may be learned from for it: every other line not from one of its reviews. */
export function folds(items: readonly Item[]): { round: string; train: Item[]; test: Item[] }[] {
  const rounds = [...new Set(items.flatMap((it) => (it.round === undefined ? [] : [it.round])))].sort();
  return rounds.map((round) => {
    const test = items.filter((it) => it.round === round);
    const reviews = new Set(test.map((it) => it.group));
    return { round, train: items.filter((it) => it.round !== round && !reviews.has(it.group)), test };
  });
}

/** Leave-one-round-out predictions of every English line, scored pooled and per round. */
export function validate(items: readonly Item[], settings: Settings, pack: LanguagePack = EN): Validation {
  const predicted = new Map<GoldSentence, AspectLabel[]>();
  const scored: [string, Evaluation][] = [];
  for (const { round, train, test } of folds(items)) {
    const gate = trainGate(train, settings);
    for (const it of test) predicted.set(it.gold, aspectPolarities(analyzeText(it.gold.text, { rating: it.gold.stars, language: pack, gate })));
    scored.push([
      round,
      evaluate(
        test.map((it) => it.gold),
        (_t, g) => predicted.get(g) ?? [],
      ),
    ]);
  }
  const english = items.filter((it) => it.round !== undefined).map((it) => it.gold);
  return { pooled: evaluate(english, (_t, g) => predicted.get(g) ?? []), folds: scored, predicted };
}

const line = (name: string, s: Scores, e?: Evaluation) =>
  [
    name.padEnd(16),
    String(s.sentences).padStart(5),
    String(s.gold_aspects).padStart(5),
    String(s.predicted_aspects).padStart(5),
    ...scoreCells(s),
    e ? noAspectShare(e) : '',
  ].join('  ');
const HEAD = ['', 'sent.', ' gold', ' pred', 'prec ', 'rec  ', 'F1   ', 'pol. ', 'no-aspect FP'].map((h, i) => (i === 0 ? h.padEnd(16) : h)).join('  ');

export function report(v: Validation): string {
  const rows = [HEAD, line('pooled', v.pooled.overall, v.pooled), ''];
  for (const [round, e] of v.folds) rows.push(line(`round ${round}`, e.overall, e));
  rows.push('');
  for (const [aspect, s] of Object.entries(v.pooled.per_aspect)) rows.push(line(aspect, s));
  return rows.join('\n');
}

/** Per line: labels, predictions and labels found. */
function counts(v: Validation): [number, number, number][] {
  return [...v.predicted].map(([g, p]) => {
    const gold = new Set(g.aspects.map((a) => a.aspect));
    return [gold.size, p.length, p.filter((a) => gold.has(a.aspect)).length];
  });
}

const f1Of = (g: number, p: number, tp: number) => (g + p === 0 ? 0 : (2 * tp) / (g + p));

/**
 * A 90 % interval of the pooled F1 difference `b` - `a` on the same lines, by a paired bootstrap
 * over lines (2,000 resamples, seeded): how far apart two settings must be to be told apart.
 */
export function f1Difference(a: Validation, b: Validation): [number, number] {
  const ca = counts(a);
  const cb = counts(b);
  const random = mulberry32(21);
  const diffs: number[] = [];
  for (let r = 0; r < 2000; r++) {
    let g = 0;
    let p = 0;
    let tp = 0;
    let q = 0;
    let tq = 0;
    for (let k = 0; k < ca.length; k++) {
      const i = Math.floor(random() * ca.length);
      const x = ca[i] as [number, number, number];
      const y = cb[i] as [number, number, number];
      g += x[0];
      p += x[1];
      tp += x[2];
      q += y[1];
      tq += y[2];
    }
    diffs.push(f1Of(g, q, tq) - f1Of(g, p, tp));
  }
  diffs.sort((x, y) => x - y);
  return [diffs[100] as number, diffs[1899] as number];
}

const summaryLine = (name: string, v: Validation) =>
  `${name.padEnd(44)}  ${scoreCells(v.pooled.overall).join('  ')}  ` +
  `${noAspectShare(v.pooled).padEnd(15)}  ` +
  `${v.folds.map(([r, e]) => `${r} ${f3(e.overall.f1)}`).join('  ')}`;

function num(args: readonly string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

/** Settings from flags, starting from the chosen ones. */
export function settingsFrom(args: readonly string[], base: Settings = CHOSEN): Settings {
  const gateBase: ModelSettings = base.gate ?? { threshold: 0.2, l2: 0.001, minCount: 2, epochs: 1500, rate: 1 };
  const model = (b: ModelSettings): ModelSettings => ({
    threshold: num(args, '--threshold', b.threshold),
    l2: num(args, '--l2', b.l2),
    minCount: num(args, '--min-count', b.minCount),
    epochs: num(args, '--epochs', b.epochs),
    rate: num(args, '--rate', b.rate),
    ...(args.includes('--per-aspect') ? { perAspect: (args[args.indexOf('--per-aspect') + 1] ?? '').split(',').map(Number) } : {}),
    ...(args.includes('--kinds') ? { kinds: (args[args.indexOf('--kinds') + 1] ?? '').split(',') } : b.kinds ? { kinds: b.kinds } : {}),
  });
  return {
    enWeight: num(args, '--en-weight', base.enWeight),
    mtWeight: num(args, '--mt-weight', base.mtWeight),
    gate: args.includes('--no-gate') ? null : model(gateBase),
  };
}

/** The English pack, without the rule families named by `--ablate a,b`. */
function packFrom(args: readonly string[]): LanguagePack {
  const i = args.indexOf('--ablate');
  return i >= 0 ? ablated((args[i + 1] ?? '').split(',')) : EN;
}

if (import.meta.main) {
  requireCorpus('cv:insights');
  const args = process.argv.slice(2);
  if (args.includes('--variants')) {
    // each line: a name, then its flags on top of the chosen settings
    const variants = (args[args.indexOf('--variants') + 1] ?? '').split(';').filter((s) => s.trim() !== '');
    console.log(`${'variant'.padEnd(44)}  prec   rec    F1     pol.   no-aspect FP     F1 per round`);
    let first: Validation | undefined;
    const plain = loadItems(true);
    for (const v of variants) {
      const [name, ...flags] = v.trim().split(/\s+/);
      const pack = packFrom(flags);
      const result = validate(pack === EN ? plain : loadItems(true, pack), settingsFrom(flags), pack);
      const diff = first ? f1Difference(first, result) : undefined;
      first ??= result;
      console.log(`${summaryLine(name as string, result)}${diff ? `  ΔF1 90 % [${diff.map((d) => d.toFixed(3)).join(', ')}]` : ''}`);
    }
  } else {
    const settings = settingsFrom(args);
    const pack = packFrom(args);
    const v = validate(loadItems(true, pack), settings, pack);
    if (args.includes('--json'))
      console.log(
        JSON.stringify(
          { settings, pooled: { ...v.pooled, errors: undefined }, folds: Object.fromEntries(v.folds.map(([r, e]) => [r, { ...e, errors: undefined }])) },
          null,
          2,
        ),
      );
    else {
      console.log(`leave-one-round-out over the English rounds; settings ${JSON.stringify(settings)}\n`);
      console.log(report(v));
      if (args.includes('--errors')) {
        const fmt = (l: readonly AspectLabel[]) => l.map((a) => `${a.aspect}:${a.polarity}`).join(' ') || '-';
        for (const err of v.pooled.errors) console.log(`${err.id}  ${err.text}\n      gold: ${fmt(err.gold)}\n      pred: ${fmt(err.predicted)}`);
      }
    }
  }
}
