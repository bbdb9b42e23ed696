import { getParseErrorMessage } from '@modelcontextprotocol/sdk/server/zod-compat.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { utf8Bytes } from '../../src/core/bytes/utf8.ts';
import { type PerBuild, perBuild, type SiteSnapshot } from '../site/snapshot.ts';
import { Lru } from '../util/lru.ts';
import { heldBytes, ownBytes } from '../util/own-bytes.ts';
import { INVALID_PARAMS } from './protocol.ts';
import { errorResult, type McpTool } from './tool.ts';
import { TOOLS_BY_NAME } from './tools/index.ts';

/** Tool arguments with more array elements and object members than this are refused unread. */
export const MAX_TOOL_INPUT_ELEMENTS = 256;
/** Calls whose arguments serialise longer than this are answered but not cached. */
const MAX_CACHED_KEY_CHARS = 2048;

/** SDK 1.32.2 raises these as McpError(InvalidParams), whose message the isError text carries. */
const INVALID = `MCP error ${INVALID_PARAMS}:`;

/** Counts array elements and object members, stopping once past `max` (as SDK 1.32.2 does). */
function elementCount(value: unknown, max: number): number {
  let count = 0;
  const stack = [value];
  while (stack.length > 0 && count <= max) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      count += 1;
      if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
  return count;
}

/** The refusal of arguments too large to read (counted without recursion, so any depth is safe). */
function oversizeResult(name: string, args: unknown): CallToolResult | undefined {
  if (elementCount(args, MAX_TOOL_INPUT_ELEMENTS) <= MAX_TOOL_INPUT_ELEMENTS) return undefined;
  return errorResult(`${INVALID} Invalid arguments for tool ${name}: arguments contain more than the maximum of ${MAX_TOOL_INPUT_ELEMENTS} elements`);
}

/**
 * The result of one call, exactly as SDK 1.32.2 would give it for the same tool and
 * arguments: input validated against the shared zod schema (failures are `isError`
 * results listing each issue), structured output checked against the output schema.
 * Arguments too large to read were refused before (toolResultBytes).
 */
function runTool(tool: McpTool, snapshot: SiteSnapshot, args: unknown): CallToolResult {
  const { name, config } = tool;
  const input = config.inputSchema.safeParse(args ?? {});
  if (!input.success) return errorResult(`${INVALID} Input validation error: Invalid arguments for tool ${name}: ${getParseErrorMessage(input.error)}`);
  let result: CallToolResult;
  try {
    result = tool.run(snapshot, input.data);
  } catch (err) {
    return errorResult(err instanceof Error ? err.message : String(err));
  }
  if (result.isError) return result;
  const output = config.outputSchema.safeParse(result.structuredContent);
  if (!output.success)
    return errorResult(`${INVALID} Output validation error: Invalid structured content for tool ${name}: ${getParseErrorMessage(output.error)}`);
  return result;
}

/** How many results, and how many bytes of them (keys included), each build keeps. */
export interface ResultCacheSize {
  entries: number;
  bytes: number;
}

const resultCaches = new Map<string, PerBuild<Lru<string, Uint8Array>>>();

/** One cache per build for each cache size in use (one, for a running sidecar). */
function resultCache({ entries, bytes }: ResultCacheSize): PerBuild<Lru<string, Uint8Array>> {
  const name = `MCP tool results (${entries}, ${bytes} B)`;
  let cache = resultCaches.get(name);
  if (!cache) {
    cache = perBuild(
      name,
      () => new Lru<string, Uint8Array>({ maxEntries: entries, maxBytes: bytes, sizeOf: (b) => heldBytes(b) + MAX_CACHED_KEY_CHARS, repeatedOnly: true }),
    );
    resultCaches.set(name, cache);
  }
  return cache;
}

/**
 * The JSON of a tool's result for this build as UTF-8 bytes, or undefined when there is no
 * such tool. Results depend only on the build and the arguments, so each build keeps the most
 * recent ones, keyed by tool and arguments, like the HTTP search cache; both eras splice the
 * same bytes into their responses.
 */
export function toolResultBytes(snapshot: SiteSnapshot, name: string, args: unknown, cache: ResultCacheSize): Uint8Array | undefined {
  const tool = TOOLS_BY_NAME.get(name);
  if (!tool) return undefined;
  const compute = () => utf8Bytes(JSON.stringify(runTool(tool, snapshot, args)));
  // Checked before the cache key is made: JSON.stringify recurses, and arguments may nest deep.
  const tooLarge = oversizeResult(name, args);
  if (tooLarge) return utf8Bytes(JSON.stringify(tooLarge));
  if (cache.entries <= 0) return compute();
  const key = `${name}\n${JSON.stringify(args ?? {})}`;
  if (key.length > MAX_CACHED_KEY_CHARS) return compute();
  return snapshot.derive(resultCache(cache)).get(key, () => ownBytes(compute()));
}
