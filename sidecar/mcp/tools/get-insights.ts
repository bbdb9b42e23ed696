import { z } from 'zod';
import type { McpToolName } from '../../../src/core/openapi/mcp.ts';
import type { InsightsDocument } from '../../../src/core/schemas/insights.ts';
import { AspectIdSchema, AspectInsightSchema, EntityInsightsSchema, InsightsDocumentSchema, TopicSchema } from '../../../src/core/schemas/insights.ts';
import { insightsOf } from '../build-data.ts';
import { defineTool, jsonResult, READ_ONLY } from '../tool.ts';

export const GET_INSIGHTS: McpToolName = 'get_insights';

export const INSIGHTS_SECTIONS = ['aspects', 'entities', 'topics', 'faq', 'summary', 'coverage'] as const;

export const GetInsightsInput = z
  .strictObject({
    section: z
      .enum(INSIGHTS_SECTIONS)
      .optional()
      .describe('One section in full, as /insights.json has it (coverage: which reviews were read, by language). Without it: an overview'),
    aspect: AspectIdSchema.optional().describe('Only this aspect, in full (implies section aspects)'),
    period: z
      .string()
      .regex(/^\d{4}(-Q[1-4])?$/, { message: 'must be a year (YYYY) or a quarter (YYYY-Qn)' })
      .optional()
      .describe('Only the trend rows of this year (YYYY) or quarter (YYYY-Qn) (implies section aspects)'),
  })
  .refine((a) => a.section === undefined || a.section === 'aspects' || (a.aspect === undefined && a.period === undefined), {
    message: 'aspect and period narrow the aspects section; leave section out or set it to aspects',
    path: ['section'],
  });

/** The overview leaves out what a section in full gives: definitions, trends, quotes, distributions, sentiment counts, review ids, the FAQ. */
const AspectOutput = AspectInsightSchema.partial({ definition: true, trend: true, quotes: true });
const entity = <T extends z.ZodObject>(s: T) =>
  s
    .partial()
    .required({ name: true } as never)
    .extend({ sentiment: EntityInsightsSchema.shape.technicians.element.shape.sentiment.partial().optional() });
const EntitiesOutput = z.object({
  technicians: z.array(entity(EntityInsightsSchema.shape.technicians.element)),
  services: z.array(entity(EntityInsightsSchema.shape.services.element)),
  service_areas: z.array(entity(EntityInsightsSchema.shape.service_areas.element)),
});

export const GetInsightsOutput = z.object({
  aspects: z.array(AspectOutput).optional(),
  entities: EntitiesOutput.optional(),
  topics: z.array(TopicSchema.partial({ review_ids: true, positive: true, negative: true, neutral: true })).optional(),
  faq: InsightsDocumentSchema.shape.faq.optional(),
  summary: InsightsDocumentSchema.shape.summary.optional(),
  coverage: InsightsDocumentSchema.shape.coverage.optional(),
  method: InsightsDocumentSchema.shape.method.optional(),
  more: z.string().optional().describe('In the overview: how to get the details it leaves out'),
});

export const getInsightsConfig = {
  title: 'Get insights',
  description: [
    'What customers praise or criticise, from every review: sentiment on ten aspects (punctuality, pricing,',
    'workmanship, …), each technician, service and area (mentions, rating, sentiment), topics, the FAQ and a summary',
    'with key figures. Without arguments: an overview. section gives one section in full (quotes, quarterly trends,',
    'review ids for get_review); aspect and period narrow the aspects to one aspect, year or quarter.',
  ].join(' '),
  inputSchema: GetInsightsInput,
  outputSchema: GetInsightsOutput,
  annotations: { title: 'Get insights', ...READ_ONLY },
};

const MORE =
  'An overview. Pass section (aspects, entities, topics, faq or summary) for that section in full: ' +
  'aspect definitions, quotes and quarterly trends; the rating distribution, sentiment counts, ' +
  'strongest and weakest aspect and newest review ids of each technician, service and area; the ' +
  'sentiment and review ids of each topic; the FAQ. aspect and period narrow the aspects.';

function overview(doc: InsightsDocument) {
  const brief = <T extends { name: string; mentions: number; mean_rating: number | null; sentiment: { score: number | null } }>(e: T) => ({
    ...('id' in e ? { id: e.id } : {}),
    name: e.name,
    mentions: e.mentions,
    mean_rating: e.mean_rating,
    sentiment: { score: e.sentiment.score },
  });
  return {
    summary: doc.summary,
    coverage: doc.coverage,
    method: doc.method,
    aspects: doc.aspects.map(({ definition: _d, trend: _t, quotes: _q, ...a }) => a),
    entities: {
      technicians: doc.entities.technicians.map(brief),
      services: doc.entities.services.map(brief),
      service_areas: doc.entities.service_areas.map(brief),
    },
    topics: doc.topics.map(({ phrase, reviews }) => ({ phrase, reviews })),
    more: MORE,
  };
}

/** The aspects in full, without quarters nobody mentioned the aspect in. */
function aspects(doc: InsightsDocument, aspect: string | undefined, period: string | undefined) {
  return doc.aspects
    .filter((a) => aspect === undefined || a.id === aspect)
    .map((a) => ({ ...a, trend: a.trend.filter((q) => q.mentions > 0 && (period === undefined || q.quarter.startsWith(period))) }));
}

export const getInsightsTool = defineTool({
  name: GET_INSIGHTS,
  config: getInsightsConfig,
  run(snapshot, { section, aspect, period }) {
    const doc = insightsOf(snapshot);
    if (aspect !== undefined || period !== undefined || section === 'aspects') return jsonResult({ aspects: aspects(doc, aspect, period) });
    if (section === undefined) return jsonResult(overview(doc));
    return jsonResult({ [section]: doc[section] });
  },
});
