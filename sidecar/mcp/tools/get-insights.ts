import { z } from 'zod';
import { InsightsDocumentSchema } from '../../../src/core/schemas/insights.ts';
import { insightsOf } from '../deps.ts';
import { jsonResult, READ_ONLY } from '../results.ts';
import { defineTool } from '../tool.ts';
import type { McpToolName } from '../../../src/core/openapi/mcp.ts';

export const GET_INSIGHTS: McpToolName = 'get_insights';

export const INSIGHTS_SECTIONS = ['aspects', 'entities', 'topics', 'faq', 'summary'] as const;

export const GetInsightsInput = z.strictObject({
  section: z.enum(INSIGHTS_SECTIONS).optional().describe('Return only this section: aspects, entities, topics, faq or summary. Leave it out for all five'),
});

/** Any of the sections of /insights.json, exactly as its schema describes them. */
export const GetInsightsOutput = InsightsDocumentSchema.partial();

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
