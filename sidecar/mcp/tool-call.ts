// A tools/call, as every door that answers one reads it: the node:http fast path
// (runtime/node/mcp/call-first.ts), the stateless era (modern.ts) and a session's fast call
// (fast-call.ts). One reading says whether a request is a plain call, one function answers it
// (the per-build result cache of calls.ts); what a door declines goes on to the general path,
// and in a session to the SDK, which runs the same tool definitions.
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import type { SiteSnapshot } from '../site/snapshot.ts';
import { type ResultCacheSize, toolResultBytes } from './calls.ts';
import { classify, type Route } from './classify.ts';
import { HEADER_METHOD, HEADER_NAME, HEADER_PROTOCOL_VERSION, LEGACY_VERSIONS } from './protocol.ts';
import { isObject, isRequestId, type RequestId } from './rpc.ts';

export interface ToolCall {
  id: RequestId;
  name: string;
  args: Record<string, unknown> | undefined;
}

/** A request header by its lower-case name, as each runtime reads it. */
export type HeaderOf = (name: string) => string | undefined;

/** The call, or what is wrong with its params in the words of the invalid-params error. */
export function toolCallOf(id: RequestId, params: Record<string, unknown>): ToolCall | string {
  const { name, arguments: args } = params;
  if (typeof name !== 'string') return 'tools/call needs params.name';
  if (args !== undefined && !isObject(args)) return 'params.arguments must be an object';
  return { id, name, args };
}

/** The call when `message` is a tools/call request with well-formed params; else undefined. */
export function plainToolCall(message: unknown): ToolCall | undefined {
  if (!isObject(message) || message.jsonrpc !== '2.0' || message.method !== 'tools/call' || !isRequestId(message.id)) return undefined;
  if (!isObject(message.params)) return undefined;
  const call = toolCallOf(message.id, message.params);
  return typeof call === 'string' ? undefined : call;
}

/** The call's result as JSON bytes for this build, or undefined when there is no such tool. */
export function toolCallResult(snapshot: SiteSnapshot, call: ToolCall, cache: ResultCacheSize): Uint8Array | undefined {
  return toolResultBytes(snapshot, call.name, call.args, cache);
}

/** The era a POST's body belongs to, its protocol headers read through `header` (classify.ts). */
export function routeOf(message: unknown, header: HeaderOf): Route {
  return classify(message, { version: header(HEADER_PROTOCOL_VERSION), method: header(HEADER_METHOD), name: header(HEADER_NAME) });
}

/** A stateless (2026-07-28) plain call. */
export function modernToolCall(message: unknown, header: HeaderOf): ToolCall | undefined {
  const route = routeOf(message, header);
  return route.kind === 'modern' && !route.notification ? plainToolCall(route.message) : undefined;
}

/** A plain call in a 2025 session, whose version header, if any, the SDK transport would take. */
export function sessionToolCall(message: unknown, header: HeaderOf): ToolCall | undefined {
  const version = header(HEADER_PROTOCOL_VERSION);
  if (version !== undefined && !LEGACY_VERSIONS.includes(version)) return undefined;
  return plainToolCall(message);
}

/** Whether Accept takes both answers the transport may give (its 406 otherwise). */
export const acceptsJsonAndEvents = (accept: string): boolean => accept.includes('application/json') && accept.includes('text/event-stream');

/**
 * Whether a POST's headers can only belong to a stateless tools/call whose body passes the
 * transport's checks of headers and size (transport.ts, readMessage): a door may then read the
 * body itself, and hand anything else on with the body it read.
 */
export function plainCallHeaders(header: HeaderOf, maxBodyBytes: number): boolean {
  if (header(HEADER_METHOD) !== 'tools/call' || !acceptsJsonAndEvents(header('accept') ?? '') || !isJsonContentType(header('content-type'))) return false;
  const length = header('content-length');
  return length !== undefined && /^\d+$/.test(length) && Number(length) <= maxBodyBytes;
}
