// The stateless path's hot call at the node:http level (as ../static-first.ts does for built
// files): a 2026-07-28 tools/call is read straight off the socket and answered from the
// per-build result cache in one write of its parts, without a Fetch Request, a web stream for
// its body or a copy of the result into a new buffer. Whether a request is a plain call, and
// its answer, come from sidecar/mcp/tool-call.ts, as for every other door; anything else (an
// Origin to check, a header or envelope to refuse, an unknown tool) goes to the app with the
// body read (@hono/node-server takes `rawBody`), where the same rules answer it.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { PATHS } from '../../../../src/core/http/urls.ts';
import type { ResultCacheSize } from '../../../mcp/calls.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../../../mcp/depth.ts';
import { resultBytesParts } from '../../../mcp/rpc.ts';
import { type HeaderOf, modernToolCall, plainCallHeaders, toolCallResult } from '../../../mcp/tool-call.ts';
import type { LiveSite } from '../../../site/live-site.ts';

export interface ModernCallOptions {
  site: LiveSite;
  cache: ResultCacheSize;
  maxBodyBytes: number;
}

const headerOf =
  (req: IncomingMessage): HeaderOf =>
  (name) => {
    const v = req.headers[name];
    return typeof v === 'string' ? v : undefined;
  };

/** The result's JSON bytes when `body` is a plain 2026-07-28 tools/call of a known tool, else undefined. */
function answer(options: ModernCallOptions, header: HeaderOf, body: Buffer): Uint8Array[] | undefined {
  let message: unknown;
  try {
    message = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (nestedDeeperThan(message, MAX_JSON_DEPTH)) return undefined;
  const call = modernToolCall(message, header);
  const result = call && toolCallResult(options.site.current(), call, options.cache);
  return call && result && resultBytesParts(call.id, result);
}

export function modernCallFirst(options: ModernCallOptions, next: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    // an Origin is checked by the app's routes
    if (req.method !== 'POST' || req.url !== PATHS.mcp || req.headers.origin !== undefined) return next(req, res);
    const header = headerOf(req);
    if (!plainCallHeaders(header, options.maxBodyBytes)) return next(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('error', () => res.destroy());
    req.on('end', () => {
      const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      const parts = answer(options, header, body);
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
