import { describe, expect, it } from 'vitest';
import { evaluateGold, loadGold } from '../../scripts/eval-insights.ts';
import { ASPECT_IDS } from '../../src/core/insights/aspects.ts';

const GOLD = new URL('./gold.jsonl', import.meta.url).pathname;

describe('gold file', () => {
  const gold = loadGold(GOLD);

  it('has at least 200 labelled sentences with unique ids', () => {
    expect(gold.length).toBeGreaterThanOrEqual(200);
    expect(new Set(gold.map((g) => g.id)).size).toBe(gold.length);
  });

  it('covers the required kinds of sentence and every aspect and polarity', () => {
    const tags = new Set(gold.flatMap((g) => g.tags ?? []));
    for (const t of ['negation', 'contrast', 'comparison', 'rating_only', 'multi', 'none']) expect(tags).toContain(t);
    const labels = gold.flatMap((g) => g.aspects);
    for (const a of ASPECT_IDS) expect(labels.some((l) => l.aspect === a)).toBe(true);
    for (const p of ['positive', 'negative', 'neutral']) expect(labels.some((l) => l.polarity === p)).toBe(true);
    expect(gold.filter((g) => g.aspects.length === 0).length).toBeGreaterThanOrEqual(20);
  });
});

describe('evaluation on the gold file', () => {
  const e = evaluateGold(GOLD);

  it('detects aspects with F1 of at least 0.80', () => {
    expect(e.overall.f1).toBeGreaterThanOrEqual(0.8);
  });

  it('gets polarity right at least 80% of the time', () => {
    expect(e.overall.polarity_accuracy).toBeGreaterThanOrEqual(0.8);
  });
});
