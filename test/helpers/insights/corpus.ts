// Suites that read the real review sentences, which live beside the project (INSIGHTS_CORPUS_DIR),
// never in it. Without them a suite is reported as skipped, with the reason; in CI
// (REQUIRE_EVERY_TEST=1, and CI has the corpus) a missing corpus fails instead.
import { describe, it } from 'vitest';
import { corpusDir, corpusMissingMessage, corpusPresent } from '../../../tools/insights/corpus.ts';

export const CORPUS_PRESENT = corpusPresent();
const mustRun = process.env.REQUIRE_EVERY_TEST === '1';

/** `describe` when the corpus is there; otherwise one skipped (or, in CI, failing) test that says why. */
export function describeWithCorpus(name: string, suite: () => void): void {
  if (CORPUS_PRESENT) {
    describe(name, suite);
    return;
  }
  if (mustRun) {
    describe(name, () => {
      it('finds the real review sentences (REQUIRE_EVERY_TEST=1)', () => {
        throw new Error(corpusMissingMessage());
      });
    });
    return;
  }
  console.warn(`Skipped "${name}": no insights corpus at ${corpusDir()} (set INSIGHTS_CORPUS_DIR; docs/insights.md, "Real review text").`);
  describe(name, () => {
    it.skip(`skipped: no insights corpus at ${corpusDir()} (set INSIGHTS_CORPUS_DIR)`, () => {});
  });
}
