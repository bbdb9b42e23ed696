import { ASPECT_IDS, type AspectId, type Polarity } from '../schemas/aspects.ts';
import { applyGate, type GateModel } from './gate.ts';
import { type GeneralScorer, generalScorer, negatorTest } from './general.ts';
import type { LanguagePack } from './language.ts';
import { languagePack } from './languages.ts';
import type { Score } from './lexicon.ts';
import { type Match, matchLexicon } from './match.ts';
import { type Clause, type ClauseRules, type Span, splitClauses } from './text.ts';

export interface AspectMention {
  aspect: AspectId;
  polarity: Polarity;
  /** Summed judgement on the AFINN scale; |score| < 0.5 is neutral */
  score: number;
  /** The clause as written */
  clause: string;
  /** Index of the sentence in `TextAnalysis.sentences` */
  sentence: number;
}

export interface TextAnalysis {
  mentions: AspectMention[];
  /** Sum of every judgement in the text, with or without an aspect */
  score: number;
  polarity: Polarity;
  sentences: Span[];
}

export interface AnalyzeOptions {
  /** Scores the general (non-domain) words; defaults to the built-in lexicon */
  general?: GeneralScorer;
  /**
   * The review's own star rating (1-5). A mention its clause names but does not judge
   * takes the rating's direction: 1-2 stars negative, 4-5 positive, 3 neutral.
   */
  rating?: number | undefined;
  /** The text's language: an ISO 639-1 code of LANGUAGES (languages.ts), or a pack; English when not given */
  language?: string | LanguagePack | undefined;
  /** The learned check on the lexicon's readings (gate.ts); the pack's own when not given, none when null */
  gate?: GateModel | null;
}

const NEUTRAL_BAND = 0.5;
/** Each separator between two words counts as this many words of distance. */
const SEGMENT_DISTANCE = 4;
const NEGATION_SCOPE = 4;
/** General words further than this from every anchor judge the whole text, not an aspect (long real sentences). */
const MAX_ATTACH = 10;

/** A pack's word lists as sets, built once per pack. */
interface Rules {
  pack: LanguagePack;
  general: GeneralScorer;
  equipment: Set<string>;
  negatedOnly: Set<string>;
  speed: Set<string>;
  wholeJob: Set<string>;
  verdicts: Set<string>;
  attachedOnly: Set<string>;
  segment: Set<string>;
  and: Set<string>;
  negationCarriers: Set<string>;
  discourse: Set<string>;
  problemOpeners: string[][];
  problemLeads: Set<string>;
  problemAgents: Set<string>;
  problemWords: Set<string>;
  text: { abbreviations: Set<string>; clauses: ClauseRules };
}

const rulesCache = new WeakMap<LanguagePack, Rules>();

function rulesOf(pack: LanguagePack): Rules {
  let r = rulesCache.get(pack);
  if (!r) {
    r = {
      pack,
      general: generalScorer(pack.general, negatorTest(pack.generalNegators, pack.negatorPattern)),
      equipment: new Set(pack.equipment),
      negatedOnly: new Set(pack.negatedOnly),
      speed: new Set(pack.speed),
      wholeJob: new Set(pack.wholeJob),
      verdicts: new Set(pack.verdictWords ?? []),
      attachedOnly: new Set(pack.attachedOnly),
      segment: new Set(pack.segmentWords),
      and: new Set(pack.and),
      negationCarriers: new Set(pack.negationCarriers),
      discourse: new Set(pack.discourseTerms),
      problemOpeners: pack.problem.openers.map((p) => p.split(' ')),
      problemLeads: new Set(pack.problem.leads),
      problemAgents: new Set(pack.problem.agents),
      problemWords: new Set(pack.problem.words),
      text: {
        abbreviations: new Set(pack.abbreviations),
        clauses: {
          words: new Map(Object.entries(pack.clauseWords)),
          butKeepsBefore: new Set(pack.butKeeps.before),
          butKeepsAfter: new Set(pack.butKeeps.after),
        },
      },
    };
    rulesCache.set(pack, r);
  }
  return r;
}

/** Comma-separated stretches (by index in `stretchOf`) that describe the customer's problem; see PROBLEM_OPENERS. */
function problemStretches(words: readonly string[], stretchOf: readonly number[], rules: Rules): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < words.length; i++) {
    if (i > 0 && stretchOf[i] === stretchOf[i - 1]) continue;
    let j = i;
    while (rules.problemLeads.has(words[j] as string) && stretchOf[j + 1] === stretchOf[i]) j += 1;
    const opens = rules.problemOpeners.some((p) => p.every((w, k) => words[j + k] === w && stretchOf[j + k] === stretchOf[i]));
    if (!opens) continue;
    let agent = false;
    for (let k = i; k < words.length && stretchOf[k] === stretchOf[i]; k++) if (rules.problemAgents.has(words[k] as string)) agent = true;
    if (!agent) out.add(stretchOf[i] as number);
  }
  return out;
}

export function polarityOf(score: number): Polarity {
  return score >= NEUTRAL_BAND ? 'positive' : score <= -NEUTRAL_BAND ? 'negative' : 'neutral';
}

/** The direction of a star rating: what an unjudged mention in that review means. */
function ratingPolarity(rating: number | undefined): Polarity {
  return rating === undefined || rating === 3 ? 'neutral' : rating < 3 ? 'negative' : 'positive';
}

function resolve(score: Score, aspect: AspectId | undefined): number {
  if (typeof score === 'number') return score;
  return (aspect !== undefined ? score[aspect] : undefined) ?? score.default;
}

interface Anchor {
  aspects: readonly AspectId[];
  from: number;
  to: number;
  weak: boolean;
  /** Names the aspect without judging it, so modifiers may describe it */
  cue: boolean;
  /** Judgement per aspect: its own plus what attached to it */
  totals: number[];
  judged: boolean;
}

function addTo(anchor: Anchor, score: Score, mult: number): void {
  anchor.aspects.forEach((aspect, k) => {
    const s = resolve(score, aspect) * mult;
    anchor.totals[k] = (anchor.totals[k] as number) + s;
    if (s !== 0) anchor.judged = true;
  });
}

function analyzeClause(clause: Clause, rules: Rules, general: GeneralScorer): { mentions: { aspect: AspectId; score: number }[]; score: number } {
  const words: string[] = [];
  const seg: number[] = [];
  const quoted: boolean[] = [];
  // Negation scope: like segments, except that "or"/"nor" carry a negation on ("nobody called or wrote back").
  const negSeg: number[] = [];
  let s = 0;
  let ns = 0;
  const commaSeg: number[] = [];
  let cs = 0;
  for (const tok of clause.tokens) {
    // Quoted speech is what someone said, not what the reviewer judges.
    if (tok.speech) continue;
    if (tok.punct) {
      s += 1;
      ns += 1;
      cs += 1;
      continue;
    }
    words.push(tok.t);
    seg.push(s);
    commaSeg.push(cs);
    negSeg.push(ns);
    quoted.push(tok.quoted);
    if (rules.segment.has(tok.t)) s += 1;
    if (rules.segment.has(tok.t) && !rules.negationCarriers.has(tok.t)) ns += 1;
  }
  // A list item ("great work, quick help") judges its own thing.
  const commaBetween = (p: number, q: number) => commaSeg[Math.min(p, q)] !== commaSeg[Math.max(p, q)];
  const dist = (p: number, a: { from: number; to: number }) => {
    const q = p >= a.to ? a.to - 1 : p < a.from ? a.from : p;
    return Math.abs(p - q) + SEGMENT_DISTANCE * Math.abs((seg[p] as number) - (seg[q] as number));
  };

  const problems = problemStretches(words, commaSeg, rules);
  const inProblem = (i: number) => problems.has(commaSeg[i] as number);
  // Fault words in a problem description name what the firm was called for: no judgement.
  const matches = matchLexicon(words, rules.pack).map((m) =>
    inProblem(m.from) && rules.problemWords.has(m.entry.phrase) ? { ...m, entry: { ...m.entry, kind: 'neutral' as const, aspects: [] } } : m,
  );
  // Multiplier per match: -1 when negated, 0 when hypothetical.
  const mult = new Map<Match, number>();
  let negatedUntil = -1;
  let negationSeg = -1;
  let irrealisFrom = Infinity;
  for (const m of matches) {
    const kind = m.entry.kind;
    if (kind === 'negator') {
      negatedUntil = m.to - 1 + NEGATION_SCOPE;
      negationSeg = negSeg[m.from] as number;
      continue;
    }
    if (kind === 'irrealis') irrealisFrom = Math.min(irrealisFrom, m.from);
    const negated = m.from <= negatedUntil && negSeg[m.from] === negationSeg;
    mult.set(m, m.from >= irrealisFrom ? 0 : negated ? -1 : 1);
  }
  // Scare quotes turn praise into criticism (they "fixed" it), never the reverse.
  const multOf = (m: Match, score: number) => (mult.get(m) ?? 1) * (quoted[m.from] && score > 0 ? -1 : 1);

  const anchors: Anchor[] = [];
  const newAnchor = (m: Match, aspects: readonly AspectId[], weak: boolean): Anchor => {
    const cue = m.entry.kind === 'cue' || m.entry.kind === 'weak';
    const a: Anchor = { aspects, from: m.from, to: m.to, weak, cue, totals: aspects.map(() => 0), judged: false };
    anchors.push(a);
    return a;
  };
  for (const m of matches) {
    const { kind, aspects, score, phrase } = m.entry;
    if (kind === 'cue' || kind === 'weak') {
      const a = newAnchor(m, aspects, kind === 'weak');
      // a scare-quoted noun is a judgement too: done with the "work"
      if (quoted[m.from]) addTo(a, -2, 1);
    } else if (kind === 'term') {
      // "Honestly, ..." opening a clause is a discourse marker, not a judgement of honesty.
      if (rules.discourse.has(phrase) && m.from === 0) continue;
      // Narration ("after the call", "I called them") judges nothing; "didn't call" does.
      if (rules.negatedOnly.has(phrase) && mult.get(m) !== -1) {
        newAnchor(m, aspects, true);
        continue;
      }
      addTo(newAnchor(m, aspects, false), score, multOf(m, resolve(score, aspects[0])));
    }
  }
  const cueAnchors = anchors.filter((a) => a.cue);
  const polar: { m: Match; target?: Anchor }[] = [];
  for (const m of matches) {
    if (m.entry.kind === 'modifier') {
      const sameSeg = cueAnchors.filter((a) => seg[a.from] === seg[m.from]);
      // Speed ("quick", "fast") about the work itself is workmanship, anywhere in the clause;
      // otherwise it is about coming out or getting help, which is punctuality.
      const work =
        m.entry.aspects[0] === 'punctuality'
          ? anchors.filter((a) => a.aspects[0] === 'workmanship' && !rules.equipment.has(words.slice(a.from, a.to).join(' ')) && !commaBetween(a.from, m.from))
          : [];
      // "reliable" or "fast" said of people is about them turning up and getting it done: punctuality.
      const people = (a: Anchor) => m.entry.aspects[0] === 'punctuality' && a.aspects[0] === 'professionalism';
      const target =
        nearest(
          sameSeg.filter((a) => !people(a)),
          m.from,
          dist,
        ) ?? nearest(work, m.from, dist);
      if (target) {
        polar.push({ m, target });
        // Real reviews mean getting it done soon by "fast work" too: punctuality as well as the work.
        if (rules.speed.has(m.entry.phrase) && target.aspects[0] === 'workmanship' && words.some((w) => rules.wholeJob.has(w)))
          addTo(newAnchor(m, m.entry.aspects, false), m.entry.score, multOf(m, resolve(m.entry.score, 'punctuality')));
      } else if (!rules.attachedOnly.has(m.entry.phrase))
        addTo(newAnchor(m, m.entry.aspects, false), m.entry.score, multOf(m, resolve(m.entry.score, m.entry.aspects[0])));
    } else if (m.entry.kind === 'polar') polar.push({ m });
  }

  let clauseScore = 0;
  for (const { m, target } of polar) {
    const anchor = rules.verdicts.has(m.entry.phrase) ? undefined : (target ?? nearest(anchors, m.from, dist));
    const k = multOf(m, resolve(m.entry.score, anchor?.aspects[0]));
    if (anchor) addTo(anchor, m.entry.score, k);
    else clauseScore += resolve(m.entry.score, undefined) * k;
  }

  // General words: every word the domain lexicon did not claim (negators included, so
  // the general scorer sees them), grouped by the nearest anchor.
  const claimed = new Uint8Array(words.length);
  for (const m of matches) if (m.entry.kind !== 'negator') claimed.fill(1, m.from, m.to);
  const groups = new Map<Anchor | undefined, string[]>();
  for (let i = 0; i < Math.min(words.length, irrealisFrom); i++) {
    if (claimed[i] || (inProblem(i) && rules.problemWords.has(words[i] as string))) continue;
    const near = rules.verdicts.has(words[i] as string) ? undefined : nearest(anchors, i, dist);
    const a = near && dist(i, near) <= MAX_ATTACH ? near : undefined;
    const list = groups.get(a);
    if (list) list.push(words[i] as string);
    else groups.set(a, [words[i] as string]);
  }
  for (const [anchor, list] of groups) {
    const g = general(list);
    if (g === 0) continue;
    if (anchor) addTo(anchor, g, 1);
    else clauseScore += g;
  }

  // "The advice and communication were great": a judgement of two coordinated nouns judges both,
  // and so along a list ("her work, professionalism and expertise are outstanding"). Of the
  // general nouns only the work joins: "the work and attitude were great" judges the work.
  const andAfter = (x: Anchor) => rules.and.has(words[x.to] as string);
  const coordinated = (a: Anchor, b: Anchor) =>
    (andAfter(a) && b.from === a.to + 1) ||
    (andAfter(b) && a.from === b.to + 1) ||
    (b.from === a.to && commaBetween(a.to - 1, b.from) && andAfter(b)) ||
    (a.from === b.to && commaBetween(b.to - 1, a.from) && andAfter(a));
  const joins = (a: Anchor) => !a.weak || a.aspects[0] === 'workmanship';
  for (let pass = 0; pass < 3; pass++)
    for (const a of cueAnchors) {
      if (a.judged || !joins(a)) continue;
      const pair = cueAnchors.find((b) => b.judged && coordinated(a, b));
      if (pair && pair.aspects[0] !== a.aspects[0]) addTo(a, pair.totals[0] as number, 1);
    }
  const byAspect = new Map<AspectId, number>();
  for (const a of anchors) {
    // a judgement of two aspects at once ("hidden fees") counts once for the whole text
    clauseScore += a.totals[0] as number;
    if (a.weak && !a.judged) continue;
    for (let k = 0; k < a.aspects.length; k++) {
      const aspect = a.aspects[k] as AspectId;
      byAspect.set(aspect, (byAspect.get(aspect) ?? 0) + (a.totals[k] as number));
    }
  }
  const mentions = ASPECT_IDS.filter((id) => byAspect.has(id)).map((aspect) => ({ aspect, score: byAspect.get(aspect) as number }));
  return { mentions, score: clauseScore };
}

/** The nearest anchor to word `p`; on a tie the one before it (judgements usually follow the noun). */
function nearest(anchors: readonly Anchor[], p: number, dist: (p: number, a: Anchor) => number): Anchor | undefined {
  let best: Anchor | undefined;
  let bestD = Infinity;
  for (const a of anchors) {
    const d = dist(p, a);
    if (d < bestD || (d === bestD && best !== undefined && a.from < p && best.from > p)) {
      best = a;
      bestD = d;
    }
  }
  return best;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000 || 0;

/** Aspect mentions per clause, and the sentiment of the whole text. */
export function analyzeReview(text: string, options: AnalyzeOptions = {}): TextAnalysis {
  const rules = rulesOf(typeof options.language === 'object' ? options.language : languagePack(options.language));
  const general = options.general ?? rules.general;
  const { sentences, clauses } = splitClauses(text, rules.text);
  const mentions: AspectMention[] = [];
  let score = 0;
  for (const clause of clauses) {
    const r = analyzeClause(clause, rules, general);
    score += r.score;
    for (const m of r.mentions) {
      const own = polarityOf(m.score);
      const polarity = own !== 'neutral' ? own : clause.exception ? 'negative' : ratingPolarity(options.rating);
      mentions.push({ aspect: m.aspect, polarity, score: round3(m.score), clause: clause.text, sentence: clause.sentence });
    }
  }
  const gate = options.gate === undefined ? rules.pack.gate : options.gate;
  return { mentions: gate ? applyGate(gate, mentions, sentences) : mentions, score: round3(score), polarity: polarityOf(score), sentences };
}

/** One entry per clause-level aspect mention in `text`. */
export function analyzeText(text: string, options: AnalyzeOptions = {}): AspectMention[] {
  return analyzeReview(text, options).mentions;
}

/**
 * One polarity per aspect for a whole text: the majority of its mentions; on a tie the
 * last judged mention wins, since a closing clause ("... but worth every penny") usually
 * carries the verdict.
 */
export function aspectPolarities(mentions: readonly AspectMention[]): { aspect: AspectId; polarity: Polarity }[] {
  const out: { aspect: AspectId; polarity: Polarity }[] = [];
  for (const aspect of ASPECT_IDS) {
    const own = mentions.filter((m) => m.aspect === aspect);
    if (own.length === 0) continue;
    let votes = 0;
    let last: Polarity = 'neutral';
    for (const m of own) {
      if (m.polarity === 'positive') votes += 1;
      if (m.polarity === 'negative') votes -= 1;
      if (m.polarity !== 'neutral') last = m.polarity;
    }
    out.push({ aspect, polarity: votes > 0 ? 'positive' : votes < 0 ? 'negative' : last });
  }
  return out;
}
