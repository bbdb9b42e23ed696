// The insights research settings: where the real review sentences are read from. They are
// not ours to publish, so they live beside the project, never in it (docs/insights.md, "Real review text").

import { type Env, readTable, setting, text, type ValuesOf } from './table.ts';

export const INSIGHTS_SETTINGS = {
  INSIGHTS_CORPUS_DIR: setting(
    'corpusDir',
    text,
    '../shared/insights-corpus',
    'the folder of hand-labelled real review sentences that `npm run eval:insights`, `train:insights`, ' +
      '`cv:insights` and `eval:agreement` read, and the tests that need them; relative to the project folder. ' +
      'Without it those commands say so and stop, and those tests report that they were skipped (see Real review ' +
      'text)',
  ),
};

export type InsightsSettings = ValuesOf<typeof INSIGHTS_SETTINGS>;

export const readInsightsSettings = (env: Env): InsightsSettings => readTable(INSIGHTS_SETTINGS, env);
