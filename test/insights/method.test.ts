import { describe, expect, it } from 'vitest';
import { measuredAccuracy } from '../../tools/insights/eval.ts';
import { analyserVersion, methodFrom, readMethod } from '../../tools/insights/method.ts';
import { insightsDocument } from '../../src/core/documents/documents.ts';
import type { Evaluation } from '../../src/core/insights/evaluate.ts';
import { LANGUAGES } from '../../src/core/insights/languages.ts';
import { INSIGHTS_METHOD } from '../../src/core/insights/method.ts';
import { InsightsDocumentSchema } from '../../src/core/schemas/insights.ts';
import { describeWithCorpus } from '../helpers/insights/corpus.ts';
import { dataset } from '../helpers/insights/fixtures.ts';

const scored = (f1: number): Evaluation =>
  ({
    overall: {
      sentences: 100,
      gold_aspects: 90,
      predicted_aspects: 80,
      true_positives: 60,
      precision: 0.75,
      recall: 0.667,
      f1,
      polarity_accuracy: 0.95,
      joint_recall: 0.6,
    },
    no_aspect: { sentences: 40, with_prediction: 4, false_positive_rate: 0.1 },
  }) as Evaluation;

describe('the method insights.json publishes (src/core/insights/method.json)', () => {
  it('gives measured figures for every language the analyser reads', () => {
    const method = readMethod();
    expect(Object.keys(method.languages).sort()).toEqual(Object.keys(LANGUAGES).sort());
    for (const figures of Object.values(method.languages)) expect(figures.sentences).toBeGreaterThanOrEqual(100);
  });

  it('was measured with the analyser as it is (after changing it, run npm run eval:insights with the corpus)', () => {
    expect(readMethod().version).toBe(analyserVersion());
  });

  it('goes into insights.json as committed, computed from nothing at build time', () => {
    const doc = insightsDocument(dataset());
    expect(doc.method).toEqual(readMethod());
    expect(doc.method).toBe(INSIGHTS_METHOD);
    expect(InsightsDocumentSchema.parse(doc).method).toEqual(doc.method);
  });

  it('keeps the date of a measurement that still stands, and dates a new one', () => {
    const first = methodFrom({ en: scored(0.7) }, undefined, '2026-01-02', 'v1');
    expect(first.languages.en).toMatchObject({ f1: 0.7, recall: 0.667, no_aspect_false_positive_rate: 0.1, sentences: 100, measured: '2026-01-02' });
    expect(methodFrom({ en: scored(0.7) }, first, '2026-03-04', 'v1').languages.en?.measured).toBe('2026-01-02');
    expect(methodFrom({ en: scored(0.71) }, first, '2026-03-04', 'v1').languages.en?.measured).toBe('2026-03-04');
    expect(methodFrom({ en: scored(0.7) }, first, '2026-03-04', 'v2').languages.en?.measured).toBe('2026-03-04');
  });
});

describeWithCorpus('the method and the corpus', () => {
  it('holds the figures eval:insights measures now', () => {
    const committed = readMethod();
    expect(methodFrom(measuredAccuracy(), committed, '9999-12-31')).toEqual(committed);
  });
});
