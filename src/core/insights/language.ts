// What the analysis needs to know about one language. The pipeline (text.ts, match.ts,
// analyze.ts) reads nothing language-specific except through a LanguagePack, so a new
// language is a new pack (its word lists and rules) added to LANGUAGES in languages.ts.
import type { AspectId } from '../schemas/aspects.ts';
import type { GateModel } from './gate.ts';
import type { Score } from './lexicon.ts';
import type { ClauseWord } from './text.ts';

export interface Lexicon {
  /** Names an aspect without judging it ("price", "Preis") */
  cues: Partial<Record<AspectId, readonly string[]>>;
  /** Too general to count alone: makes a mention only when a judgement attaches to it */
  weakCues: Partial<Record<AspectId, readonly string[]>>;
  /** Names and judges at once ("on time" +2, "unpünktlich" -2) */
  terms: Partial<Record<AspectId, Readonly<Record<string, number>>>>;
  /** Judges two aspects at once ("hidden fees") */
  multiTerms: readonly (readonly [string, readonly AspectId[], number])[];
  /** Judges what it describes, else its home aspect ("thorough", "gründlich") */
  modifiers: readonly (readonly [string, AspectId, Score])[];
  /** Judges without an aspect and attaches to the nearest one */
  polar: Readonly<Record<string, Score>>;
  negators: readonly string[];
  /** Consumed with no effect ("not only", "nicht nur") */
  neutral: readonly string[];
  /** Later judgements in the clause are hypothetical ("whether", "ob") */
  irrealis: readonly string[];
}

export interface LanguagePack {
  /** ISO 639-1 code, as reviews and insights.json name it */
  code: string;
  lexicon: Lexicon;
  /** General sentiment words on the AFINN scale (-3..+3) */
  general: Readonly<Record<string, number>>;
  /** Words that flip the general words within three words after them */
  generalNegators: readonly string[];
  /** A word form that negates on its own (English "-n't") */
  negatorPattern?: RegExp;
  /** Words after which a "." does not end a sentence ("Mr", "z.B") */
  abbreviations: readonly string[];
  /** Clause-splitting words, mapped to the English control word whose rule they follow */
  clauseWords: Readonly<Record<string, ClauseWord>>;
  /** "but" is not a split after these or before these ("not only ... but also") */
  butKeeps: { before: readonly string[]; after: readonly string[] };
  /** Coordinating words that start a new segment ("and", "und") */
  segmentWords: readonly string[];
  /** The word for "and" that joins two judged nouns ("advice and communication") */
  and: readonly string[];
  /** Segment words over which a negation carries ("or", "nor") */
  negationCarriers: readonly string[];
  /** Opening a clause, these terms are discourse markers, not judgements ("Honestly, ...") */
  discourseTerms: readonly string[];
  /** Equipment nouns: not the work itself */
  equipment: readonly string[];
  /** Terms that judge only when negated ("didn't call") */
  negatedOnly: readonly string[];
  /** Modifiers that judge only what they attach to ("immediately") */
  attachedOnly: readonly string[];
  /** Speed words (punctuality modifiers that can judge the work) */
  speed: readonly string[];
  /** Nouns and verbs for the whole job */
  wholeJob: readonly string[];
  /** General words that judge the firm as a whole ("recommend", "thanks"): they count for the text, never for a nearby aspect */
  verdictWords?: readonly string[];
  /** A learned check on the lexicon's readings (gate.ts), trained for this language */
  gate?: GateModel | undefined;
  /** Problem descriptions (see PROBLEM_OPENERS in lexicon.ts) */
  problem: { openers: readonly string[]; leads: readonly string[]; agents: readonly string[]; words: readonly string[] };
  /** Function words for key phrases (topics.ts) */
  topicWords: { stopwords: readonly string[]; breaks: readonly string[]; middleBlock: readonly string[] };
}
