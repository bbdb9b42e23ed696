// Which era serves a POST to /mcp (MCP 2026-07-28, basic/versioning, backward compatibility):
// the body decides. A request whose params._meta names a protocol version is served
// statelessly; initialize, and anything without that claim, goes to the 2025 sessions. The
// MCP-Protocol-Version header only cross-checks the body, except that a modern header on a
// request without the envelope is an error rather than a silent fall back to sessions.

import { fromBase64 } from '../../src/core/bytes/base64.ts';
import { utf8Text } from '../../src/core/bytes/utf8.ts';
import {
  HEADER_MISMATCH,
  INVALID_PARAMS,
  INVALID_REQUEST,
  isModernVersion,
  META_CLIENT_CAPABILITIES,
  META_CLIENT_INFO,
  META_PROTOCOL_VERSION,
  MODERN_VERSIONS,
  NAME_HEADER_SOURCE,
  UNSUPPORTED_PROTOCOL_VERSION,
} from './protocol.ts';
import { isRequestId as isId, isObject, type RequestId } from './rpc.ts';

export interface RpcMessage {
  jsonrpc: '2.0';
  id?: RequestId;
  method: string;
  params?: Record<string, unknown>;
}

export interface ProtocolHeaders {
  version: string | undefined;
  method: string | undefined;
  name: string | undefined;
}

export interface Rejection {
  kind: 'reject';
  status: number;
  code: number;
  message: string;
  data?: unknown;
  id: RequestId | null;
}

export type Route = { kind: 'legacy' } | { kind: 'modern'; message: RpcMessage; notification: boolean } | Rejection;

function reject(status: number, code: number, message: string, id: RequestId | null, data?: unknown): Rejection {
  return { kind: 'reject', status, code, message, id, ...(data === undefined ? {} : { data }) };
}

function metaOf(params: unknown): Record<string, unknown> | undefined {
  return isObject(params) && isObject(params._meta) ? params._meta : undefined;
}

/** What is wrong with a 2026-07-28 request envelope, if anything (RequestMetaObject). */
function envelopeProblem(meta: Record<string, unknown>): string | undefined {
  const missing = [META_PROTOCOL_VERSION, META_CLIENT_CAPABILITIES].filter((key) => !(key in meta));
  if (missing.length) return `missing required _meta key(s): ${missing.join(', ')}`;
  if (typeof meta[META_PROTOCOL_VERSION] !== 'string') return `${META_PROTOCOL_VERSION} must be a string`;
  if (!isObject(meta[META_CLIENT_CAPABILITIES])) return `${META_CLIENT_CAPABILITIES} must be an object`;
  const info = meta[META_CLIENT_INFO];
  if (info !== undefined && !(isObject(info) && typeof info.name === 'string' && typeof info.version === 'string')) {
    return `${META_CLIENT_INFO} must be an object with name and version strings`;
  }
  return undefined;
}

/** Mcp-Name values may be sent as =?base64?…?= (SEP-2243); undefined when that encoding is broken. */
function decodeHeaderValue(value: string): string | undefined {
  const m = /^=\?base64\?(.*)\?=$/i.exec(value);
  if (!m) return value;
  const b64 = m[1] as string;
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(b64)) return undefined;
  return utf8Text(fromBase64(b64));
}

const mismatch = (id: RequestId | null, detail: string) => reject(400, HEADER_MISMATCH, `Bad Request: the request headers and body disagree: ${detail}`, id);

/** The standard headers a stateless request must carry and agree with (SEP-2243). */
function headerProblem(message: RpcMessage, headers: ProtocolHeaders, id: RequestId | null): Rejection | undefined {
  if (headers.version === undefined) return mismatch(id, 'the MCP-Protocol-Version header is required');
  if (headers.method === undefined) return mismatch(id, 'the Mcp-Method header is required');
  const field = Object.hasOwn(NAME_HEADER_SOURCE, message.method) ? NAME_HEADER_SOURCE[message.method] : undefined;
  const bodyValue = field && message.params?.[field];
  if (typeof bodyValue !== 'string') return undefined;
  if (headers.name === undefined) return mismatch(id, `params.${field} is "${bodyValue}" but the Mcp-Name header is missing`);
  const decoded = decodeHeaderValue(headers.name);
  if (decoded === undefined) return mismatch(id, 'the Mcp-Name header has an invalid base64 value');
  if (decoded !== bodyValue) return mismatch(id, `params.${field} is "${bodyValue}" but the Mcp-Name header says "${decoded}"`);
  return undefined;
}

/** Chooses the era for one parsed POST body (a batch is never stateless). */
export function classify(body: unknown, rawHeaders: ProtocolHeaders): Route {
  const headers: ProtocolHeaders = { version: rawHeaders.version?.trim(), method: rawHeaders.method?.trim(), name: rawHeaders.name?.trim() };
  const headerModern = headers.version !== undefined && isModernVersion(headers.version);
  if (Array.isArray(body)) {
    if (body.some((m) => isObject(m) && metaOf(m.params)?.[META_PROTOCOL_VERSION] !== undefined)) {
      return reject(400, INVALID_REQUEST, `Invalid Request: a JSON-RPC batch cannot carry ${MODERN_VERSIONS.join(', ')} requests`, null);
    }
    return { kind: 'legacy' };
  }
  if (!isObject(body) || typeof body.method !== 'string' || body.jsonrpc !== '2.0') {
    // responses to server requests belong to a 2025 session; anything else is malformed there too
    return headerModern
      ? reject(400, INVALID_REQUEST, 'Invalid Request: the body is not a JSON-RPC request', isObject(body) && isId(body.id) ? body.id : null)
      : { kind: 'legacy' };
  }
  const hasId = 'id' in body;
  if (hasId && !isId(body.id))
    return headerModern ? reject(400, INVALID_REQUEST, 'Invalid Request: id must be a string or a number', null) : { kind: 'legacy' };
  const message = body as unknown as RpcMessage;
  const id = hasId ? (message.id as RequestId) : null;
  if (message.params !== undefined && !isObject(message.params)) {
    return headerModern ? reject(400, INVALID_REQUEST, 'Invalid Request: params must be an object', id) : { kind: 'legacy' };
  }
  const meta = metaOf(message.params);
  const claimed = meta !== undefined && META_PROTOCOL_VERSION in meta;

  if (!claimed) {
    if (!headerModern) return { kind: 'legacy' };
    if (message.method === 'initialize') return mismatch(id, `initialize (the 2025 handshake) was sent with MCP-Protocol-Version ${headers.version}`);
    if (!hasId) return { kind: 'modern', message, notification: true };
    const missing = meta === undefined ? ['_meta'] : [META_PROTOCOL_VERSION, META_CLIENT_CAPABILITIES].filter((k) => !(k in meta));
    return reject(400, INVALID_PARAMS, `Invalid params: MCP-Protocol-Version is ${headers.version} but the request lacks ${missing.join(', ')}`, id, {
      missing,
    });
  }

  const problem = envelopeProblem(meta);
  if (problem) return reject(400, INVALID_PARAMS, `Invalid params: ${problem}`, id);
  const version = meta[META_PROTOCOL_VERSION] as string;
  if (headers.version !== undefined && headers.version !== version) {
    return mismatch(id, `_meta names protocol version ${version} but the MCP-Protocol-Version header says ${headers.version}`);
  }
  if (headers.method !== undefined && headers.method !== message.method) {
    return mismatch(id, `the body names method ${message.method} but the Mcp-Method header says ${headers.method}`);
  }
  if (!MODERN_VERSIONS.includes(version)) {
    return reject(400, UNSUPPORTED_PROTOCOL_VERSION, `Unsupported protocol version ${version}`, id, { supported: [...MODERN_VERSIONS], requested: version });
  }
  if (!hasId) return { kind: 'modern', message, notification: true };
  return headerProblem(message, headers, id) ?? { kind: 'modern', message, notification: false };
}
