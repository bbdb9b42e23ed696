import { z } from 'zod';
import { insightsOf } from '../deps.ts';
import { jsonResult, READ_ONLY } from '../results.ts';
import { defineTool } from '../tool.ts';

export const GET_INSIGHTS = 'get_insights';

export const INSIGHTS_SECTIONS = ['aspects', 'entities', 'topics', 'faq', 'summary'] as const;

export const GetInsightsInput = z.strictObject({
  section: z
    .enum(INSIGHTS_SECTIONS)
    .optional()
    .describe('Return only this section: aspects, entities, topics, faq or summary. Leave it out for all five'),
});

// Described loosely on purpose: sections gain fields as the analysis grows, and a client
// must not reject a result for a field it did not expect. (`additionalProperties: true`
// says so in the JSON Schema; zod would write the equivalent but vaguer `{}`.)
const OPEN = { additionalProperties: true };
const Item = z.looseObject({}).meta(OPEN);
export const GetInsightsOutput = z
  .looseObject({
    aspects: z.array(Item).optional().describe('Per aspect (punctuality, pricing, workmanship, ...): mentions, positive/negative/neutral counts, net score, quarterly trend, quotes'),
    entities: Item.optional().describe('Technicians, services and service areas: mentions, mean rating, sentiment, strongest and weakest aspect, review ids'),
    topics: z.array(Item).optional().describe('Recurring phrases with how many reviews use them, their sentiment and example review ids'),
    faq: z.array(Item).optional().describe('Questions and answers written by the business'),
    summary: Item.optional().describe('Editorial headline and text, with the computed figures'),
  })
  .meta(OPEN);

export const getInsightsConfig = {
  title: 'Get insights',
  description: [
    'Returns the insights computed from all reviews: aspect-based sentiment (what customers praise or criticise',
    'about punctuality, pricing, workmanship, communication and six more aspects, with trends and quotes), entities (each technician,',
    'service and service area with mentions, ratings and sentiment), recurring topics, the FAQ and an editorial',
    'summary with key figures. Use it for overall questions ("what do customers complain about?", "which',
    'technician is rated best?") instead of paging through reviews. Pass section to get just one of aspects,',
    'entities, topics, faq or summary; review ids in it can be read with get_review.',
  ].join(' '),
  inputSchema: GetInsightsInput,
  outputSchema: GetInsightsOutput,
  annotations: { title: 'Get insights', ...READ_ONLY },
};

export const getInsightsTool = defineTool({
  name: GET_INSIGHTS,
  config: getInsightsConfig,
  run(snapshot, { section }) {
    const insights = insightsOf(snapshot);
    return jsonResult(section === undefined ? insights : { [section]: insights[section] });
  },
});
