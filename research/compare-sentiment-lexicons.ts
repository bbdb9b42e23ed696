// Measures packaged sentiment lexicons against the built-in one on the gold file, the
// numbers behind the choice in research/insights.md. The candidates are not
// dependencies; install them anywhere and point --from at that folder:
//   mkdir /tmp/cand && cd /tmp/cand && npm init -y && npm install sentiment vader-sentiment wink-nlp wink-eng-lite-web-model
//   node research/compare-sentiment-lexicons.ts --from /tmp/cand [--set gold|real-dev|real-heldout]
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { EVAL_SETS, type EvalSet, loadGold, setFile } from '../tools/insights/eval.ts';
import { requireCorpus } from '../tools/insights/corpus.ts';
import { type AspectMention, analyzeText, aspectPolarities, polarityOf } from '../src/core/insights/analyze.ts';
import { evaluate } from '../src/core/insights/evaluate.ts';
import { type GeneralScorer, ownLexiconScorer } from '../src/core/insights/general.ts';

type TextScorer = (text: string) => number;

const args = process.argv.slice(2);
const from = args[args.indexOf('--from') + 1];
if (!args.includes('--from') || !from) {
  process.stderr.write('usage: node research/compare-sentiment-lexicons.ts --from DIR (a folder whose node_modules has the candidates)\n');
  process.exit(2);
}
const require = createRequire(join(from, 'package.json'));

function load(name: string, make: () => TextScorer): [string, TextScorer | undefined] {
  try {
    return [name, make()];
  } catch (err) {
    process.stderr.write(`skipping ${name}: ${(err as Error).message.split('\n')[0]}\n`);
    return [name, undefined];
  }
}

// Each package's score is brought to the AFINN scale (-3..+3 per word) used by the domain lexicon.
const candidates: [string, TextScorer | undefined][] = [
  load('sentiment (AFINN-165)', () => {
    const Sentiment = require('sentiment');
    const s = new Sentiment();
    return (text) => s.analyze(text).score as number;
  }),
  load('vader-sentiment', () => {
    const vader = require('vader-sentiment');
    return (text) => 3 * (vader.SentimentIntensityAnalyzer.polarity_scores(text).compound as number);
  }),
  load('wink-nlp + wink-eng-lite-web-model', () => {
    const winkNLP = require('wink-nlp');
    const nlp = winkNLP(require('wink-eng-lite-web-model'));
    return (text) => 3 * (nlp.readDoc(text).out(nlp.its.sentiment) as number);
  }),
];

const setName = (args.includes('--set') ? args[args.indexOf('--set') + 1] : 'gold') as EvalSet;
if (!(setName in EVAL_SETS)) {
  process.stderr.write(`--set must be one of ${Object.keys(EVAL_SETS).join(', ')}\n`);
  process.exit(2);
}
if (EVAL_SETS[setName].corpus !== null) requireCorpus('compare-sentiment-lexicons');
const gold = loadGold(setFile(setName));
const texts = gold.map((g) => g.text);

/** Seconds to analyse every gold sentence once: best of 3 timings of 5 rounds, after a warm-up. */
function time(predict: (text: string) => unknown, rounds = 5): number {
  for (const t of texts) predict(t);
  let best = Infinity;
  for (let k = 0; k < 3; k++) {
    const t0 = performance.now();
    for (let r = 0; r < rounds; r++) for (const t of texts) predict(t);
    best = Math.min(best, (performance.now() - t0) / 1000 / rounds);
  }
  return best;
}

interface Row {
  name: string;
  f1: number;
  polarity: number;
  heldOut: number;
  msPer1000: number;
}

function measure(name: string, predict: (text: string) => { aspect: AspectMention['aspect']; polarity: AspectMention['polarity'] }[]): Row {
  const e = evaluate(gold, predict);
  const seconds = time(predict);
  return {
    name,
    f1: e.overall.f1,
    polarity: e.overall.polarity_accuracy,
    heldOut: e.splits.held_out.polarity_accuracy,
    msPer1000: (seconds * 1000 * 1000) / texts.length,
  };
}

const withGeneral = (general: GeneralScorer) => (text: string) => aspectPolarities(analyzeText(text, { general }));
/** The package alone decides polarity: it scores each clause that mentions an aspect. */
const packageAlone = (score: TextScorer) => (text: string) => aspectPolarities(analyzeText(text).map((m) => ({ ...m, polarity: polarityOf(score(m.clause)) })));

const rows: Row[] = [
  measure('built-in general + domain', withGeneral(ownLexiconScorer)),
  measure(
    'domain lexicon only',
    withGeneral(() => 0),
  ),
];
for (const [name, score] of candidates) {
  if (!score) continue;
  rows.push(
    measure(
      `${name} + domain`,
      withGeneral((words) => score(words.join(' '))),
    ),
  );
  rows.push(measure(`${name} alone`, packageAlone(score)));
}

const out = [
  `${gold.length} sentences of ${setName}; aspect detection is the same for every row (F1 differs only when a judgement turns a weak cue into a mention)`,
  '',
  `${'polarity scorer'.padEnd(46)} aspect F1  polarity acc  (held-out)  ms / 1000 sentences`,
  ...rows.map(
    (r) =>
      `${r.name.padEnd(46)} ${r.f1.toFixed(3).padStart(9)}  ` +
      `${r.polarity.toFixed(3).padStart(12)}  ${r.heldOut.toFixed(3).padStart(10)}  ` +
      `${r.msPer1000.toFixed(1).padStart(19)}`,
  ),
];
process.stdout.write(`${out.join('\n')}\n`);
