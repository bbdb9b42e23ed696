import { z } from 'zod';
import { BusinessSchema } from '../../../src/core/schemas/business.ts';
import { AggregateRatingSchema } from '../../../src/core/schemas/documents.ts';
import { jsonResult, READ_ONLY } from '../results.ts';
import { defineTool } from '../tool.ts';
import type { McpToolName } from '../../../src/core/openapi/mcp.ts';

export const GET_BUSINESS: McpToolName = 'get_business';

export const GetBusinessInput = z.strictObject({});

export const GetBusinessOutput = z.object({
  business: BusinessSchema,
  aggregate_rating: AggregateRatingSchema,
});

export const getBusinessConfig = {
  title: 'Get business',
  description: [
    'Returns the business whose reviews this server publishes: name, description, contact details, address,',
    'opening hours, service areas, the services it offers (with the service ids that search_reviews accepts as',
    'mentions_service) and its technicians (the names search_reviews accepts as mentions_technician), plus the',
    'aggregate rating: mean stars, review count and the number of reviews at each star rating (distribution).',
    'Call it first to learn the valid service ids and technician names, or to answer questions about the business',
    'itself or its overall rating. Takes no arguments.',
  ].join(' '),
  inputSchema: GetBusinessInput,
  outputSchema: GetBusinessOutput,
  annotations: { title: 'Get business', ...READ_ONLY },
};

export const getBusinessTool = defineTool({
  name: GET_BUSINESS,
  config: getBusinessConfig,
  run: ({ data }) => jsonResult({ business: data.business, aggregate_rating: data.aggregate_rating }),
});
