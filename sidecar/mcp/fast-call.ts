import type { LiveSite } from '../site/live-site.ts';
import { type ResultCacheSize, toolResultBytes } from './calls.ts';
import { HEADER_PROTOCOL_VERSION, HEADER_SESSION_ID, LEGACY_VERSIONS } from './protocol.ts';
import { isObject, isRequestId, legacyResultEvent } from './rpc.ts';

/**
 * The hot call of a 2025 session, tools/call, answered from the shared definitions and the
 * per-build result cache, in the SDK transport's own format (one SSE event): the same result
 * SDK 1.32.2 gives, without its per-request dispatch. Anything else, or anything unusual (an
 * unknown tool, a version header the transport would refuse), is undefined: the SDK serves it.
 */
export function fastToolCall(site: LiveSite, cache: ResultCacheSize, sessionId: string, message: unknown, headers: Headers): Response | undefined {
  if (!isObject(message) || message.jsonrpc !== '2.0' || message.method !== 'tools/call' || !isRequestId(message.id)) return undefined;
  const { id, params } = message;
  if (!isObject(params) || typeof params.name !== 'string') return undefined;
  if (params.arguments !== undefined && !isObject(params.arguments)) return undefined;
  const version = headers.get(HEADER_PROTOCOL_VERSION);
  if (version !== null && !LEGACY_VERSIONS.includes(version)) return undefined;
  const result = toolResultBytes(site.current(), params.name, params.arguments, cache);
  if (result === undefined) return undefined;
  return new Response(legacyResultEvent(id, result), {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', [HEADER_SESSION_ID]: sessionId },
  });
}
