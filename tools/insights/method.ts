// The measured accuracy the build publishes as insights.json `method`: `npm run eval:insights`
// writes it into src/core/insights/method.json, a committed file, so a build never needs the corpus.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Evaluation } from '../../src/core/insights/evaluate.ts';
import { type InsightsMethod, InsightsMethodSchema } from '../../src/core/schemas/insights.ts';

export const METHOD_FILE = fileURLToPath(new URL('../../src/core/insights/method.json', import.meta.url));

export const ANALYSER = 'reviews-service aspect analyser: word lists and rules per language, and a learned reading gate for English';

/** The files that decide what a sentence is read as; `version` is their hash, so a change to any of them shows. */
export const ANALYSER_FILES = [
  'analyze.ts',
  'gate.ts',
  'gate-en.json',
  'general.ts',
  'lang-de.ts',
  'lang-en.ts',
  'language.ts',
  'languages.ts',
  'lexicon.ts',
  'match.ts',
  'text.ts',
] as const;

export function analyserVersion(): string {
  const hash = createHash('sha256');
  for (const name of ANALYSER_FILES)
    hash
      .update(name)
      .update('\0')
      .update(readFileSync(new URL(`../../src/core/insights/${name}`, import.meta.url)));
  return `sha256:${hash.digest('hex').slice(0, 16)}`;
}

export const readMethod = (): InsightsMethod => InsightsMethodSchema.parse(JSON.parse(readFileSync(METHOD_FILE, 'utf8')));

/**
 * The method record for these measurements. A language keeps its date when its figures and the
 * analyser are unchanged (the measurement still stands); otherwise it is dated `today`.
 */
export function methodFrom(
  measured: Record<string, Evaluation>,
  previous: InsightsMethod | undefined,
  today: string,
  version = analyserVersion(),
): InsightsMethod {
  const languages: InsightsMethod['languages'] = {};
  for (const [language, e] of Object.entries(measured)) {
    const figures = {
      precision: e.overall.precision,
      recall: e.overall.recall,
      f1: e.overall.f1,
      polarity_accuracy: e.overall.polarity_accuracy,
      no_aspect_false_positive_rate: e.no_aspect.false_positive_rate,
      sentences: e.overall.sentences,
    };
    const before = previous?.languages[language];
    const same = before !== undefined && previous?.version === version && Object.entries(figures).every(([k, v]) => before[k as keyof typeof figures] === v);
    languages[language] = { ...figures, measured: same ? before.measured : today };
  }
  return { analyser: ANALYSER, version, languages };
}

/** Writes the record when it differs from the committed one. */
export function writeMethod(method: InsightsMethod): { path: string; changed: boolean } {
  const text = `${JSON.stringify(method, null, 2)}\n`;
  const changed = readFileSync(METHOD_FILE, 'utf8') !== text;
  if (changed) writeFileSync(METHOD_FILE, text);
  return { path: METHOD_FILE, changed };
}
