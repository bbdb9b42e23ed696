// The real review sentences, read from beside the project (setting INSIGHTS_CORPUS_DIR): they are
// real customers' words from Yelp samples, Google Maps scrapes and firms' websites, not ours to
// publish, so the repository never holds them (docs/insights.md, "Real review text").
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readInsightsSettings } from '../../src/settings/insights.ts';
import type { Env } from '../../src/settings/table.ts';
import { ROOT } from '../../scripts/run/processes.ts';

/** Every file of the corpus the scripts and tests read. */
export const CORPUS_FILES = [
  'real-dev.jsonl',
  'real-heldout.jsonl',
  'real-de-dev.jsonl',
  'real-de-heldout.jsonl',
  'real-en-dev.jsonl',
  'real-en-heldout.jsonl',
  'real-en-blind.jsonl',
  'real-en-second-labels.jsonl',
] as const;

export type CorpusFile = (typeof CORPUS_FILES)[number];

/** The corpus folder: the setting, relative to the project folder (not to the working directory). */
export const corpusDir = (env: Env = process.env): string => resolve(ROOT, readInsightsSettings(env).corpusDir);

export const corpusFile = (name: CorpusFile, env: Env = process.env): string => join(corpusDir(env), name);

/** The files of the corpus that are not there: all of them when the folder is missing. */
export const missingCorpusFiles = (env: Env = process.env): CorpusFile[] => CORPUS_FILES.filter((f) => !existsSync(corpusFile(f, env)));

export const corpusPresent = (env: Env = process.env): boolean => missingCorpusFiles(env).length === 0;

/** What a command or test says when the corpus is not there. */
export function corpusMissingMessage(env: Env = process.env): string {
  const missing = missingCorpusFiles(env);
  const what = missing.length === CORPUS_FILES.length ? `is not at ${corpusDir(env)}` : `at ${corpusDir(env)} lacks ${missing.join(', ')}`;
  return (
    `The insights corpus (hand-labelled real review sentences) ${what}. It is not in the repository: those sentences are not ours to publish. ` +
    'The team keeps them in ../shared/insights-corpus beside the project; set INSIGHTS_CORPUS_DIR to where your copy is (docs/insights.md, "Real review text").'
  );
}

/** Stops a command that cannot work without the corpus, with the reason, exit status 1. */
export function requireCorpus(command: string, env: Env = process.env): void {
  if (corpusPresent(env)) return;
  process.stderr.write(`${command}: ${corpusMissingMessage(env)}\n`);
  process.exit(1);
}
