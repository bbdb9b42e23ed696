import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corpusDir } from '../../tools/insights/corpus.ts';
import { describeWithCorpus } from '../helpers/insights/corpus.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE = `${ROOT}node_modules/.bin/node`;

/** The JSON lines a run wrote to stdout, parsed. */
const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

function run(script: string, input: string, args: string[] = []) {
  return spawnSync(NODE, [script, ...args], { cwd: ROOT, input, encoding: 'utf8', timeout: 30_000 });
}

describe('insights:analyze', () => {
  it('writes one JSON line per input line', () => {
    const input = ['{"id":"a","text":"Right on time, but the price was steep."}', '', '{"id":"b","text":""}'].join('\n');
    const r = run('tools/insights/analyze.ts', input);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    expect(jsonLines(r.stdout)).toEqual([
      {
        id: 'a',
        language: 'en',
        analysed: true,
        aspects: [
          { aspect: 'punctuality', polarity: 'positive' },
          { aspect: 'pricing', polarity: 'negative' },
        ],
      },
      { id: 'b', language: 'en', analysed: true, aspects: [] },
    ]);
  });

  it("reads an optional rating as the review's stars, and refuses a bad one", () => {
    const input = [
      '{"id":"a","text":"The invoice came to 860 euros.","rating":1}',
      '{"id":"b","text":"The invoice came to 860 euros."}',
      '{"id":"c","text":"x","rating":7}',
    ].join('\n');
    const r = run('tools/insights/analyze.ts', input);
    expect(r.status).toBe(1);
    expect(jsonLines(r.stdout)).toEqual([
      { id: 'a', language: 'en', analysed: true, aspects: [{ aspect: 'pricing', polarity: 'negative' }] },
      { id: 'b', language: 'en', analysed: true, aspects: [{ aspect: 'pricing', polarity: 'neutral' }] },
    ]);
    expect(r.stderr).toMatch(/line 3: "rating" must be a whole number from 1 to 5 \(id "c"\)/);
  });

  it('reads an optional language per line, detects it where the line does not say, and refuses a bad one', () => {
    const input = [
      '{"id":"de","text":"Der Monteur war sehr unfreundlich.","language":"de","rating":1}',
      '{"id":"detected","text":"Der Monteur kam pünktlich und hat sehr sauber gearbeitet.","rating":5}',
      '{"id":"fr","text":"Ne surtout pas demander de renseignements par téléphone, on ne vous rappelle jamais et personne ne répond aux messages.","rating":1}',
      '{"id":"en","text":"Der Monteur war sehr unfreundlich.","language":"en"}',
      '{"id":"bad","text":"x","language":"German"}',
    ].join('\n');
    const r = run('tools/insights/analyze.ts', input);
    expect(r.status).toBe(1);
    expect(jsonLines(r.stdout)).toEqual([
      { id: 'de', language: 'de', analysed: true, aspects: [{ aspect: 'professionalism', polarity: 'negative' }] },
      {
        id: 'detected',
        language: 'de',
        analysed: true,
        aspects: [
          { aspect: 'punctuality', polarity: 'positive' },
          { aspect: 'cleanliness', polarity: 'positive' },
        ],
      },
      { id: 'fr', language: 'fr', analysed: false, aspects: [] },
      { id: 'en', language: 'en', analysed: true, aspects: [] },
    ]);
    expect(r.stderr).toMatch(/line 5: "language" must be a language code such as "en" or "de" \(id "bad"\)/);
  });

  it('reports bad lines by number, keeps going, and exits non-zero', () => {
    const input = ['{"id":"a","text":"Rude tech."}', '{oops', '{"id":"c"}', '["x"]', '{"id":"d","text":"Clean and tidy."}'].join('\n');
    const r = run('tools/insights/analyze.ts', input);
    expect(r.status).toBe(1);
    expect(jsonLines(r.stdout).map((l) => l.id)).toEqual(['a', 'd']);
    expect(r.stderr).toMatch(/line 2: not valid JSON/);
    expect(r.stderr).toMatch(/line 3: "text" must be a string/);
    expect(r.stderr).toMatch(/line 4: expected a JSON object/);
  });
});

describeWithCorpus('eval:insights', () => {
  it('prints machine-readable scores for each labelled set with --json', () => {
    const r = run('tools/insights/eval.ts', '', ['--json', '--no-write']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['gold', 'real-dev', 'real-heldout', 'real-de-dev', 'real-de-heldout', 'real-en-dev', 'real-en-heldout']);
    for (const set of Object.values(out) as { overall: { f1: number }; per_aspect: object; no_aspect: { sentences: number }; errors?: unknown }[]) {
      expect(set.overall.f1).toBeGreaterThan(0);
      expect(Object.keys(set.per_aspect)).toHaveLength(10);
      expect(set.no_aspect.sentences).toBeGreaterThan(0);
      expect(set.errors).toBeUndefined();
    }
  });

  it('scores one set with --set', () => {
    const one = run('tools/insights/eval.ts', '', ['--json', '--set', 'real-dev']);
    expect(one.status).toBe(0);
    expect(Object.keys(JSON.parse(one.stdout))).toEqual(['real-dev']);
  });
});

describe('the insights commands without the corpus', () => {
  const env = { ...process.env, INSIGHTS_CORPUS_DIR: join(tmpdir(), 'no-insights-corpus-here') };
  const without = (script: string, args: string[] = []) => spawnSync(NODE, [script, ...args], { cwd: ROOT, env, encoding: 'utf8', timeout: 30_000 });
  const method = () => readFileSync(join(ROOT, 'src/core/insights/method.json'), 'utf8');

  it('eval:insights scores the gold file, says where the corpus was looked for, and writes nothing', () => {
    const before = method();
    const r = without('tools/insights/eval.ts');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('== gold file');
    expect(r.stdout).not.toContain('real-dev');
    expect(r.stderr).toContain(`is not at ${env.INSIGHTS_CORPUS_DIR}`);
    expect(r.stderr).toContain('INSIGHTS_CORPUS_DIR');
    expect(method()).toBe(before);
    const gold = without('tools/insights/eval.ts', ['--json', '--set', 'gold']);
    expect(gold.status).toBe(0);
    expect(Object.keys(JSON.parse(gold.stdout))).toEqual(['gold']);
  });

  it.each([
    ['eval:insights', 'tools/insights/eval.ts', ['--set', 'real-dev']],
    ['train:insights', 'tools/insights/train-gate.ts', ['--out', join(tmpdir(), 'never-written-gate.json')]],
    ['cv:insights', 'research/cv-insights.ts', []],
    ['eval:agreement', 'research/labeller-agreement.ts', []],
  ])('%s stops with the reason', (command, script, args) => {
    const r = without(script, args);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`${command}: The insights corpus (hand-labelled real review sentences) is not at ${env.INSIGHTS_CORPUS_DIR}`);
  });

  it('looks for the corpus beside the project by default, and reads a relative setting from the project folder', () => {
    expect(corpusDir({})).toBe(resolve(ROOT, '..', 'shared', 'insights-corpus'));
    expect(corpusDir({ INSIGHTS_CORPUS_DIR: 'elsewhere/corpus' })).toBe(join(ROOT, 'elsewhere', 'corpus'));
    expect(corpusDir({ INSIGHTS_CORPUS_DIR: '/srv/corpus' })).toBe('/srv/corpus');
  });

  it('rejects an unknown set by name', () => {
    const bad = run('tools/insights/eval.ts', '', ['--set', 'nonsense']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--set must be one of gold, real-dev, real-heldout, real-de-dev, real-de-heldout/);
  });
});
