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

export const HUB_MODES = ['subscribe', 'unsubscribe', 'publish'] as const;

/** POST /api/websub/hub, application/x-www-form-urlencoded (WebSub §5.1, plus the publish ping). */
export const HubFormSchema = z.object({
  'hub.mode': z.enum(HUB_MODES).describe('subscribe or unsubscribe (a subscriber), publish (the publisher pinging the hub)'),
  'hub.topic': z
    .url()
    .optional()
    .describe('Topic URL: /feed.xml, /api/feed.json or /reviews.json. Required to subscribe or unsubscribe; with publish, names a changed topic'),
  'hub.callback': z.url().max(2048).optional().describe('HTTPS URL the hub verifies and delivers to, without a fragment or user info. Required to subscribe or unsubscribe'),
  'hub.lease_seconds': z.int().min(1).optional().describe('Lease wanted; the hub clamps it to its minimum and maximum and says which it granted in the verification GET'),
  'hub.secret': z.string().min(1).max(199).optional().describe('Secret (under 200 bytes) for the X-Hub-Signature HMAC of each delivery'),
  'hub.url': z.url().optional().describe('publish only: a changed topic URL (same as hub.topic; may be repeated)'),
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
