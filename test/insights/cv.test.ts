import { describe, expect, it } from 'vitest';
import { folds, validate } from '../../research/cv-insights.ts';
import { loadItems, roundOf } from '../../tools/insights/learning.ts';
import { analyzeText, aspectPolarities } from '../../src/core/insights/analyze.ts';
import { evaluate } from '../../src/core/insights/evaluate.ts';
import { describeWithCorpus } from '../helpers/insights/corpus.ts';

describe('the English rounds', () => {
  it('are named by their id prefix, wherever the round is kept', () => {
    expect(['yd000', 'yda012', 'ydb090', 'ydc100', 'ydd005', 'yhe001', 'yde001', 'g001', 'rd12'].map(roundOf)).toEqual([
      '0',
      'A',
      'B',
      'C',
      'D',
      'E',
      'E',
      undefined,
      undefined,
    ]);
  });
});

describeWithCorpus('leave-one-round-out validation of the English analyser', () => {
  const items = loadItems(true);

  it('holds out each round with none of its reviews left in training', () => {
    const all = folds(items);
    expect(all.map((f) => f.round)).toEqual(['0', 'A', 'B', 'C', 'D', 'E', 'G']);
    for (const f of all) {
      expect(f.test.every((it) => it.round === f.round)).toBe(true);
      const held = new Set(f.test.map((it) => it.group));
      expect(f.train.filter((it) => held.has(it.group) || it.round === f.round)).toEqual([]);
      // the dev sets, and of the held-out file only its validation rounds (round E; a fresh round there is never read)
      for (const set of ['gold', 'real-dev', 'real-en-dev']) expect(f.train.some((it) => it.set === set)).toBe(true);
      expect(f.train.filter((it) => it.set === 'real-en-heldout' && it.round !== 'E')).toEqual([]);
    }
    // rounds A and B are other sentences of the first dev set's reviews: those reviews leave training
    const first = items.filter((it) => it.round === '0').length;
    const a = all.find((f) => f.round === 'A');
    expect(a?.train.filter((it) => it.round === '0').length).toBeLessThan(first);
  });

  it('with nothing learned, scores every English line as the lexicon reads it', () => {
    const v = validate(items, { enWeight: 3, mtWeight: 1, gate: null });
    const english = items.filter((it) => it.round !== undefined).map((it) => it.gold);
    const lexicon = evaluate(english, (text, g) => aspectPolarities(analyzeText(text, { rating: g.stars, language: 'en', gate: null })));
    expect(v.pooled.overall).toEqual(lexicon.overall);
    expect(v.folds.reduce((n, [, e]) => n + e.overall.sentences, 0)).toBe(english.length);
  });
});
