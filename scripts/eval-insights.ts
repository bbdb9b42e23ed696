// Scores the aspect analysis on the hand-labelled sets: the project's gold file and the two
// halves of the real review sentences (see test/insights/real-data.md).
// Usage: node scripts/eval-insights.ts [--json] [--errors] [--set gold|real-dev|real-heldout|real-de-dev|real-de-heldout|real-en-dev|real-en-heldout] [--gold FILE]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeText, aspectPolarities } from '../src/core/insights/analyze.ts';
import { type AspectLabel, type Evaluation, evaluate, type GoldSentence, parseGoldLine, type Scores } from '../src/core/insights/evaluate.ts';
import { f3, noAspectShare, scoreCells } from './insights/format.ts';

const at = (name: string) => fileURLToPath(new URL(`../test/insights/${name}`, import.meta.url));

/** The labelled sets, in report order; `real-heldout` was scored only after tuning on `real-dev`. */
export const EVAL_SETS = {
  gold: { file: at('gold.jsonl'), title: 'gold file (written by the team; tuned on odd ids)', language: 'en' },
  'real-dev': { file: at('real-dev.jsonl'), title: 'real reviews, dev half (tuned on)', language: 'en' },
  'real-heldout': { file: at('real-heldout.jsonl'), title: 'real reviews, held-out half (never tuned on)', language: 'en' },
  'real-de-dev': { file: at('real-de-dev.jsonl'), title: 'real German reviews as written, dev (tuned on)', language: 'de' },
  'real-de-heldout': { file: at('real-de-heldout.jsonl'), title: 'real German reviews as written, held-out (never tuned on)', language: 'de' },
  'real-en-dev': { file: at('real-en-dev.jsonl'), title: 'real reviews written in English (Yelp), dev (tuned on)', language: 'en' },
  'real-en-heldout': {
    file: at('real-en-heldout.jsonl'),
    title: "real reviews written in English (firms' own review lists), held-out round F (never tuned on)",
    language: 'en',
  },
} as const;

export type EvalSet = keyof typeof EVAL_SETS;

const DEFAULT_GOLD = EVAL_SETS.gold.file;

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

export function evaluateGold(file = DEFAULT_GOLD, language = 'en'): Evaluation {
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
      `no-aspect sentences given an aspect: ${e.no_aspect.with_prediction} of ${e.no_aspect.sentences} (${(100 * e.no_aspect.false_positive_rate).toFixed(1)} %)`,
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
  const showErrors = args.includes('--errors');
  const results: [EvalSet, Evaluation][] = goldFile
    ? [['gold', evaluateGold(goldFile)]]
    : (Object.keys(EVAL_SETS) as EvalSet[])
        .filter((k) => only === undefined || k === only)
        .map((k) => [k, evaluateGold(EVAL_SETS[k].file, EVAL_SETS[k].language)]);
  if (args.includes('--json')) {
    const out = Object.fromEntries(results.map(([k, e]) => [k, showErrors ? e : { ...e, errors: undefined }]));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    const parts = results.map(([k, e]) => report(EVAL_SETS[k].title, goldFile ?? EVAL_SETS[k].file, e, k === 'gold', showErrors));
    parts.push(
      '== summary',
      summary(results),
      '',
      'prec/rec/F1: aspect detection (micro); pol.: polarity accuracy on the aspects found; joint: aspect and polarity right, over labels;',
      'no-aspect FP: sentences labelled with no aspect that got at least one',
    );
    process.stdout.write(`${parts.join('\n\n')}\n`);
  }
}
