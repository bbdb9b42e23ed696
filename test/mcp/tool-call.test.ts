// The one reading of a tools/call that every door asks (sidecar/mcp/tool-call.ts): the node:http
// fast path, the stateless era and a session's fast call take the same requests as plain calls,
// and decline the same ones, which then go to the general path with its errors.
import { describe, expect, it } from 'vitest';
import { type HeaderOf, modernToolCall, plainCallHeaders, plainToolCall, sessionToolCall, toolCallOf } from '../../sidecar/mcp/tool-call.ts';
import { MODERN, MODERN_META, PROTOCOL } from '../helpers/mcp.ts';

const headers =
  (h: Record<string, string>): HeaderOf =>
  (name) =>
    h[name];
const call = (params: unknown, extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id: 7, method: 'tools/call', params, ...extra });
const MODERN_HEADERS = { 'mcp-protocol-version': MODERN, 'mcp-method': 'tools/call', 'mcp-name': 'get_review' };

describe('a plain tools/call', () => {
  it('is a request with a tool name and, if any, arguments as an object', () => {
    expect(plainToolCall(call({ name: 'get_review', arguments: { id: 'x' } }))).toEqual({ id: 7, name: 'get_review', args: { id: 'x' } });
    expect(plainToolCall(call({ name: 'list_sources' }))).toEqual({ id: 7, name: 'list_sources', args: undefined });
  });

  it('is not a notification, another method, a bad id, or params without a name or with arguments not an object', () => {
    expect(plainToolCall(call({ name: 'a' }, { id: undefined }))).toBeUndefined();
    expect(plainToolCall(call({ name: 'a' }, { id: null }))).toBeUndefined();
    expect(plainToolCall(call({ name: 'a' }, { method: 'tools/list' }))).toBeUndefined();
    expect(plainToolCall(call({ name: 'a' }, { jsonrpc: '1.0' }))).toBeUndefined();
    expect(plainToolCall(call(undefined))).toBeUndefined();
    expect(plainToolCall(call({ arguments: {} }))).toBeUndefined();
    expect(plainToolCall(call({ name: 'a', arguments: [1] }))).toBeUndefined();
    expect(plainToolCall([call({ name: 'a' })])).toBeUndefined();
  });

  it('names what is wrong with params in the words of the general path', () => {
    expect(toolCallOf(1, {})).toBe('tools/call needs params.name');
    expect(toolCallOf(1, { name: 'a', arguments: 'x' })).toBe('params.arguments must be an object');
  });
});

describe('each era', () => {
  const modern = call({ name: 'get_review', arguments: { id: 'x' }, _meta: MODERN_META });

  it('takes a 2026-07-28 call with its envelope and matching headers, and nothing of the sessions', () => {
    expect(modernToolCall(modern, headers(MODERN_HEADERS))).toMatchObject({ id: 7, name: 'get_review' });
    // a header that disagrees with the body is the general path's error to give
    expect(modernToolCall(modern, headers({ ...MODERN_HEADERS, 'mcp-name': 'other' }))).toBeUndefined();
    expect(modernToolCall(call({ name: 'get_review' }), headers({}))).toBeUndefined();
    expect(modernToolCall({ ...modern, id: undefined }, headers(MODERN_HEADERS))).toBeUndefined();
  });

  it('takes a session call without a version header or with a 2025 one, never a 2026-07-28 one', () => {
    const legacy = call({ name: 'get_review' });
    expect(sessionToolCall(legacy, headers({}))).toMatchObject({ name: 'get_review' });
    expect(sessionToolCall(legacy, headers({ 'mcp-protocol-version': PROTOCOL }))).toMatchObject({ name: 'get_review' });
    expect(sessionToolCall(legacy, headers({ 'mcp-protocol-version': MODERN }))).toBeUndefined();
  });
});

describe('the headers a door may read a call under', () => {
  const ok = { ...MODERN_HEADERS, accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'content-length': '120' };

  it('are the transport checks passed, a tools/call method header and a declared length within the limit', () => {
    expect(plainCallHeaders(headers(ok), 1000)).toBe(true);
    expect(plainCallHeaders(headers({ ...ok, 'content-length': '1001' }), 1000)).toBe(false);
    expect(plainCallHeaders(headers({ ...ok, 'content-length': '1e3' }), 1000)).toBe(false);
    const { 'content-length': _, ...chunked } = ok;
    expect(plainCallHeaders(headers(chunked), 1000)).toBe(false);
    expect(plainCallHeaders(headers({ ...ok, accept: 'application/json' }), 1000)).toBe(false);
    expect(plainCallHeaders(headers({ ...ok, 'content-type': 'text/plain' }), 1000)).toBe(false);
    expect(plainCallHeaders(headers({ ...ok, 'mcp-method': 'tools/list' }), 1000)).toBe(false);
  });
});
