// The general-purpose sentiment words: what any review says, whatever the trade. Scores on
// the AFINN scale (-3..+3). Domain words live in lexicon.ts; see research/insights.md for why this
// small list is used instead of a packaged lexicon.

/** Scores the words of one stretch of a clause; `words` are lower-case tokens in order. */
export type GeneralScorer = (words: readonly string[]) => number;

const WORDS: Record<string, number> = {};
const add = (score: number, list: string) => {
  for (const w of list.split(/\s+/)) if (w) WORDS[w] = score;
};

add(
  3,
  `excellent amazing awesome fantastic outstanding wonderful superb perfect perfectly exceptional incredible
  phenomenal stellar impeccable best superior brilliant terrific fabulous magnificent`,
);
add(
  2,
  `top great good glad happy pleased love loved loving impressed impressive helpful smooth smoothly easy reliable
  dependable appreciate appreciated appreciative thank thanks thankful grateful pleasure solid satisfied better
  fair recommend recommended wonderfully beautiful beautifully awesome exceeded quality seamless seamlessly
  fabulous kudos enjoyed satisfaction friendly delighted blessed lucky nicely nice right correctly properly`,
);
add(1, `quick quickly fast promptly efficient decent clearly well ready accommodating helped uncomplicated`);
add(
  -1,
  `surprise surprised wait waited waiting unfortunately slow slowly confusing difficult
  confused mistake mistakes hassle complicated questionable unclear`,
);
add(
  -2,
  `bad poor disappointed disappointing disappoint disappointment unhappy frustrated frustrating frustration
  annoyed annoying ridiculous excessive insane broken broke fail failed failure waste wasted useless careless
  worse complain complaint complaints complained wrong damaged damage unacceptable mediocre lazy unreliable
  inconvenient upset angry awkward stressful sad regret avoid ignored refused dissatisfied horrendous pathetic lousy subpar crash crashed
  crashing crashes glitchy buggy`,
);
add(
  -3,
  `terrible awful horrible worst hate hated nightmare disgusting incompetent unprofessional beware shameful
  disaster atrocious miserable`,
);

/** The English general words. */
export const GENERAL_WORDS: Readonly<Record<string, number>> = WORDS;

export const GENERAL_NEGATORS = ['not', 'no', 'never', 'without', 'nobody', 'nothing', 'none', 'neither', 'nor', 'hardly', 'barely', 'cannot'];
/** "-n't" and its apostrophe-less spellings ("didnt") negate on their own. */
export const NEGATOR_PATTERN = /n't$|^(do|does|did|was|were|is|are|wo|would|could|should|have|has|had|ca)nt$/;

/** Whether a word negates, for a language's negator list and pattern. */
export function negatorTest(negators: readonly string[], pattern?: RegExp): (word: string) => boolean {
  const set = new Set(negators);
  return (word) => set.has(word) || (pattern?.test(word) ?? false);
}

/** A scorer: sum of word scores, each flipped when a negator is within the three words before it. */
export function generalScorer(words: Readonly<Record<string, number>>, isNegator: (word: string) => boolean): GeneralScorer {
  return (list) => {
    let sum = 0;
    let negatedUntil = -1;
    for (let i = 0; i < list.length; i++) {
      const w = list[i] as string;
      if (isNegator(w)) {
        negatedUntil = i + 3;
        continue;
      }
      const s = words[w];
      if (s !== undefined) sum += i <= negatedUntil ? -s : s;
    }
    return sum;
  };
}

/** The built-in English scorer. */
export const ownLexiconScorer: GeneralScorer = generalScorer(WORDS, negatorTest(GENERAL_NEGATORS, NEGATOR_PATTERN));
