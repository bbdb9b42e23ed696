// JSON-RPC 2.0 at /mcp: what an id is, and every response both eras write (MCP 2026-07-28:
// every result carries resultType, and the server names itself in _meta).

import { concatBytes } from '../../src/core/bytes/compare.ts';
import { utf8Bytes } from '../../src/core/bytes/utf8.ts';
import { MCP_SERVER_INFO } from '../../src/core/openapi/mcp.ts';
import { META_SERVER_INFO } from './protocol.ts';

export type RequestId = string | number;

/** A JSON object: not null, not an array. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A JSON-RPC request id: a string or a finite number (null is not an id a request may carry). */
export const isRequestId = (v: unknown): v is RequestId => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));

const JSON_HEADERS = { 'content-type': 'application/json' };
const CLOSE = utf8Bytes('}');
const SSE_HEAD = utf8Bytes('event: message\ndata: {"result":');
const RESULT_HEAD = `"resultType":"complete","_meta":${JSON.stringify({ [META_SERVER_INFO]: MCP_SERVER_INFO })}`;

/** The text of a result object given as JSON text (cached tool results are spliced, not re-serialised). */
function modernResultJson(resultJson: string): string {
  return resultJson === '{}' ? `{${RESULT_HEAD}}` : `{${RESULT_HEAD},${resultJson.slice(1)}`;
}

/** A 2026-07-28 response around a result object given as UTF-8 JSON bytes (never `{}`), in parts: the result's bytes are not copied. */
export function resultBytesParts(id: RequestId, result: Uint8Array): [Uint8Array, Uint8Array, Uint8Array] {
  return [utf8Bytes(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":{${RESULT_HEAD},`), result.subarray(1), CLOSE];
}

/** The same as one body, copied once. */
export function resultBytesResponse(id: RequestId, result: Uint8Array): Response {
  return new Response(concatBytes(resultBytesParts(id, result)), { status: 200, headers: JSON_HEADERS });
}

/** A 2025 session's answer: one SSE event, as the SDK transport writes it. */
export function legacyResultEvent(id: RequestId, result: Uint8Array): Uint8Array<ArrayBuffer> {
  return concatBytes([SSE_HEAD, result, utf8Bytes(`,"jsonrpc":"2.0","id":${JSON.stringify(id)}}\n\n`)]);
}

export function resultResponse(id: RequestId, resultJson: string): Response {
  return new Response(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${modernResultJson(resultJson)}}`, { status: 200, headers: JSON_HEADERS });
}

/**
 * The one JSON-RPC error builder, for both eras: status 200 for errors of the method itself,
 * 4xx or 5xx for the transport's own (then id is null, as the SDK transport writes them).
 */
export function rpcErrorResponse(
  status: number,
  id: RequestId | null,
  code: number,
  message: string,
  options: { data?: unknown; headers?: Record<string, string> } = {},
): Response {
  const error = options.data === undefined ? { code, message } : { code, message, data: options.data };
  return new Response(JSON.stringify({ jsonrpc: '2.0', id, error }), { status, headers: { ...JSON_HEADERS, ...options.headers } });
}

/** An error of the transport at /mcp itself, not of a request: no id, like the ones the SDK transport writes. */
export function transportError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return rpcErrorResponse(status, null, code, message, { headers });
}

/** One server-sent event carrying one JSON-RPC message. */
export function sseEvent(message: unknown): string {
  return `event: message\ndata: ${typeof message === 'string' ? message : JSON.stringify(message)}\n\n`;
}
