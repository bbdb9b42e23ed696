// The repository holds no sentence of the real review corpus, whole or in part: those words
// belong to the people who wrote them (docs/insights.md, "Real review text"). Runs where the corpus is.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CORPUS_FILES, corpusFile } from '../../tools/insights/corpus.ts';
import { ROOT } from '../helpers/paths.ts';
import { describeWithCorpus } from '../helpers/insights/corpus.ts';

/** Shorter sentences ("Top company.", "Highly recommend!") are everyone's words; the team writes them too. */
const MIN_SENTENCE_WORDS = 5;
/** A quote of this many words in a row from a longer sentence is an excerpt. */
const EXCERPT_WORDS = 8;

const words = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function corpusSentences(): string[][] {
  const texts = new Set<string>();
  for (const name of CORPUS_FILES) {
    for (const line of readFileSync(corpusFile(name), 'utf8').split('\n')) {
      if (line.trim() === '') continue;
      const text = (JSON.parse(line) as { text?: unknown }).text;
      if (typeof text === 'string') texts.add(words(text).join(' '));
    }
  }
  return [...texts].map((t) => t.split(' ')).filter((w) => w.length >= MIN_SENTENCE_WORDS);
}

/** Every file git would commit: the tracked ones and new ones not ignored. */
const repositoryFiles = () =>
  execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '' && existsSync(join(ROOT, f)));

describeWithCorpus('the repository and the real review corpus', () => {
  it('shares no sentence of five words or more, and no eight words in a row', () => {
    const sentences = corpusSentences();
    expect(sentences.length).toBeGreaterThan(2000);
    // each short sentence, and each run of words of a longer one, maps to the sentence it comes from
    const quoted = new Map<string, string>();
    for (const w of sentences) {
      if (w.length < EXCERPT_WORDS) quoted.set(w.join(' '), w.join(' '));
      else for (let i = 0; i + EXCERPT_WORDS <= w.length; i++) quoted.set(w.slice(i, i + EXCERPT_WORDS).join(' '), w.join(' '));
    }
    const found = new Set<string>();
    for (const file of repositoryFiles()) {
      const bytes = readFileSync(join(ROOT, file));
      if (bytes.includes(0)) continue;
      const w = words(bytes.toString('utf8'));
      for (let i = 0; i < w.length; i++) {
        for (let n = MIN_SENTENCE_WORDS; n <= EXCERPT_WORDS && i + n <= w.length; n++) {
          const sentence = quoted.get(w.slice(i, i + n).join(' '));
          if (sentence !== undefined) found.add(`${file}: "${sentence}"`);
        }
      }
    }
    expect([...found]).toEqual([]);
  });
});
