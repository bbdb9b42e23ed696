// Scores the aspect analysis on the hand-labelled sets: the project's gold file and the real
// review sentences of the corpus beside the project (INSIGHTS_CORPUS_DIR; its notes say
// where each comes from). Scoring every set also rewrites src/core/insights/method.json, the
// measured accuracy the build publishes (tools/insights/method.ts).
// Usage: node tools/insights/eval.ts [--json] [--errors] [--no-write] [--set
// gold|real-dev|real-heldout|real-de-dev|real-de-heldout|real-en-dev|real-en-heldout] [--gold FILE]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeText, aspectPolarities } from '../../src/core/insights/analyze.ts';
import { type AspectLabel, type Evaluation, evaluate, type GoldSentence, parseGoldLine, type Scores } from '../../src/core/insights/evaluate.ts';
import { type CorpusFile, corpusFile, corpusMissingMessage, corpusPresent } from './corpus.ts';
import { f3, noAspectShare, scoreCells } from './format.ts';
import { methodFrom, readMethod, writeMethod } from './method.ts';

/** The one labelled set the team wrote, and so the one the repository holds. */
export const GOLD_FILE = fileURLToPath(new URL('../../test/insights/gold.jsonl', import.meta.url));

/** The labelled sets, in report order; `real-heldout` was scored only after tuning on `real-dev`. Every set but the gold file is a file of the corpus. */
export const EVAL_SETS = {
  gold: { corpus: null, title: 'gold file (written by the team; tuned on odd ids)', language: 'en' },
  'real-dev': { corpus: 'real-dev.jsonl', title: 'real reviews, dev half (tuned on)', language: 'en' },
  'real-heldout': { corpus: 'real-heldout.jsonl', title: 'real reviews, held-out half (never tuned on)', language: 'en' },
  'real-de-dev': { corpus: 'real-de-dev.jsonl', title: 'real German reviews as written, dev (tuned on)', language: 'de' },
  'real-de-heldout': { corpus: 'real-de-heldout.jsonl', title: 'real German reviews as written, held-out (never tuned on)', language: 'de' },
  'real-en-dev': { corpus: 'real-en-dev.jsonl', title: 'real reviews written in English (Yelp), dev (tuned on)', language: 'en' },
  'real-en-heldout': {
    corpus: 'real-en-heldout.jsonl',
    title: "real reviews written in English (firms' own review lists), held-out round F (never tuned on)",
    language: 'en',
  },
} as const satisfies Record<string, { corpus: CorpusFile | null; title: string; language: string }>;

export type EvalSet = keyof typeof EVAL_SETS;

/** Where a set is read from: the gold file in the repository, every other set in the corpus (INSIGHTS_CORPUS_DIR). */
export function setFile(set: EvalSet): string {
  const name = EVAL_SETS[set].corpus;
  return name === null ? GOLD_FILE : corpusFile(name);
}

/** What insights.json `method` publishes for each language: its held-out sets pooled, text the analyser was never tuned on. */
export const METHOD_SETS = { en: ['real-heldout', 'real-en-heldout'], de: ['real-de-heldout'] } as const satisfies Record<string, readonly EvalSet[]>;

export function measuredAccuracy(): Record<string, Evaluation> {
  return Object.fromEntries(
    Object.entries(METHOD_SETS).map(([language, sets]) => [
      language,
      evaluate(
        sets.flatMap((s) => loadGold(setFile(s))),
        analyserPrediction(language),
      ),
    ]),
  );
}

/** A set's sentences, read with its language. */
export const evaluateSet = (set: EvalSet, language: string = EVAL_SETS[set].language): Evaluation => evaluateGold(setFile(set), language);

export function loadGold(file: string): GoldSentence[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((line, i) => ({ line, n: i + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, n }) => {
      try {
        return parseGoldLine(line);
      } catch (err) {
        throw new Error(`${file}:${n}: ${(err as Error).message}`);
      }
    });
}

/** The analyser as every set is scored: each real sentence is read with its review's star rating and in its set's language, as the build reads reviews. */
export function analyserPrediction(language = 'en'): (text: string, g: GoldSentence) => AspectLabel[] {
  return (text, g) => aspectPolarities(analyzeText(text, { rating: g.stars, language }));
}

export function evaluateGold(file = GOLD_FILE, language = 'en'): Evaluation {
  return evaluate(loadGold(file), analyserPrediction(language));
}

function row(name: string, s: Scores): string {
  const counts = [name.padEnd(22), String(s.gold_aspects).padStart(5), String(s.predicted_aspects).padStart(5)];
  // sentences that should have no aspect: only the false positives mean anything
  if (s.gold_aspects === 0) return [...counts, `(${s.sentences} sentences labelled with no aspect)`].join('  ');
  return [...counts, ...scoreCells(s), f3(s.joint_recall)].join('  ');
}

const HEAD = [''.padEnd(22), ' gold', ' pred', 'prec ', 'rec  ', 'F1   ', 'pol. ', 'joint'].join('  ');

function report(title: string, file: string, e: Evaluation, gold: boolean, showErrors: boolean): string {
  const lines = [
    `== ${title}`,
    `${file}: ${e.overall.sentences} sentences, ${e.overall.gold_aspects} aspect labels; ` +
      (`no-aspect sentences given an aspect: ${e.no_aspect.with_prediction} of ` +
        `${e.no_aspect.sentences} (${(100 * e.no_aspect.false_positive_rate).toFixed(1)} ` +
        '%)'),
    '',
    HEAD,
    row('overall', e.overall),
    ...(gold ? [row('dev (odd ids)', e.splits.dev), row('held-out (even)', e.splits.held_out)] : []),
    '',
    ...Object.entries(e.per_aspect).map(([k, v]) => row(k, v)),
    '',
    ...Object.entries(e.per_tag).map(([k, v]) => row(`tag:${k}`, v)),
  ];
  if (showErrors) {
    lines.push('', `${e.errors.length} sentences with a difference:`);
    const fmt = (l: { aspect: string; polarity: string }[]) => l.map((a) => `${a.aspect}:${a.polarity}`).join(' ') || '-';
    for (const err of e.errors) lines.push(`${err.id}  ${err.text}\n      gold: ${fmt(err.gold)}\n      pred: ${fmt(err.predicted)}`);
  }
  return lines.join('\n');
}

function summary(results: [EvalSet, Evaluation][]): string {
  const head = ['set'.padEnd(16), 'sentences', 'prec ', 'rec  ', 'F1   ', 'pol. ', 'no-aspect FP'].join('  ');
  const rows = results.map(([name, e]) => [name.padEnd(16), String(e.overall.sentences).padStart(9), ...scoreCells(e.overall), noAspectShare(e)].join('  '));
  return [head, ...rows].join('\n');
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const value = (flag: string) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
  const goldFile = value('--gold');
  const only = value('--set');
  if (only !== undefined && !(only in EVAL_SETS)) {
    process.stderr.write(`--set must be one of ${Object.keys(EVAL_SETS).join(', ')}\n`);
    process.exit(2);
  }
  const present = goldFile !== undefined || only === 'gold' || corpusPresent();
  if (!present && only !== undefined) {
    process.stderr.write(`eval:insights: ${corpusMissingMessage()}\n`);
    process.exit(1);
  }
  const showErrors = args.includes('--errors');
  const results: [EvalSet, Evaluation][] = goldFile
    ? [['gold', evaluateGold(goldFile)]]
    : (Object.keys(EVAL_SETS) as EvalSet[])
        .filter((k) => (only === undefined || k === only) && (present || EVAL_SETS[k].corpus === null))
        .map((k) => [k, evaluateSet(k)]);
  const every = goldFile === undefined && only === undefined && present;
  if (args.includes('--json')) {
    const out = Object.fromEntries(results.map(([k, e]) => [k, showErrors ? e : { ...e, errors: undefined }]));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    const parts = results.map(([k, e]) => report(EVAL_SETS[k].title, goldFile ?? setFile(k), e, k === 'gold', showErrors));
    parts.push(
      '== summary',
      summary(results),
      '',
      'prec/rec/F1: aspect detection (micro); pol.: polarity accuracy on the aspects found; joint: aspect and polarity right, over labels;',
      'no-aspect FP: sentences labelled with no aspect that got at least one',
    );
    process.stdout.write(`${parts.join('\n\n')}\n`);
  }
  if (every && !args.includes('--no-write')) {
    const today = new Date().toISOString().slice(0, 10);
    const { path, changed } = writeMethod(methodFrom(measuredAccuracy(), readMethod(), today));
    process.stderr.write(`${changed ? 'wrote' : 'unchanged:'} ${path}\n`);
  }
  if (!present) {
    process.stderr.write(`eval:insights: scored the gold file only. ${corpusMissingMessage()}\n`);
    process.exit(1);
  }
}
