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
  /** Tool-level metadata: the MCP App a host draws the result with (protocol.ts, APP_TOOL_META). */
  _meta?: Record<string, unknown>;
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

/** A successful tool result: `structuredContent` and the same JSON as a text block. */
export function jsonResult(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/** A domain miss ("no such review"): a tool result the model can read, not a protocol error. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Every tool here only reads the published review data. */
export const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

export function defineTool<I extends z.ZodType, O extends z.ZodType>(tool: McpTool<I, O>): McpTool {
  return tool as unknown as McpTool;
}
