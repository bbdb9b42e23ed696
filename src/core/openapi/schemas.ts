// Zod schemas that exist only to describe HTTP messages in /openapi.json: the error shape
// (sidecar/http/errors.ts), the hub's form (sidecar/hub/request.ts) and JSON-RPC envelopes.
// Record types (reviews, documents, feeds, search) come from src/core/schemas, never from here.
import { z } from 'zod';

const IssueSchema = z.object({
  code: z.string().describe('zod issue code, e.g. "too_big" or "invalid_type"'),
  path: z.array(z.union([z.string(), z.int()])).describe('Where the problem is, e.g. ["limit"]'),
  message: z.string(),
});

/** Every JSON error of the service: `{ error, message }`. */
export const ErrorSchema = z.object({
  error: z.string().describe('Machine-readable code: not_found, method_not_allowed, http_error, internal_error'),
  message: z.string().describe('What went wrong, for people'),
});

/** 400 from search and since: the error shape with the `issues` array. */
export const ValidationErrorSchema = z.object({
  error: z.literal('invalid_request'),
  message: z.string().describe('Every issue summarised on one line'),
  issues: z.array(IssueSchema).min(1),
});

const JsonRpcId = z.union([z.string(), z.int()]);

/** A JSON-RPC 2.0 request or notification (MCP over streamable HTTP). */
export const JsonRpcRequestSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcId.optional().describe('Absent for a notification (answered 202 with no body)'),
  method: z.string().describe('initialize, notifications/initialized, tools/list, tools/call, ping, …'),
  params: z.record(z.string(), z.unknown()).optional(),
});

/** A JSON-RPC 2.0 response: a result, or an error (transport errors carry `id: null`). */
export const JsonRpcResponseSchema = z.object({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcId.nullable(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.object({ code: z.int(), message: z.string(), data: z.unknown().optional() }).optional(),
});
