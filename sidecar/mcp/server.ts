import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import type { McpDeps } from './deps.ts';
import { registerResources } from './resources.ts';
import { registerGetBusinessTool } from './tools/get-business.ts';
import { registerGetInsightsTool } from './tools/get-insights.ts';
import { registerGetReviewTool } from './tools/get-review.ts';
import { registerGetReviewsSinceTool } from './tools/get-reviews-since.ts';
import { registerSearchReviewsTool } from './tools/search-reviews.ts';

export const SERVER_INFO = { name: 'reviews-service', version: '1.0.0' } as const;

/** Tool arguments with more array elements and object members than this are refused unread. */
const MAX_TOOL_INPUT_ELEMENTS = 256;

/**
 * The SDK validates elicitation answers with a JSON Schema validator and builds an Ajv
 * instance per server unless given one. This server never elicits, so it gets a validator
 * that refuses everything, instead of paying an Ajv per session.
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return () => ({ valid: false, data: undefined, errorMessage: 'this server sends no requests that need schema validation' });
  },
};

/**
 * A new MCP server with every tool and resource, for exactly one session: an McpServer is
 * bound to one transport and must never be shared between sessions.
 */
export function createMcpServer(deps: McpDeps): McpServer {
  const { business, aggregate_rating } = deps.site.current().data;
  const rating = aggregate_rating.rating_value === null ? 'no rating yet' : `rated ${aggregate_rating.rating_value} of 5`;
  const server = new McpServer(SERVER_INFO, {
    capabilities: { tools: {}, resources: {}, completions: {} },
    instructions: [
      `Read-only access to the ${aggregate_rating.review_count} verified customer reviews of ${business.name} (${rating}).`,
      'Start with get_business for the services and technicians, get_insights for sentiment, topics and summaries,',
      'search_reviews to find reviews by text, stars, dates, technician or service, get_reviews_since for what is new,',
      'and get_review to re-read one review. Large results are paged: follow total, limit and offset.',
    ].join(' '),
    jsonSchemaValidator: NO_ELICITATION,
    maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS,
  });
  registerGetBusinessTool(server, deps);
  registerSearchReviewsTool(server, deps);
  registerGetReviewTool(server, deps);
  registerGetReviewsSinceTool(server, deps);
  registerGetInsightsTool(server, deps);
  registerResources(server, deps);
  return server;
}
