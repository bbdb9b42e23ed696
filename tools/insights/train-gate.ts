// Trains the English reading gate (src/core/insights/gate.ts) on the dev sets only, with the
// settings chosen by leave-one-round-out validation (`npm run cv:insights`, research/), and writes
// src/core/insights/gate-en.json. Deterministic: the same data always gives the same file.
// Usage: node tools/insights/train-gate.ts [--out FILE]
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { requireCorpus } from './corpus.ts';
import { CHOSEN, loadItems, trainGate } from './learning.ts';

requireCorpus('train:insights');

const at = process.argv.indexOf('--out');
const OUT = at >= 0 ? (process.argv[at + 1] as string) : fileURLToPath(new URL('../../src/core/insights/gate-en.json', import.meta.url));
const gate = trainGate(loadItems(false), CHOSEN);
if (!gate) throw new Error('the chosen settings have no gate');
writeFileSync(OUT, `${JSON.stringify(gate, null, 2)}\n`);
console.log(`wrote ${OUT}: ${Object.keys(gate.weights).length} weights, threshold ${gate.threshold}`);
