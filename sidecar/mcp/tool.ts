import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import type { SiteSnapshot } from '../site/snapshot.ts';

/** What every tool declares; the SDK registers it as is, and the 2026-07-28 path lists the same. */
export interface ToolConfig<I extends z.ZodType, O extends z.ZodType> {
  title: string;
  description: string;
  inputSchema: I;
  outputSchema: O;
  annotations: Record<string, unknown> & { title: string; readOnlyHint: true };
}

/**
 * One tool, defined once: its config and what it returns for one published build. Both eras
 * (the SDK sessions and the stateless 2026-07-28 layer) call `run` with arguments already
 * validated by `config.inputSchema`.
 */
export interface McpTool<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string;
  config: ToolConfig<I, O>;
  run(snapshot: SiteSnapshot, args: z.output<I>): CallToolResult;
}

export function defineTool<I extends z.ZodType, O extends z.ZodType>(tool: McpTool<I, O>): McpTool {
  return tool as unknown as McpTool;
}
