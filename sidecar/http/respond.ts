import { isNotModified, RETAINED_304_HEADERS } from '../../src/core/http/conditional.ts';

/** A response prepared once: the bytes, the 200 headers and the subset a 304 repeats. */
export interface Representation {
  body: Uint8Array;
  headers: Record<string, string>;
  notModifiedHeaders: Record<string, string>;
}

/** What a prepared response holds in memory: its body, and about 1 KB of headers. */
export const representationBytes = (rep: Representation): number => rep.body.byteLength + 1024;

export function representation(body: Uint8Array | string, headers: Record<string, string>): Representation {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const notModifiedHeaders: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (RETAINED_304_HEADERS.has(name)) notModifiedHeaders[name] = value;
  return { body: bytes, headers: { ...headers, 'content-length': String(bytes.byteLength) }, notModifiedHeaders };
}

/**
 * Answers a GET or HEAD with a prepared representation, or 304 when the client's copy is
 * current. HEAD gets the same headers and no body.
 */
export function respond(req: Request, rep: Representation): Response {
  if (isNotModified(req.headers, rep.headers.etag as string, rep.headers['last-modified'])) {
    return new Response(null, { status: 304, headers: rep.notModifiedHeaders });
  }
  return new Response(req.method === 'HEAD' ? null : (rep.body as Uint8Array<ArrayBuffer>), { status: 200, headers: rep.headers });
}
