// English: the domain lexicon (lexicon.ts), the general words (general.ts) and the rules
// the analysis needs, as one LanguagePack.

import type { GateModel } from './gate.ts';
import GATE from './gate-en.json' with { type: 'json' };
import { GENERAL_NEGATORS, GENERAL_WORDS, NEGATOR_PATTERN } from './general.ts';
import type { LanguagePack } from './language.ts';
import {
  ATTACHED_ONLY_MODIFIERS,
  CUES,
  EQUIPMENT,
  IRREALIS,
  MODIFIERS,
  MULTI_TERMS,
  NEGATED_ONLY_TERMS,
  NEGATORS,
  NEUTRAL_PHRASES,
  POLAR,
  PROBLEM_AGENTS,
  PROBLEM_LEADS,
  PROBLEM_OPENERS,
  PROBLEM_WORDS,
  TERMS,
  WEAK_CUES,
} from './lexicon.ts';
import { ABBREVIATIONS, ENGLISH_CLAUSES } from './text.ts';
import { BREAKS, MIDDLE_BLOCK, STOPWORDS } from './topics.ts';

export const EN: LanguagePack = {
  code: 'en',
  lexicon: {
    cues: CUES,
    weakCues: WEAK_CUES,
    terms: TERMS,
    multiTerms: MULTI_TERMS,
    modifiers: MODIFIERS,
    polar: POLAR,
    negators: NEGATORS,
    neutral: NEUTRAL_PHRASES,
    irrealis: IRREALIS,
  },
  general: GENERAL_WORDS,
  generalNegators: GENERAL_NEGATORS,
  negatorPattern: NEGATOR_PATTERN,
  abbreviations: [...ABBREVIATIONS],
  clauseWords: Object.fromEntries(ENGLISH_CLAUSES.words),
  butKeeps: { before: [...ENGLISH_CLAUSES.butKeepsBefore], after: [...ENGLISH_CLAUSES.butKeepsAfter] },
  segmentWords: ['and', '&', 'plus', 'then', 'or'],
  and: ['and'],
  negationCarriers: ['or', 'nor'],
  discourseTerms: ['honestly'],
  equipment: EQUIPMENT,
  negatedOnly: NEGATED_ONLY_TERMS,
  attachedOnly: ATTACHED_ONLY_MODIFIERS,
  speed: ['fast', 'faster', 'quick', 'quicker', 'quickly', 'speedy', 'swift'],
  verdictWords: ['recommend', 'recommended', 'recommending', 'recommends', 'highly recommend', 'highly recommended', 'would recommend', 'thanks', 'thank'],
  gate: GATE as GateModel,
  // nouns for the whole job (not a repair of one fault): speed said of them is about getting it done soon
  wholeJob: [
    'work',
    'worked',
    'works',
    'installation',
    'installed',
    'assembly',
    'repair',
    'repaired',
    'replacement',
    'replaced',
    'implementation',
    'execution',
  ],
  problem: { openers: PROBLEM_OPENERS, leads: PROBLEM_LEADS, agents: PROBLEM_AGENTS, words: PROBLEM_WORDS },
  topicWords: { stopwords: [...STOPWORDS], breaks: [...BREAKS], middleBlock: [...MIDDLE_BLOCK] },
};
