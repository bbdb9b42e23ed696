// Scores the aspect analysis on the hand-labelled gold file.
// Usage: node scripts/eval-insights.ts [--json] [--errors] [--gold FILE]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { analyzeText, aspectPolarities } from '../src/core/insights/analyze.ts';
import { type Evaluation, evaluate, type GoldSentence, parseGoldLine, type Scores } from '../src/core/insights/evaluate.ts';

const DEFAULT_GOLD = fileURLToPath(new URL('../test/insights/gold.jsonl', import.meta.url));

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

export function evaluateGold(file = DEFAULT_GOLD): Evaluation {
  return evaluate(loadGold(file), (text) => aspectPolarities(analyzeText(text)));
}

const pct = (n: number) => n.toFixed(3);

function row(name: string, s: Scores): string {
  const counts = [name.padEnd(16), String(s.gold_aspects).padStart(5), String(s.predicted_aspects).padStart(5)];
  // sentences that should have no aspect: only the false positives mean anything
  if (s.gold_aspects === 0) return [...counts, `(${s.sentences} sentences labelled with no aspect)`].join('  ');
  return [...counts, pct(s.precision), pct(s.recall), pct(s.f1), pct(s.polarity_accuracy), pct(s.joint_recall)].join('  ');
}

function report(e: Evaluation, showErrors: boolean): string {
  const head = [''.padEnd(16), ' gold', ' pred', 'prec ', 'rec  ', 'F1   ', 'pol. ', 'joint'].join('  ');
  const lines = [
    `${e.overall.sentences} sentences, ${e.overall.gold_aspects} gold aspect labels`,
    '',
    head,
    row('overall', e.overall),
    row('dev (odd ids)', e.splits.dev),
    row('held-out (even)', e.splits.held_out),
    '',
    ...Object.entries(e.per_aspect).map(([k, v]) => row(k, v)),
    '',
    ...Object.entries(e.per_tag).map(([k, v]) => row(`tag:${k}`, v)),
    '',
    'prec/rec/F1: aspect detection (micro); pol.: polarity accuracy on the aspects found; joint: aspect and polarity right, over gold labels',
  ];
  if (showErrors) {
    lines.push('', `${e.errors.length} sentences with a difference:`);
    const fmt = (l: { aspect: string; polarity: string }[]) => l.map((a) => `${a.aspect}:${a.polarity}`).join(' ') || '-';
    for (const err of e.errors) lines.push(`${err.id}  ${err.text}\n      gold: ${fmt(err.gold)}\n      pred: ${fmt(err.predicted)}`);
  }
  return lines.join('\n');
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const goldAt = args.indexOf('--gold');
  const file = goldAt >= 0 ? (args[goldAt + 1] ?? DEFAULT_GOLD) : DEFAULT_GOLD;
  const result = evaluateGold(file);
  if (args.includes('--json')) {
    const { errors, ...rest } = result;
    process.stdout.write(`${JSON.stringify(args.includes('--errors') ? result : rest, null, 2)}\n`);
  } else {
    process.stdout.write(`${report(result, args.includes('--errors'))}\n`);
  }
}
