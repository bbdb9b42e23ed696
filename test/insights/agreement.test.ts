import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { agreement, blindTextsFile, cohensKappa, firstLabels, loadLabels, roundOf, secondLabelsFile } from '../../research/labeller-agreement.ts';
import type { AspectLabel, GoldSentence } from '../../src/core/insights/evaluate.ts';
import { isAspectId } from '../../src/core/schemas/aspects.ts';
import { describeWithCorpus } from '../helpers/insights/corpus.ts';

const sentence = (id: string, aspects: AspectLabel[]): GoldSentence => ({ id, text: `sentence ${id}`, aspects });

describe('agreement between two labellings', () => {
  const first = [
    sentence('s1', [{ aspect: 'punctuality', polarity: 'positive' }]),
    sentence('s2', []),
    sentence('s3', [
      { aspect: 'pricing', polarity: 'negative' },
      { aspect: 'honesty', polarity: 'negative' },
    ]),
    sentence('s4', []),
  ];
  const second = new Map<string, AspectLabel[]>([
    ['s1', [{ aspect: 'punctuality', polarity: 'positive' }]],
    ['s2', [{ aspect: 'workmanship', polarity: 'positive' }]],
    ['s3', [{ aspect: 'pricing', polarity: 'positive' }]],
    ['s4', []],
  ]);

  it('scores the second against the first over (sentence, aspect) pairs, with polarity on the pairs both found', () => {
    const a = agreement(first, second);
    // 2 shared pairs of 3 labels each side; polarity agrees on punctuality, not on pricing
    expect(a.second_vs_first.overall).toMatchObject({ gold_aspects: 3, predicted_aspects: 3, true_positives: 2, precision: 0.667, recall: 0.667, f1: 0.667 });
    expect(a.second_vs_first.overall.polarity_accuracy).toBe(0.5);
    expect(a.second_vs_first.per_aspect.honesty).toMatchObject({ gold_aspects: 1, predicted_aspects: 0, f1: 0 });
    expect(a.no_aspect).toEqual({ first_none: 2, second_gave_one: 1, second_none: 1, first_gave_one: 0 });
    // "has any aspect": observed 3/4, expected by chance (2·3 + 2·1)/16 = 0.5, so kappa 0.5
    expect(a.kappa_any_aspect).toBe(0.5);
  });

  it("computes Cohen's kappa", () => {
    expect(cohensKappa([true, false, true, false], [true, false, true, false])).toBe(1);
    expect(cohensKappa([true, true, false, false], [true, false, true, false])).toBe(0);
  });

  it('refuses labellings of different sentences', () => {
    expect(() => agreement(first, new Map([...second].slice(0, 3)))).toThrow(/missing s4/);
    expect(() => agreement(first.slice(0, 3), second)).toThrow(/extra s4/);
  });
});

describeWithCorpus('the second labels of the fresh English rounds', () => {
  const blind = readFileSync(blindTextsFile(), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as { id: string; text: string });
  const second = loadLabels(secondLabelsFile());

  it('label exactly the 462 blind sentences, in their order, with known aspect names', () => {
    expect(blind).toHaveLength(462);
    expect([...second.keys()]).toEqual(blind.map((b) => b.id));
    for (const labels of second.values()) for (const l of labels) expect(isAspectId(l.aspect)).toBe(true);
    expect(blind.every((b) => roundOf(b.id) !== undefined)).toBe(true);
  });

  it('were read from the same texts the first labels carry', () => {
    const first = new Map(firstLabels().map((g) => [g.id, g.text]));
    expect(first.size).toBe(462);
    for (const b of blind) expect(first.get(b.id)).toBe(b.text);
  });
});
