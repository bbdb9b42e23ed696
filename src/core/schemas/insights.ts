import { z } from 'zod';
import { ASPECT_IDS } from './aspects.ts';
import { FaqEntrySchema } from './editorial.ts';
import { CalendarDate, Name, Text } from './primitives.ts';
import { ReviewIdSchema } from './review.ts';

const Count = z.int().min(0);
/** Net sentiment: (positive - negative) / mentions; null when nothing was mentioned */
const NetScore = z.number().min(-1).max(1).nullable().describe('(positive - negative) / mentions, 3 decimals; null without mentions');
const ReviewIds = z.array(ReviewIdSchema);

export const AspectIdSchema = z.enum(ASPECT_IDS);
export const PolaritySchema = z.enum(['positive', 'negative', 'neutral']);

const counts = {
  mentions: Count.describe('Reviews mentioning it'),
  positive: Count,
  negative: Count,
  neutral: Count,
};

export const AspectQuoteSchema = z.object({
  review_id: ReviewIdSchema,
  date: CalendarDate,
  rating: z.int().min(1).max(5),
  polarity: PolaritySchema,
  text: Text.describe('The sentence of the review that judges the aspect'),
});

export const AspectInsightSchema = z.object({
  id: AspectIdSchema,
  label: Name,
  definition: Text,
  ...counts,
  score: NetScore,
  trend: z
    .array(z.object({ quarter: z.string().regex(/^\d{4}-Q[1-4]$/), ...counts, score: NetScore }))
    .describe('Every quarter that has a review with text, oldest first (a quarter without one has no row)'),
  quotes: z.array(AspectQuoteSchema).describe('At most 2 positive then 2 negative'),
});

const AspectRefSchema = z.object({ aspect: AspectIdSchema, mentions: Count, score: z.number().min(-1).max(1) }).nullable();

const entityFields = {
  mentions: Count.describe('Reviews whose own fields name it (entityStatistics)'),
  mean_rating: z.number().min(1).max(5).nullable(),
  distribution: z.object({ '1': Count, '2': Count, '3': Count, '4': Count, '5': Count }),
  latest_mention: CalendarDate.nullable(),
  text_mentions: Count.describe('Reviews whose text names it'),
  linked_reviews: Count.describe('Reviews naming it in their fields or their text'),
  sentiment: z.object({ reviews: Count, positive: Count, negative: Count, neutral: Count, score: NetScore }),
  strongest_aspect: AspectRefSchema,
  weakest_aspect: AspectRefSchema,
  review_ids: ReviewIds.max(10).describe('Newest linked reviews, at most 10'),
};

export const EntityInsightsSchema = z.object({
  technicians: z.array(z.object({ name: Name, ...entityFields })),
  services: z.array(z.object({ id: z.string(), name: Name, ...entityFields })),
  service_areas: z.array(z.object({ name: Name, ...entityFields })),
});

export const TopicSchema = z.object({
  phrase: Name,
  reviews: Count,
  positive: Count,
  negative: Count,
  neutral: Count,
  review_ids: ReviewIds.max(5),
});

export const SummaryFiguresSchema = z.object({
  review_count: Count,
  reviews_with_text: Count,
  rating_only_reviews: Count,
  rating_value: z.number().min(1).max(5).nullable(),
  period: z.object({ first: CalendarDate, last: CalendarDate }).nullable(),
  text_sentiment: z.object({ positive: Count, negative: Count, neutral: Count, score: NetScore }),
  aspect_mentions: Count,
  positive_share: z.number().min(0).max(1).nullable(),
  most_mentioned_aspect: AspectRefSchema,
  strongest_aspect: AspectRefSchema,
  weakest_aspect: AspectRefSchema,
  top_topics: z.array(Name).max(3),
  unresolved_first_names: Count.describe('Reviews naming a first name several technicians share'),
});

const LanguageCode = z.string().regex(/^[a-z]{2,3}$/);

export const CoverageSchema = z
  .object({
    reviews_with_text: Count.describe('Reviews with words (rating-only reviews are not counted)'),
    analysed: Count.describe('Reviews whose words the insights read: in their own language, or through a translation they carry'),
    languages: z
      .record(LanguageCode, z.object({ reviews: Count, analysed: Count }))
      .describe('By the language of the review text (said by the source, else detected), ISO 639-1'),
  })
  .describe('How many reviews the insights read; a review in a language that is not analysed is counted here, never dropped');

const Share = z.number().min(0).max(1);

export const MeasuredAccuracySchema = z
  .object({
    precision: Share.describe('Of the points (aspects) it finds in a sentence, the share a person also found'),
    recall: Share.describe('Of the points a person found, the share it finds'),
    f1: Share.describe('Harmonic mean of precision and recall'),
    polarity_accuracy: Share.describe('Of the points both found, the share whose tone (positive, negative, neutral) it judged as the person did'),
    no_aspect_false_positive_rate: Share.describe('Of the sentences a person found no point in, the share it found one in'),
    sentences: Count.describe('Sentences of real reviews it was measured on, labelled by hand and never used to tune it'),
    measured: CalendarDate.describe('When these figures were measured'),
  })
  .describe('The analyser against hand labels on sentences of real reviews in this language');

export const InsightsMethodSchema = z
  .object({
    analyser: Name.describe('What read the reviews'),
    version: z.string().describe("A hash of the analyser's files the figures were measured with"),
    languages: z.record(LanguageCode, MeasuredAccuracySchema).describe('For each language it reads, ISO 639-1'),
  })
  .describe('How the insights were read, and how accurately: measured by `npm run eval:insights`, never computed at build time');

/** What buildInsights returns. */
export const InsightsAnalysisSchema = z.object({
  aspects: z.array(AspectInsightSchema).length(ASPECT_IDS.length),
  entities: EntityInsightsSchema,
  topics: z.array(TopicSchema).max(20),
  summary_figures: SummaryFiguresSchema,
  coverage: CoverageSchema,
});

/** GET /insights.json: the analysis plus the editorial content, with the computed figures inside the summary. */
export const InsightsDocumentSchema = z.object({
  aspects: InsightsAnalysisSchema.shape.aspects,
  entities: EntityInsightsSchema,
  topics: InsightsAnalysisSchema.shape.topics,
  faq: z.array(FaqEntrySchema),
  summary: z.object({ headline: Name, text: Text, figures: SummaryFiguresSchema }),
  coverage: CoverageSchema,
  method: InsightsMethodSchema,
});

export type InsightsAnalysis = z.infer<typeof InsightsAnalysisSchema>;
export type InsightsDocument = z.infer<typeof InsightsDocumentSchema>;
export type InsightsMethod = z.infer<typeof InsightsMethodSchema>;
