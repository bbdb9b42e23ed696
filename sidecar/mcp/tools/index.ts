import type { McpTool } from '../tool.ts';
import { getBusinessTool } from './get-business.ts';
import { getInsightsTool } from './get-insights.ts';
import { getReviewTool } from './get-review.ts';
import { getReviewsSinceTool } from './get-reviews-since.ts';
import { searchReviewsTool } from './search-reviews.ts';

/** Every tool, in the fixed order tools/list gives them on both eras. */
export const TOOLS: readonly McpTool[] = [getBusinessTool, searchReviewsTool, getReviewTool, getReviewsSinceTool, getInsightsTool];

export const TOOLS_BY_NAME: ReadonlyMap<string, McpTool> = new Map(TOOLS.map((tool) => [tool.name, tool]));
