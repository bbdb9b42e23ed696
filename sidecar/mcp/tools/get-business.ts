import { z } from 'zod';
import type { McpToolName } from '../../../src/core/openapi/mcp.ts';
import { BusinessSchema } from '../../../src/core/schemas/business.ts';
import { AggregateRatingSchema } from '../../../src/core/schemas/documents.ts';
import { EvidenceCountsSchema } from '../../../src/core/schemas/evidence.ts';
import { businessOf } from '../../site/search-index.ts';
import { aggregateRatingOf, evidenceCountsOf } from '../build-data.ts';
import { APP_TOOL_META } from '../protocol.ts';
import { defineTool, jsonResult, READ_ONLY } from '../tool.ts';

export const GET_BUSINESS: McpToolName = 'get_business';

export const GetBusinessInput = z.strictObject({});

export const GetBusinessOutput = z.object({
  business: BusinessSchema,
  aggregate_rating: AggregateRatingSchema,
  evidence: EvidenceCountsSchema,
});

export const getBusinessConfig = {
  title: 'Get business',
  description: [
    'The business: contact details, address, opening hours, service areas, services (ids, names, synonyms) and',
    'technicians (the names search_reviews filters accept), the aggregate rating (mean, count, star distribution), and',
    'evidence: reviews per kind of proof that the author is a customer.',
    'No arguments.',
  ].join(' '),
  inputSchema: GetBusinessInput,
  outputSchema: GetBusinessOutput,
  annotations: { title: 'Get business', ...READ_ONLY },
  _meta: APP_TOOL_META,
};

export const getBusinessTool = defineTool({
  name: GET_BUSINESS,
  config: getBusinessConfig,
  run: (snapshot) => jsonResult({ business: businessOf(snapshot), aggregate_rating: aggregateRatingOf(snapshot), evidence: evidenceCountsOf(snapshot) }),
});
