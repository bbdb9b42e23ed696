// The stateless path's hot call at the node:http level (as static-first.ts does for built
// files): a 2026-07-28 tools/call is read straight off the socket and answered from the
// per-build result cache in one write of its parts, without a Fetch Request, a web stream for
// its body or a copy of the result into a new buffer. Anything else, or anything unusual (an
// Origin to check, a header or envelope to refuse, an unknown tool), goes to the app with the
// body it has read (@hono/node-server takes `rawBody`), where the same rules answer it.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { PATHS } from '../../../../src/core/http/urls.ts';
import { type ResultCacheSize, toolResultBytes } from '../../../mcp/calls.ts';
import { classify } from '../../../mcp/classify.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../../mcp/depth.ts';
import { HEADER_METHOD, HEADER_NAME, HEADER_PROTOCOL_VERSION } from '../../../mcp/protocol.ts';
import { isObject, resultBytesParts } from '../../../mcp/rpc.ts';
import type { LiveSite } from '../../../site/live-site.ts';

export interface ModernCallOptions {
  site: LiveSite;
  cache: ResultCacheSize;
  maxBodyBytes: number;
}

const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : undefined;
};

/** Whether the request can only be a stateless tools/call with a body of a size the transport accepts. */
function candidate(req: IncomingMessage, maxBodyBytes: number): boolean {
  if (req.method !== 'POST' || req.url !== PATHS.mcp || req.headers.origin !== undefined || header(req, HEADER_METHOD) !== 'tools/call') return false;
  const accept = header(req, 'accept') ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream') || !isJsonContentType(header(req, 'content-type'))) return false;
  const length = header(req, 'content-length');
  return length !== undefined && /^\d+$/.test(length) && Number(length) <= maxBodyBytes;
}

/** The result's JSON bytes when `body` is a well-formed 2026-07-28 tools/call of a known tool, else undefined. */
function answer(options: ModernCallOptions, req: IncomingMessage, body: Buffer): Uint8Array[] | undefined {
  let message: unknown;
  try {
    message = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (nestedDeeperThan(message, MAX_JSON_DEPTH)) return undefined;
  const route = classify(message, { version: header(req, HEADER_PROTOCOL_VERSION), method: header(req, HEADER_METHOD), name: header(req, HEADER_NAME) });
  if (route.kind !== 'modern' || route.notification || route.message.method !== 'tools/call') return undefined;
  const { id, params = {} } = route.message;
  if (id === undefined || typeof params.name !== 'string' || (params.arguments !== undefined && !isObject(params.arguments))) return undefined;
  const result = toolResultBytes(options.site.current(), params.name, params.arguments, options.cache);
  return result && resultBytesParts(id, result);
}

export function modernCallFirst(options: ModernCallOptions, next: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!candidate(req, options.maxBodyBytes)) return next(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      const parts = answer(options, req, body);
      if (!parts) {
        (req as IncomingMessage & { rawBody?: Buffer }).rawBody = body;
        return next(req, res);
      }
      let length = 0;
      for (const part of parts) length += part.byteLength;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': length });
      res.cork();
      for (const part of parts) res.write(part);
      res.end();
      res.uncork();
    });
  };
}
