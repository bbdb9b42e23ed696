import { summarizeRatings } from '../content/aggregate.ts';
import type { Dataset } from '../content/dataset.ts';
import { entityStatistics } from '../content/entity-ratings.ts';
import { allText } from '../content/review-text.ts';
import { ASPECT_IDS, ASPECTS, type AspectId, type Polarity } from '../schemas/aspects.ts';
import { quarterOf } from '../schemas/dates.ts';
import type { Review } from '../schemas/review.ts';
import { type AnalyzeOptions, analyzeReview, aspectPolarities, polarityOf, type TextAnalysis } from './analyze.ts';
import { aspectClaims, MIN_CLAIM_MENTIONS } from './claims.ts';
import { detectLanguage } from './detect.ts';
import { createEntityLinker, type LinkedEntities } from './entities.ts';
import { baseLanguage, LANGUAGES } from './languages.ts';
import { tokenize } from './text.ts';
import { extractTopics, type TopicWords } from './topics.ts';

/** Caps that keep insights.json small whatever the number of reviews (documented in README.md). */
export const LIMITS = {
  /** Quotes per aspect and polarity (positive, negative) */
  quotes_per_polarity: 2,
  quote_chars: 280,
  entity_review_ids: 10,
  topic_review_ids: 5,
  topics: 20,
} as const;

/** What the analysis found in one review; the same as `insights:analyze` prints for its text. */
export interface ReviewInsight {
  review: Review;
  /** Language of the review's own text (said by the source, else detected); null without text */
  language: string | null;
  /** The words analysed and their language: the text, or the translation it carries; null when neither is in a language analysed */
  read: { language: string; text: string } | null;
  /** null for a rating-only review (no text) or one in a language not analysed */
  analysis: TextAnalysis | null;
  aspects: { aspect: AspectId; polarity: Polarity }[];
  linked: LinkedEntities | null;
}

/**
 * What to analyse: the review's own words when their language is analysed, else a
 * translation the review carries into an analysed language, else nothing (the review is
 * counted in `coverage`, never dropped silently).
 */
export function readingOf(review: Pick<Review, 'text' | 'translation' | 'language'>, businessLanguage: string) {
  if (review.text.trim() === '') return { language: null, read: null };
  const language = baseLanguage(review.language ?? detectLanguage(review.text, businessLanguage, { translated: review.translation !== undefined }));
  if (LANGUAGES[language]) return { language, read: { language, text: review.text } };
  const t = review.translation;
  if (t && LANGUAGES[baseLanguage(t.language)]) return { language, read: { language: baseLanguage(t.language), text: t.text } };
  return { language, read: null };
}

/** Each review is read in its own language with its own star rating (see `AnalyzeOptions`). */
export function analyzeReviews(dataset: Dataset, options: Omit<AnalyzeOptions, 'rating' | 'language'> = {}): ReviewInsight[] {
  const link = createEntityLinker(dataset.business);
  return dataset.reviews.map((review) => {
    const { language, read } = readingOf(review, dataset.business.language);
    if (!read) return { review, language, read, analysis: null, aspects: [], linked: null };
    const analysis = analyzeReview(read.text, { ...options, rating: review.rating, language: read.language });
    const linked = link(allText(review), { technicians: review.technicians, services: review.services });
    return { review, language, read, analysis, aspects: aspectPolarities(analysis.mentions), linked };
  });
}

/** How many reviews the insights read, by language: a review in a language not analysed is counted, not dropped. */
function buildCoverage(insights: readonly ReviewInsight[]) {
  const languages: Record<string, { reviews: number; analysed: number }> = {};
  let withText = 0;
  let analysed = 0;
  for (const r of insights) {
    if (r.language === null) continue;
    withText += 1;
    const entry = languages[r.language] ?? { reviews: 0, analysed: 0 };
    entry.reviews += 1;
    if (r.analysis) {
      entry.analysed += 1;
      analysed += 1;
    }
    languages[r.language] = entry;
  }
  const sorted = Object.fromEntries(
    Object.keys(languages)
      .sort()
      .map((k) => [k, languages[k] as { reviews: number; analysed: number }]),
  );
  return { reviews_with_text: withText, analysed, languages: sorted };
}

const round3 = (n: number) => Math.round(n * 1000) / 1000 || 0;
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Counts {
  mentions: number;
  positive: number;
  negative: number;
  neutral: number;
}

const emptyCounts = (): Counts => ({ mentions: 0, positive: 0, negative: 0, neutral: 0 });

function count(c: Counts, p: Polarity): void {
  c.mentions += 1;
  c[p] += 1;
}

/** Net sentiment in [-1, 1]: (positive - negative) / mentions. */
const netScore = (c: Counts) => (c.mentions === 0 ? null : round3((c.positive - c.negative) / c.mentions));

/** Strongest and weakest aspect, each only when the data supports the claim (see claims.ts). */
function extremes(byAspect: Map<AspectId, Counts>, minMentions: number) {
  const tallies = ASPECT_IDS.flatMap((aspect) => {
    const c = byAspect.get(aspect);
    return c ? [{ aspect, ...c }] : [];
  });
  const { strongest, weakest } = aspectClaims(tallies, minMentions);
  return { strongest: strongest[0] ?? null, weakest: weakest[0] ?? null };
}

interface QuoteCandidate {
  review_id: string;
  date: string;
  rating: number;
  polarity: Polarity;
  text: string;
  strength: number;
  /** 0 when the stars agree with the reading, 1 when they do not */
  doubt: number;
}

function clip(text: string): string {
  return text.length <= LIMITS.quote_chars ? text : `${text.slice(0, LIMITS.quote_chars - 1).trimEnd()}…`;
}

/**
 * The most certain readings first: the sentence's own words judge the aspect (never a reading
 * taken from the stars alone) and the stars agree; then quotes that read well on their own
 * (40-200 characters), the strongest, the newest.
 */
function pickQuotes(candidates: QuoteCandidate[]) {
  const fits = (q: QuoteCandidate) => (q.text.length >= 40 && q.text.length <= 200 ? 0 : 1);
  candidates.sort((a, b) => a.doubt - b.doubt || fits(a) - fits(b) || b.strength - a.strength || cmp(b.date, a.date) || cmp(b.review_id, a.review_id));
  const picked: Omit<QuoteCandidate, 'strength' | 'doubt'>[] = [];
  const seen = new Set<string>();
  for (const { strength: _, doubt: __, ...q } of candidates) {
    if (picked.length === LIMITS.quotes_per_polarity) break;
    if (seen.has(q.text)) continue;
    seen.add(q.text);
    picked.push({ ...q, text: clip(q.text) });
  }
  return picked;
}

function buildAspects(insights: readonly ReviewInsight[]) {
  const withText = insights.filter((r) => r.analysis);
  // Only quarters that have a review with text: the trend grows with the reviews, never with the span of their dates.
  const quarters = [...new Set(withText.map((r) => quarterOf(r.review.date)))].sort();
  return ASPECTS.map(({ id, label, definition }) => {
    const total = emptyCounts();
    const trend = new Map(quarters.map((q) => [q, emptyCounts()]));
    const quotes: Record<'positive' | 'negative', QuoteCandidate[]> = { positive: [], negative: [] };
    for (const r of withText) {
      const found = r.aspects.find((a) => a.aspect === id);
      if (!found) continue;
      count(total, found.polarity);
      count(trend.get(quarterOf(r.review.date)) as Counts, found.polarity);
      if (found.polarity === 'neutral') continue;
      const analysis = r.analysis as TextAnalysis;
      let best: { sentence: number; score: number } | undefined;
      for (const m of analysis.mentions) {
        if (m.aspect === id && m.polarity === found.polarity && (!best || Math.abs(m.score) > Math.abs(best.score))) best = m;
      }
      // a reading the text does not make itself (the stars gave its direction) is never quoted
      if (!best || polarityOf(best.score) !== found.polarity) continue;
      const text = (analysis.sentences[best.sentence] as { text: string }).text;
      quotes[found.polarity].push({
        review_id: r.review.id,
        date: r.review.date,
        rating: r.review.rating,
        polarity: found.polarity,
        text,
        strength: Math.abs(best.score),
        doubt: (found.polarity === 'positive' ? r.review.rating >= 4 : r.review.rating <= 2) ? 0 : 1,
      });
    }
    return {
      id,
      label,
      definition,
      ...total,
      score: netScore(total),
      trend: [...trend].map(([quarter, c]) => ({ quarter, ...c, score: netScore(c) })),
      quotes: [...pickQuotes(quotes.positive), ...pickQuotes(quotes.negative)],
    };
  });
}

type EntityKind = 'technicians' | 'services' | 'service_areas';

function entityExtras(insights: readonly ReviewInsight[], indices: readonly number[], textMentions: number) {
  const sentiment = emptyCounts();
  const byAspect = new Map<AspectId, Counts>();
  for (const i of indices) {
    const r = insights[i] as ReviewInsight;
    if (!r.analysis) continue;
    count(sentiment, r.analysis.polarity);
    for (const a of r.aspects) {
      if (!byAspect.has(a.aspect)) byAspect.set(a.aspect, emptyCounts());
      count(byAspect.get(a.aspect) as Counts, a.polarity);
    }
  }
  const { strongest, weakest } = extremes(byAspect, MIN_CLAIM_MENTIONS.entity);
  return {
    text_mentions: textMentions,
    linked_reviews: indices.length,
    sentiment: {
      reviews: sentiment.mentions,
      positive: sentiment.positive,
      negative: sentiment.negative,
      neutral: sentiment.neutral,
      score: netScore(sentiment),
    },
    strongest_aspect: strongest,
    weakest_aspect: weakest,
    review_ids: indices.slice(0, LIMITS.entity_review_ids).map((i) => (insights[i] as ReviewInsight).review.id),
  };
}

function buildEntities(dataset: Dataset, insights: readonly ReviewInsight[]) {
  const stats = entityStatistics(dataset);
  // Reviews linked to an entity: named in the review's own fields or in its text.
  const linkedIndices = (kind: EntityKind, key: string, own: (r: Review) => readonly string[]) => {
    const indices: number[] = [];
    let textMentions = 0;
    insights.forEach((r, i) => {
      const inText = r.linked?.[kind].includes(key) ?? false;
      if (inText) textMentions += 1;
      if (inText || own(r.review).includes(key)) indices.push(i);
    });
    return entityExtras(insights, indices, textMentions);
  };
  return {
    technicians: stats.technicians.map((t) => ({ ...t, ...linkedIndices('technicians', t.name, (r) => r.technicians) })),
    services: stats.services.map((s) => ({ ...s, ...linkedIndices('services', s.id, (r) => r.services) })),
    service_areas: stats.service_areas.map((a) => ({ ...a, ...linkedIndices('service_areas', a.name, (r) => (r.service_area ? [r.service_area] : [])) })),
  };
}

// Topics are taken from texts in every analysed language, so every pack's function words apply.
const packs = Object.values(LANGUAGES);
const TOPIC_WORDS: TopicWords = {
  stopwords: new Set(packs.flatMap((p) => p.topicWords.stopwords)),
  breaks: new Set(packs.flatMap((p) => p.topicWords.breaks)),
  middleBlock: new Set(packs.flatMap((p) => p.topicWords.middleBlock)),
};
/** Sentiment words are judgements, not topics. */
const SENTIMENT_WORDS = new Set(packs.flatMap((p) => Object.keys(p.general)));

function buildTopics(dataset: Dataset, insights: readonly ReviewInsight[]) {
  const { business } = dataset;
  const words = (s: string) =>
    tokenize(s)
      .filter((t) => !t.punct)
      .map((t) => t.t);
  const serviceWords = new Set(business.services.flatMap((s) => [s.name, ...s.synonyms]).flatMap(words));
  // People, places and the business's own name are entities, not themes.
  const names = new Set([
    ...business.technicians.flatMap((t) => words(t.name)),
    ...business.service_areas.flatMap(words),
    ...words(business.name).filter((w) => !serviceWords.has(w)),
  ]);
  const inputs = insights.flatMap((r) => (r.analysis && r.read ? [{ id: r.review.id, text: r.read.text, polarity: r.analysis.polarity }] : []));
  return extractTopics(inputs, {
    exclude: (w) => names.has(w) || SENTIMENT_WORDS.has(w),
    max: LIMITS.topics,
    examples: LIMITS.topic_review_ids,
    words: TOPIC_WORDS,
  });
}

function buildSummary(dataset: Dataset, insights: readonly ReviewInsight[], aspects: ReturnType<typeof buildAspects>, topics: ReturnType<typeof buildTopics>) {
  const withText = insights.filter((r) => r.analysis);
  const sentiment = emptyCounts();
  for (const r of withText) count(sentiment, (r.analysis as TextAnalysis).polarity);
  const total = emptyCounts();
  for (const a of aspects) {
    total.mentions += a.mentions;
    total.positive += a.positive;
    total.negative += a.negative;
    total.neutral += a.neutral;
  }
  const { strongest, weakest } = extremes(new Map(aspects.map((a) => [a.id, a])), MIN_CLAIM_MENTIONS.business);
  const mostMentioned = [...aspects].sort((a, b) => b.mentions - a.mentions || ASPECT_IDS.indexOf(a.id) - ASPECT_IDS.indexOf(b.id))[0];
  const dates = dataset.reviews.map((r) => r.date).sort();
  const textCount = insights.filter((r) => r.language !== null).length;
  return {
    review_count: dataset.reviews.length,
    reviews_with_text: textCount,
    rating_only_reviews: dataset.reviews.length - textCount,
    rating_value: summarizeRatings(dataset.reviews).rating_value,
    period: dates.length ? { first: dates[0] as string, last: dates[dates.length - 1] as string } : null,
    text_sentiment: { positive: sentiment.positive, negative: sentiment.negative, neutral: sentiment.neutral, score: netScore(sentiment) },
    aspect_mentions: total.mentions,
    positive_share: total.mentions ? round3(total.positive / total.mentions) : null,
    most_mentioned_aspect:
      mostMentioned && mostMentioned.mentions > 0 ? { aspect: mostMentioned.id, mentions: mostMentioned.mentions, score: mostMentioned.score as number } : null,
    strongest_aspect: strongest,
    weakest_aspect: weakest,
    top_topics: topics.slice(0, 3).map((t) => t.phrase),
    unresolved_first_names: insights.filter((r) => (r.linked?.ambiguous.length ?? 0) > 0).length,
  };
}

/**
 * The computed parts of insights.json. Deterministic: the same dataset gives the same
 * value (and so the same bytes once serialised); aspect counts are per review, exactly
 * what `npm run insights:analyze` prints for each review's text.
 */
export function buildInsights(dataset: Dataset, options: Omit<AnalyzeOptions, 'rating' | 'language'> = {}) {
  const insights = analyzeReviews(dataset, options);
  const aspects = buildAspects(insights);
  const topics = buildTopics(dataset, insights);
  return {
    aspects,
    entities: buildEntities(dataset, insights),
    topics,
    summary_figures: buildSummary(dataset, insights, aspects, topics),
    coverage: buildCoverage(insights),
  };
}

export type Insights = ReturnType<typeof buildInsights>;
