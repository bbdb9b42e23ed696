import { MCP_TOOL_NAMES, type McpToolName } from '../../../src/core/openapi/mcp.ts';
import type { McpTool } from '../tool.ts';
import { getBusinessTool } from './get-business.ts';
import { getInsightsTool } from './get-insights.ts';
import { getReviewTool } from './get-review.ts';
import { getReviewsSinceTool } from './get-reviews-since.ts';
import { searchReviewsTool } from './search-reviews.ts';

const BY_NAME: Record<McpToolName, McpTool> = {
  get_business: getBusinessTool,
  search_reviews: searchReviewsTool,
  get_review: getReviewTool,
  get_reviews_since: getReviewsSinceTool,
  get_insights: getInsightsTool,
};

/** Every tool, in the fixed order of MCP_TOOL_NAMES (the one list, shared with the docs). */
export const TOOLS: readonly McpTool[] = MCP_TOOL_NAMES.map((name) => BY_NAME[name]);

export const TOOLS_BY_NAME: ReadonlyMap<string, McpTool> = new Map(TOOLS.map((tool) => [tool.name, tool]));
