import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyserPrediction, type EvalSet, evaluateGold, evaluateSet, GOLD_FILE, loadGold, setFile } from '../../tools/insights/eval.ts';
import { evaluate } from '../../src/core/insights/evaluate.ts';
import { ASPECT_IDS } from '../../src/core/schemas/aspects.ts';
import { describeWithCorpus } from '../helpers/insights/corpus.ts';

const GOLD = GOLD_FILE;
const HELD_OUT_FLOOR = { f1: 0.63, polarity: 0.9, no_aspect_fp: 0.25 };
/** The dev set is larger (1,575 sentences) and steadier: a change that loses real text shows here first. */
const DEV_FLOOR = { f1: 0.775, polarity: 0.94, no_aspect_fp: 0.1 };

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

  it('does not lose the gold file while learning real text (F1 and polarity at least 0.915)', () => {
    expect(e.overall.f1).toBeGreaterThanOrEqual(0.915);
    expect(e.overall.polarity_accuracy).toBeGreaterThanOrEqual(0.915);
  });
});

/** German, read in German: the decided floors; the held-out set scored 0.784 / 0.970 / 9.8 % first, 0.787 / 0.970 / 8.2 % after the verdict words. */
const DE_HELD_OUT_FLOOR = { f1: 0.6, polarity: 0.85, no_aspect_fp: 0.15 };
const DE_DEV_FLOOR = { f1: 0.85, polarity: 0.95, no_aspect_fp: 0.15 };

type Floor = { f1: number; polarity: number; no_aspect_fp: number };

function expectFloor(set: EvalSet, floor: Floor): void {
  expectScores(evaluateSet(set), floor);
}

function expectScores(e: ReturnType<typeof evaluate>, floor: Floor): void {
  expect(e.overall.f1).toBeGreaterThanOrEqual(floor.f1);
  expect(e.overall.polarity_accuracy).toBeGreaterThanOrEqual(floor.polarity);
  expect(e.no_aspect.false_positive_rate).toBeLessThanOrEqual(floor.no_aspect_fp);
}

describeWithCorpus('real review sentences, machine-translated from German', () => {
  const dev = loadGold(setFile('real-dev'));
  const heldOut = loadGold(setFile('real-heldout'));
  const raw = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { id: string; source?: Record<string, unknown> });

  it('keeps the two halves apart, with unique ids and the source of every sentence', () => {
    expect(dev.length).toBeGreaterThanOrEqual(300);
    expect(heldOut.length).toBeGreaterThanOrEqual(150);
    const ids = [...dev, ...heldOut].map((g) => g.id);
    expect(new Set(ids).size).toBe(ids.length);
    const texts = new Set(dev.map((g) => g.text));
    expect(heldOut.filter((g) => texts.has(g.text))).toEqual([]);
    for (const line of [...raw(setFile('real-dev')), ...raw(setFile('real-heldout'))]) {
      expect(line.source, line.id).toMatchObject({ repo: expect.any(String), path: expect.any(String), commit: expect.stringMatching(/^[0-9a-f]{40}$/) });
    }
    expect(heldOut.filter((g) => g.aspects.length === 0).length).toBeGreaterThanOrEqual(50);
  });

  // Floors a little under what the held-out half scored when it was first scored (see
  // research/insights.md); they catch a lexicon change that loses what real text needs.
  it('holds its scores on the held-out half', () => expectFloor('real-heldout', HELD_OUT_FLOOR));

  it('holds its scores on the dev set', () => expectFloor('real-dev', DEV_FLOOR));
});

describeWithCorpus('real German review sentences, read in German', () => {
  const dev = loadGold(setFile('real-de-dev'));
  const heldOut = loadGold(setFile('real-de-heldout'));

  it('keeps dev and held-out apart', () => {
    expect(dev.length).toBeGreaterThanOrEqual(100);
    expect(heldOut.length).toBeGreaterThanOrEqual(150);
    const texts = new Set(dev.map((g) => g.text));
    expect(heldOut.filter((g) => texts.has(g.text))).toEqual([]);
    expect(new Set([...dev, ...heldOut].map((g) => g.id)).size).toBe(dev.length + heldOut.length);
  });

  it('holds its scores on the held-out set', () => expectFloor('real-de-heldout', DE_HELD_OUT_FLOOR));

  it('holds its scores on the dev set', () => expectFloor('real-de-dev', DE_DEV_FLOOR));

  it('scores far lower when the German text is read with the English lexicon (the bug this fixes)', () => {
    expect(evaluateSet('real-de-heldout', 'en').overall.f1).toBeLessThan(0.5);
  });
});

/**
 * Written in English about home-services firms (the corpus's notes). Rounds A-F were each fresh when first
 * scored, once, with the code of its time: pooled, F1 0.631, polarity 0.953, no-aspect FP 19.7 %. The team restated
 * the English target as floors at that level; they guard against falls and are no longer a goal to chase. Rounds A-E
 * have since joined the dev set (tagged round_a … round_e there); round F is the held-out file. The dev set (rounds 0,
 * A-E and G) is what the reading gate is trained on.
 */
const EN_FRESH_ROUNDS = ['round_a', 'round_b', 'round_c', 'round_d', 'round_e', 'round_f'];
const EN_FRESH_FLOOR = { f1: 0.62, polarity: 0.93, no_aspect_fp: 0.2 };
const EN_DEV_FLOOR = { f1: 0.75, polarity: 0.95, no_aspect_fp: 0.05 };

describeWithCorpus('real review sentences written in English', () => {
  const dev = loadGold(setFile('real-en-dev'));
  const heldOut = loadGold(setFile('real-en-heldout'));
  const raw = (file: string) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => JSON.parse(l) as { id: string; tags?: string[]; source?: Record<string, unknown> });

  it('keeps dev and the held-out rounds apart, each sentence with its review and stars', () => {
    expect(dev.length).toBeGreaterThanOrEqual(490);
    expect(heldOut.length).toBeGreaterThanOrEqual(50);
    const texts = new Set(dev.map((g) => g.text.toLowerCase()));
    expect(heldOut.filter((g) => texts.has(g.text.toLowerCase()))).toEqual([]);
    expect(new Set([...dev, ...heldOut].map((g) => g.id)).size).toBe(dev.length + heldOut.length);
    for (const line of [...raw(setFile('real-en-dev')), ...raw(setFile('real-en-heldout'))]) {
      expect(line.source, line.id).toMatchObject({
        repo: expect.any(String),
        path: expect.any(String),
        commit: expect.stringMatching(/^[0-9a-f]{40}$/),
        review_id: expect.any(String),
        written_in_english: true,
      });
      // Round E's copy keeps only whether a review had 4-5 stars or fewer, so its lines say which group; round G's
      // star-less files keep no rating at all.
      if (line.source?.stars_known === false) expect(['1-3', 'unknown'], line.id).toContain(line.source.star_group);
      else expect(line.source?.stars, line.id).toEqual(expect.any(Number));
    }
    const rounds = raw(setFile('real-en-heldout')).map((l) => l.tags?.find((t) => t.startsWith('round_')));
    expect(new Set(rounds)).toEqual(new Set(['round_f']));
  });

  it('holds the floors on the fresh rounds A-F, pooled', () => {
    const fresh = [...dev, ...heldOut].filter((g) => g.tags?.some((t) => EN_FRESH_ROUNDS.includes(t)));
    expect(fresh.length).toBe(680);
    expectScores(evaluate(fresh, analyserPrediction('en')), EN_FRESH_FLOOR);
  });

  it('holds its scores on the dev set', () => expectFloor('real-en-dev', EN_DEV_FLOOR));
});
