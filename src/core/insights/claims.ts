// When the data supports calling an aspect strongest or weakest. A claim compares the
// positive share of two aspects; it is made only when both have enough mentions and
// their 90 % Wilson score intervals do not overlap, so a difference the next few
// reviews could reverse is never shown as a finding.
import { ASPECT_IDS, type AspectId } from '../schemas/aspects.ts';

/** Mentions an aspect needs before it can be claimed strongest or weakest. */
export const MIN_CLAIM_MENTIONS = { business: 20, entity: 10 } as const;

/** z for a two-sided 90 % interval. */
const Z90 = 1.6448536269514722;

/** Wilson score interval of a proportion (Wilson 1927), two-sided 90 %. */
export function wilsonInterval(successes: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const p = successes / n;
  const z2 = Z90 * Z90;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (Z90 * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export interface AspectTally {
  aspect: AspectId;
  mentions: number;
  positive: number;
  negative: number;
}

export interface AspectClaim {
  aspect: AspectId;
  mentions: number;
  /** Net score (positive - negative) / mentions, 3 decimals */
  score: number;
}

export interface Claims {
  /** Best first; every one is distinguishably better than every weakest one */
  strongest: AspectClaim[];
  /** Worst first; never one of `strongest` */
  weakest: AspectClaim[];
}

/** Claims run from the extreme inwards: an aspect is never claimed over a more extreme one that could not be. */
function takeWhile<T>(list: readonly T[], ok: (x: T) => boolean): T[] {
  const i = list.findIndex((x) => !ok(x));
  return i < 0 ? [...list] : list.slice(0, i);
}

const round3 = (n: number) => Math.round(n * 1000) / 1000 || 0;

/**
 * The aspects that may be called strongest and weakest, at most `max` each. Aspects with
 * at least `minMentions` mentions are ordered by positive share; the upper half may be
 * claimed strong and the lower half weak (so no aspect is both); a strong claim needs
 * a 90 % interval wholly above that of the lowest-share aspect, and a weak claim one wholly below
 * every strong claim's, counting from the extremes inwards. With fewer than two such aspects nothing is claimed.
 */
export function aspectClaims(tallies: readonly AspectTally[], minMentions: number, max = 1): Claims {
  const rows = tallies
    .filter((t) => t.mentions >= minMentions)
    .map((t) => ({ t, share: t.positive / t.mentions, ci: wilsonInterval(t.positive, t.mentions) }))
    .sort((a, b) => b.share - a.share || b.t.mentions - a.t.mentions || ASPECT_IDS.indexOf(a.t.aspect) - ASPECT_IDS.indexOf(b.t.aspect));
  if (rows.length < 2) return { strongest: [], weakest: [] };
  const half = Math.floor(rows.length / 2);
  const bottom = rows[rows.length - 1] as (typeof rows)[number];
  const claim = ({ t }: (typeof rows)[number]): AspectClaim => ({
    aspect: t.aspect,
    mentions: t.mentions,
    score: round3((t.positive - t.negative) / t.mentions),
  });
  const strong = takeWhile(rows.slice(0, Math.min(half, max)), (r) => r.ci[0] > bottom.ci[1]);
  if (strong.length === 0) return { strongest: [], weakest: [] };
  const floor = Math.min(...strong.map((r) => r.ci[0]));
  const strongest = strong.map(claim);
  const weakest = takeWhile(rows.slice(rows.length - Math.min(half, max)).reverse(), (r) => r.ci[1] < floor).map(claim);
  return { strongest, weakest };
}
