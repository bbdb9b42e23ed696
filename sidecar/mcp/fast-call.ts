import type { LiveSite } from '../site/live-site.ts';
import type { ResultCacheSize } from './calls.ts';
import { HEADER_SESSION_ID } from './protocol.ts';
import { legacyResultEvent } from './rpc.ts';
import { sessionToolCall, toolCallResult } from './tool-call.ts';

/**
 * The hot call of a 2025 session, tools/call, answered from the shared definitions and the
 * per-build result cache, in the SDK transport's own format (one SSE event): the same result
 * SDK 1.32.2 gives, without its per-request dispatch. Anything else, or anything unusual (an
 * unknown tool, a version header the transport would refuse), is undefined: the SDK serves it.
 */
export function fastToolCall(site: LiveSite, cache: ResultCacheSize, sessionId: string, message: unknown, headers: Headers): Response | undefined {
  const call = sessionToolCall(message, (name) => headers.get(name) ?? undefined);
  const result = call && toolCallResult(site.current(), call, cache);
  if (!call || !result) return undefined;
  return new Response(legacyResultEvent(call.id, result), {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', [HEADER_SESSION_ID]: sessionId },
  });
}
