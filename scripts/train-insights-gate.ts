// Trains the English learned models (the reading gate, src/core/insights/gate.ts, and the proposer,
// src/core/insights/propose.ts) on the dev sets and the validation rounds only, with the settings
// chosen by leave-one-round-out validation (`npm run cv:insights`), and writes
// src/core/insights/gate-en.json and propose-en.json. Deterministic: the same data always gives
// the same files.
// Usage: node scripts/train-insights-gate.ts [--out FILE] [--propose-out FILE]
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHOSEN, loadItems, trainModels } from './insights/learning.ts';

const flag = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] as string) : fileURLToPath(new URL(fallback, import.meta.url));
};
const GATE_OUT = flag('--out', '../src/core/insights/gate-en.json');
const PROPOSE_OUT = flag('--propose-out', '../src/core/insights/propose-en.json');

const models = trainModels(loadItems(), CHOSEN);
for (const [out, model] of [
  [GATE_OUT, models.gate],
  [PROPOSE_OUT, models.propose],
] as const) {
  if (!model) continue;
  writeFileSync(out, `${JSON.stringify(model, null, 2)}\n`);
  console.log(`wrote ${out}: ${Object.keys(model.weights).length} weights, threshold ${model.threshold}`);
}
