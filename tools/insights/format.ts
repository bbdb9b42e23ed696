// Number formats the insights scripts share, so their tables read alike.
import type { Evaluation, Scores } from '../../src/core/insights/evaluate.ts';

/** A rate or score to three decimals. */
export const f3 = (n: number): string => n.toFixed(3);

/** `n/of (x %)`, or `-` for the share of nothing. */
export const share = (n: number, of: number): string => `${n}/${of} (${of === 0 ? '-' : ((100 * n) / of).toFixed(1)} %)`;

/** Sentences labelled with no aspect that got one, as a share. */
export const noAspectShare = (e: Evaluation): string => share(e.no_aspect.with_prediction, e.no_aspect.sentences);

/** Precision, recall, F1 and polarity accuracy, each to three decimals. */
export const scoreCells = (s: Scores): string[] => [f3(s.precision), f3(s.recall), f3(s.f1), f3(s.polarity_accuracy)];
