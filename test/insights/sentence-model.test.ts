import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../research/cv-insights.ts';
import { type DenseSample, fitDense, probability } from '../../research/dense.ts';
import { predict, rowsOf, type Scored, VARIANTS, validateVariant } from '../../research/experiment-sentence-model.ts';
import { readCache, textKey, writeCache } from '../../research/sentence-embeddings.ts';
import { type Item, loadItems } from '../../tools/insights/learning.ts';
import { mulberry32 } from '../../tools/sample/generate.ts';
import { describeWithCorpus } from '../helpers/insights/corpus.ts';

const OPTIONS = { l2: 0.001, l2Task: 0.01, epochs: 150, rate: 0.05, momentum: 0.9 };

/** Two tasks over 2-d points: task 0 is positive when x > 0, task 1 when x < 0. */
function toy(n: number): DenseSample[] {
  const random = mulberry32(7);
  return Array.from({ length: n }, (_, i) => {
    const x = random() * 2 - 1;
    const task = i % 2;
    return { base: Float32Array.from([x, random() * 2 - 1]), own: new Float32Array(0), task, y: ((task === 0) === x > 0 ? 1 : 0) as 0 | 1, w: 1 };
  });
}

describe('the experiment with a sentence model (research/experiment-sentence-model.ts)', () => {
  it('fits a shared row and one per task, the same way every time', () => {
    const samples = toy(400);
    const a = fitDense(samples, 0, { ...OPTIONS, tasks: 2 });
    const b = fitDense(samples, 0, { ...OPTIONS, tasks: 2 });
    expect([...a.w]).toEqual([...b.w]);
    const p = (x: number, task: number) => probability(a, { base: Float32Array.from([x, 0]), own: new Float32Array(0), task });
    expect(p(0.8, 0)).toBeGreaterThan(0.8);
    expect(p(-0.8, 0)).toBeLessThan(0.2);
    expect(p(0.8, 1)).toBeLessThan(0.2);
    expect(p(-0.8, 1)).toBeGreaterThan(0.8);
  });

  it('learns sparse features beside the dense ones', () => {
    const samples = toy(400).map((s, i) => ({ ...s, base: Float32Array.from([0, 0]), task: 0, sparse: [i % 3], y: (i % 3 === 1 ? 1 : 0) as 0 | 1 }));
    const m = fitDense(samples, 3, { ...OPTIONS, tasks: 1 });
    const p = (k: number) => probability(m, { base: Float32Array.from([0, 0]), own: new Float32Array(0), task: 0, sparse: [k] });
    expect(p(1)).toBeGreaterThan(0.8);
    expect(p(0)).toBeLessThan(0.2);
  });

  it('writes and reads the embedding cache without changing a vector', () => {
    const dir = mkdtempSync(join(tmpdir(), 'embeddings-'));
    try {
      const vectors = new Map([[textKey('on time'), Float32Array.from([0.25, -1.5, 3])]]);
      writeCache(join(dir, 'c.json'), { model: 'm', dims: 3, msPerSentence: 1, loadMs: 2, batch: 32, vectors });
      const back = readCache(join(dir, 'c.json'));
      expect([...(back.vectors.get(textKey('on time')) ?? [])]).toEqual([0.25, -1.5, 3]);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  const line: Item = {
    set: 'real-en-dev',
    round: 'A',
    group: 'x',
    gold: { id: 'yda999', text: 'The technician was rude and the price was fair.', aspects: [], stars: 2 },
    gate: [],
  };
  const [row] = rowsOf([line], new Map([[textKey(line.gold.text), new Float32Array(4)]]));

  it('drops readings under the gate threshold, empties a line that judges nothing, adds aspects with the line polarity', () => {
    if (!row) throw new Error('no row');
    const read = row.cands.map((c) => c.aspect).sort();
    expect(read).toEqual(['pricing', 'professionalism']);
    const keepPricing = row.cands.map((c) => (c.aspect === 'pricing' ? 0.9 : 0.1));
    const s: Scored = { row, gate: keepPricing, filter: 0.5, proposer: Array.from({ length: 10 }, (_, k) => (k === 0 ? 0.9 : 0)) };
    const off = { gate: 0, filter: 2, proposer: 2 };
    expect(predict(s, off).map((l) => l.aspect)).toEqual(expect.arrayContaining(read));
    expect(predict(s, { ...off, gate: 0.5 }).map((l) => l.aspect)).toEqual(['pricing']);
    expect(predict(s, { ...off, filter: 0.5 })).toEqual([]);
    const added = predict(s, { ...off, proposer: 0.5 }).filter((l) => !read.includes(l.aspect));
    expect(added).toHaveLength(1);
    expect(added[0]?.polarity).toBe(row.polarity);
    // a line the filter empties gets no additions either
    expect(predict(s, { ...off, filter: 0.5, proposer: 0.5 })).toEqual([]);
  });
});

describeWithCorpus('the sentence model experiment on the corpus', () => {
  it('scores the lexicon on the harness folds exactly as `cv:insights` does', () => {
    const items = loadItems(false);
    const vectors = new Map(items.map((it) => [textKey(it.gold.text), new Float32Array(4)]));
    const mine = validateVariant(rowsOf(items, vectors), VARIANTS.lexicon as (typeof VARIANTS)[string], { ...OPTIONS, tasks: 1 });
    const harness = validate(items, { enWeight: 3, mtWeight: 1, gate: null });
    expect(mine.validation.pooled.overall).toEqual(harness.pooled.overall);
    expect(mine.validation.folds.map(([r, e]) => [r, e.overall])).toEqual(harness.folds.map(([r, e]) => [r, e.overall]));
    expect([...mine.validation.predicted.keys()]).toEqual([...harness.predicted.keys()]);
  });
});
