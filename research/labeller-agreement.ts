// Agreement between two labellers of the fresh English rounds A-E, and the analyser
// against each: the first labels are those of the corpus's real-en-dev.jsonl (round E joined it
// after this study), the second were made blind from real-en-blind.jsonl (the corpus's notes say how).
// Usage: node research/labeller-agreement.ts [--json] [--errors] [--second FILE]
import { readFileSync } from 'node:fs';
import { analyserPrediction, loadGold, setFile } from '../tools/insights/eval.ts';
import { corpusFile, requireCorpus } from '../tools/insights/corpus.ts';
import { f3, scoreCells, share } from '../tools/insights/format.ts';
import { type AspectLabel, type Evaluation, evaluate, type GoldSentence, type Scores } from '../src/core/insights/evaluate.ts';
import { ASPECT_IDS, isAspectId, POLARITIES } from '../src/core/schemas/aspects.ts';

/** The second labelling, and the texts it was made from (each with its id and stars only). */
export const secondLabelsFile = () => corpusFile('real-en-second-labels.jsonl');
export const blindTextsFile = () => corpusFile('real-en-blind.jsonl');

/** The round of a fresh English sentence, from its id prefix (rounds A-D have joined dev). */
export const ROUNDS = { yda: 'round_a', ydb: 'round_b', ydc: 'round_c', ydd: 'round_d', yde: 'round_e' } as const;

export type Round = (typeof ROUNDS)[keyof typeof ROUNDS];

export function roundOf(id: string): Round | undefined {
  return ROUNDS[id.slice(0, 3) as keyof typeof ROUNDS];
}

/** Reads a file of `{id, aspects}` lines; throws naming file, line and field. */
export function loadLabels(file: string): Map<string, AspectLabel[]> {
  const out = new Map<string, AspectLabel[]>();
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (line.trim() === '') return;
      const where = `${file}:${i + 1}`;
      const raw = JSON.parse(line) as { id?: unknown; aspects?: unknown };
      if (typeof raw.id !== 'string' || !Array.isArray(raw.aspects)) throw new Error(`${where}: needs string "id" and array "aspects"`);
      if (out.has(raw.id)) throw new Error(`${where}: id "${raw.id}" twice`);
      const seen = new Set<string>();
      for (const a of raw.aspects as { aspect?: unknown; polarity?: unknown }[]) {
        if (!isAspectId(a?.aspect) || !POLARITIES.includes(a?.polarity as never)) throw new Error(`${where}: bad label ${JSON.stringify(a)}`);
        if (seen.has(a.aspect)) throw new Error(`${where}: aspect "${a.aspect}" labelled twice`);
        seen.add(a.aspect);
      }
      out.set(raw.id, raw.aspects as AspectLabel[]);
    });
  return out;
}

/** Cohen's kappa of two yes/no ratings of the same items (1 when both agree on every item and both use one answer only). */
export function cohensKappa(a: readonly boolean[], b: readonly boolean[]): number {
  const n = a.length;
  if (n === 0 || n !== b.length) throw new Error('kappa needs two ratings of the same, non-empty items');
  let agree = 0;
  let aYes = 0;
  let bYes = 0;
  for (let i = 0; i < n; i += 1) {
    if (a[i] === b[i]) agree += 1;
    if (a[i]) aYes += 1;
    if (b[i]) bYes += 1;
  }
  const po = agree / n;
  const pe = (aYes * bYes + (n - aYes) * (n - bYes)) / (n * n);
  return pe === 1 ? 1 : Math.round(((po - pe) / (1 - pe)) * 1000) / 1000;
}

export interface Agreement {
  /** The second labeller scored against the first with the project's own scorer (`evaluate`) */
  second_vs_first: Evaluation;
  /** First labeller's no-aspect sentences the second gave an aspect, and the reverse */
  no_aspect: { first_none: number; second_gave_one: number; second_none: number; first_gave_one: number };
  /** Cohen's kappa for "the sentence has any aspect" */
  kappa_any_aspect: number;
}

/**
 * How far a second labelling agrees with the first, on the first's sentences (text, stars, tags).
 * Every sentence must have a second labelling and the second may hold no other ids.
 */
export function agreement(first: readonly GoldSentence[], second: ReadonlyMap<string, readonly AspectLabel[]>): Agreement {
  const ids = new Set(first.map((g) => g.id));
  const missing = first.filter((g) => !second.has(g.id)).map((g) => g.id);
  const extra = [...second.keys()].filter((id) => !ids.has(id));
  if (missing.length > 0 || extra.length > 0)
    throw new Error(`the two labellings cover different sentences: missing ${missing.join(', ') || '-'}; extra ${extra.join(', ') || '-'}`);
  const secondOf = (g: GoldSentence) => [...(second.get(g.id) ?? [])];
  const asSecond = first.map((g) => ({ ...g, aspects: secondOf(g) }));
  const forward = evaluate(first, (_, g) => secondOf(g));
  const firstBy = new Map(first.map((g) => [g.id, g.aspects]));
  const backward = evaluate(asSecond, (_, g) => firstBy.get(g.id) ?? []);
  return {
    second_vs_first: forward,
    no_aspect: {
      first_none: forward.no_aspect.sentences,
      second_gave_one: forward.no_aspect.with_prediction,
      second_none: backward.no_aspect.sentences,
      first_gave_one: backward.no_aspect.with_prediction,
    },
    kappa_any_aspect: cohensKappa(
      first.map((g) => g.aspects.length > 0),
      first.map((g) => secondOf(g).length > 0),
    ),
  };
}

/** The first labels of the fresh English rounds A-E, each tagged with its round only. */
export function firstLabels(): GoldSentence[] {
  return loadGold(setFile('real-en-dev')).flatMap((g) => {
    const round = roundOf(g.id);
    return round ? [{ ...g, tags: [round] }] : [];
  });
}

export interface Report {
  all: { agreement: Agreement; analyser_vs_first: Evaluation; analyser_vs_second: Evaluation };
  rounds: Record<Round, { sentences: number; agreement: Agreement; analyser_vs_first: Evaluation; analyser_vs_second: Evaluation }>;
}

export function compare(first: readonly GoldSentence[], second: ReadonlyMap<string, readonly AspectLabel[]>): Report {
  const predict = analyserPrediction('en');
  const part = (
    sentences: readonly GoldSentence[],
    labels: ReadonlyMap<string, readonly AspectLabel[]> = new Map(sentences.map((g) => [g.id, second.get(g.id) ?? []])),
  ) => ({
    agreement: agreement(sentences, labels),
    analyser_vs_first: evaluate(sentences, predict),
    analyser_vs_second: evaluate(
      sentences.map((g) => ({ ...g, aspects: [...(second.get(g.id) ?? [])] })),
      predict,
    ),
  });
  const all = part(first, second);
  const rounds = Object.fromEntries(
    Object.values(ROUNDS).map((r) => {
      const sentences = first.filter((g) => roundOf(g.id) === r);
      return [r, { sentences: sentences.length, ...part(sentences) }];
    }),
  ) as Report['rounds'];
  return { all, rounds };
}

function row(name: string, s: Scores, fp: string): string {
  return [name.padEnd(20), String(s.gold_aspects).padStart(5), String(s.predicted_aspects).padStart(5), ...scoreCells(s), fp].join('  ');
}

function render(r: Report, showErrors: boolean): string {
  const { agreement: a, analyser_vs_first: af, analyser_vs_second: as } = r.all;
  const fmt = (l: readonly AspectLabel[]) => l.map((x) => `${x.aspect}:${x.polarity}`).join(' ') || '-';
  const lines = [
    `== fresh English rounds A-E: ${a.second_vs_first.overall.sentences} sentences`,
    'first labels: real-en-dev.jsonl (rounds A-E); second: real-en-second-labels.jsonl',
    '',
    `${'labels vs reference'.padEnd(20)}    ref  other  prec   rec    F1     pol.   reference's no-aspect sentences given one`,
    row('second vs first', a.second_vs_first.overall, share(a.no_aspect.second_gave_one, a.no_aspect.first_none)),
    row('first vs second', { ...a.second_vs_first.overall, ...swap(a.second_vs_first.overall) }, share(a.no_aspect.first_gave_one, a.no_aspect.second_none)),
    row('analyser vs first', af.overall, share(af.no_aspect.with_prediction, af.no_aspect.sentences)),
    row('analyser vs second', as.overall, share(as.no_aspect.with_prediction, as.no_aspect.sentences)),
    '',
    `Cohen's kappa, "has any aspect", second vs first: ${f3(a.kappa_any_aspect)}`,
    '',
    `${'F1 per aspect'.padEnd(20)}  first second  2nd-vs-1st  analyser-vs-1st  analyser-vs-2nd`,
    ...ASPECT_IDS.map((id) => {
      const s = a.second_vs_first.per_aspect[id];
      return [
        id.padEnd(20),
        String(s.gold_aspects).padStart(5),
        String(s.predicted_aspects).padStart(6),
        f3(s.f1).padStart(10),
        f3(af.per_aspect[id].f1).padStart(15),
        f3(as.per_aspect[id].f1).padStart(15),
      ].join('  ');
    }),
    '',
    `${'per round'.padEnd(10)} sent.  2nd-vs-1st F1  pol.   kappa  1st none→2nd  2nd none→1st  analyser-vs-1st F1  analyser-vs-2nd F1`,
    ...Object.entries(r.rounds).map(([name, x]) =>
      [
        name.padEnd(10),
        String(x.sentences).padStart(5),
        f3(x.agreement.second_vs_first.overall.f1).padStart(13),
        f3(x.agreement.second_vs_first.overall.polarity_accuracy),
        f3(x.agreement.kappa_any_aspect).padStart(6),
        share(x.agreement.no_aspect.second_gave_one, x.agreement.no_aspect.first_none).padStart(12),
        share(x.agreement.no_aspect.first_gave_one, x.agreement.no_aspect.second_none).padStart(12),
        f3(x.analyser_vs_first.overall.f1).padStart(18),
        f3(x.analyser_vs_second.overall.f1).padStart(18),
      ].join('  '),
    ),
    '',
    'prec/rec/F1: aspect detection, micro over (sentence, aspect) pairs, scored by evaluate.ts as eval:insights scores;',
    'pol.: polarity agreement on the aspects both found; "first vs second" is the same comparison with the roles swapped.',
  ];
  if (showErrors) {
    const errors = a.second_vs_first.errors;
    lines.push('', `${errors.length} sentences the labellers labelled differently:`);
    for (const e of errors) lines.push(`${e.id}  ${e.text}\n      first:  ${fmt(e.gold)}\n      second: ${fmt(e.predicted)}`);
  }
  return lines.join('\n');
}

/** Precision and recall change places when the reference does. */
function swap(s: Scores): Partial<Scores> {
  return { gold_aspects: s.predicted_aspects, predicted_aspects: s.gold_aspects, precision: s.recall, recall: s.precision };
}

if (import.meta.main) {
  requireCorpus('eval:agreement');
  const args = process.argv.slice(2);
  const secondFile = (args.includes('--second') ? args[args.indexOf('--second') + 1] : undefined) ?? secondLabelsFile();
  const report = compare(firstLabels(), loadLabels(secondFile));
  if (args.includes('--json')) {
    const keepErrors = args.includes('--errors');
    process.stdout.write(`${JSON.stringify(report, (key, value) => (key === 'errors' && !keepErrors ? undefined : value), 2)}\n`);
  } else process.stdout.write(`${render(report, args.includes('--errors'))}\n`);
}
