import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyzeReview } from '../../src/core/insights/analyze.ts';
import { MODEL_FILE, modelFileText } from '../../scripts/train-insights-model.ts';

describe('the sentence model (src/core/insights/model.json)', () => {
  it('is exactly what the training script makes from the dev set and the lexicon', () => {
    expect(modelFileText()).toBe(readFileSync(MODEL_FILE, 'utf8'));
  }, 120_000);

  it('changes some of what the lexicon alone finds on dev, not most of it', () => {
    const dev = readFileSync(new URL('./real-dev.jsonl', import.meta.url), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { text: string });
    let differ = 0;
    for (const { text } of dev) {
      const withModel = JSON.stringify(analyzeReview(text).mentions.map((m) => [m.aspect, m.polarity]));
      const alone = JSON.stringify(analyzeReview(text, { model: null }).mentions.map((m) => [m.aspect, m.polarity]));
      if (withModel !== alone) differ += 1;
    }
    expect(differ).toBeGreaterThan(0);
    expect(differ).toBeLessThan(dev.length / 4);
  });
});
