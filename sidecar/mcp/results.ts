import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

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
