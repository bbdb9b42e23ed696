import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { analyzeText } from '../../src/core/insights/analyze.ts';
import type { GateModel } from '../../src/core/insights/gate.ts';
import { EN } from '../../src/core/insights/lang-en.ts';
import { describeWithCorpus } from '../helpers/insights/corpus.ts';

const aspects = (text: string, gate?: GateModel | null) => analyzeText(text, { rating: 5, ...(gate !== undefined ? { gate } : {}) }).map((m) => m.aspect);

describe('the English reading gate', () => {
  it('drops a repair that is only wanted or narrated, and keeps one that is judged', () => {
    expect(aspects('I phoned to get a snapped cable on my garage door fixed.', null)).toEqual(['workmanship']);
    expect(aspects('I phoned to get a snapped cable on my garage door fixed.')).toEqual([]);
    expect(aspects('The technician fixed the leak quickly and cleaned up after himself.')).toEqual(['workmanship', 'cleanliness']);
    expect(aspects('They charged me $400 for 30 minutes of work.')).toEqual(['pricing']);
  });

  it('applies a model as given: shared and per-aspect weights, and the threshold', () => {
    const text = 'The price was fair and the tech was very polite.';
    expect(aspects(text, null)).toEqual(['professionalism', 'pricing']);
    expect(aspects(text, { threshold: 0.5, weights: { bias: 5 } })).toEqual(['professionalism', 'pricing']);
    expect(aspects(text, { threshold: 0.5, weights: { bias: -5 } })).toEqual([]);
    expect(aspects(text, { threshold: 0.5, weights: { bias: 5, 'pricing|bias': -10 } })).toEqual(['professionalism']);
    expect(aspects(text, { threshold: 0.5, weights: { bias: -1, 'professionalism|w:polite': 3 } })).toEqual(['professionalism']);
    // a threshold of its own for one aspect (leave-one-round-out validation can choose them; the shipped gate has none)
    expect(aspects(text, { threshold: 0.5, thresholds: { pricing: 0.99 }, weights: { bias: 2 } })).toEqual(['professionalism']);
    expect(aspects(text, { threshold: 0.99, thresholds: { pricing: 0.5 }, weights: { bias: 2 } })).toEqual(['pricing']);
  });

  it('belongs to the English pack only: German text reads the same with or without it', () => {
    expect(EN.gate).toBeDefined();
    const text = 'Der Monteur war pünktlich, aber die Rechnung war viel zu hoch.';
    const de = (gate?: null) => analyzeText(text, { rating: 2, language: 'de', ...(gate === null ? { gate } : {}) });
    expect(de()).toEqual(de(null));
    expect(de().length).toBeGreaterThan(0);
  });
});

describeWithCorpus('the English reading gate as trained', () => {
  it('is the model that `npm run train:insights` writes from the dev sets (retrain after changing the lexicon)', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gate-')), 'gate.json');
    execFileSync(process.execPath, ['tools/insights/train-gate.ts', '--out', out], { stdio: 'pipe' });
    expect(readFileSync(out, 'utf8')).toBe(readFileSync(new URL('../../src/core/insights/gate-en.json', import.meta.url), 'utf8'));
  });
});
