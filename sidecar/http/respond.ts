import { utf8Bytes } from '../../src/core/bytes/utf8.ts';
import { notModified, notModifiedHeaders } from '../../src/core/http/conditional.ts';
import { ownBytes } from '../util/own-bytes.ts';

/** A response prepared once: the bytes, the 200 headers and the subset a 304 repeats. */
export interface Representation {
  /** One buffer, or parts sent one after the other (views of bytes the build already holds). */
  body: Uint8Array | readonly Uint8Array[];
  headers: Record<string, string>;
  notModifiedHeaders: Record<string, string>;
  /** What it holds in memory that nothing else does: its own body bytes, and about 1 KB of headers. */
  memoryBytes: number;
}

/** What a prepared response holds in memory, for the caches' byte bounds. */
export const representationBytes = (rep: Representation): number => rep.memoryBytes;

/** The length of a body given as one buffer or as parts. */
function bodyLength(body: Uint8Array | readonly Uint8Array[]): number {
  if (!Array.isArray(body)) return (body as Uint8Array).byteLength;
  let n = 0;
  for (const part of body as readonly Uint8Array[]) n += part.byteLength;
  return n;
}

/**
 * A body given as a string or one buffer is kept in memory of its own (util/own-bytes.ts). Parts
 * are kept as given: `sharedBytes` of them are views of buffers something else keeps alive
 * (the build's /reviews.json), so a cache counts only the rest.
 */
export function representation(body: Uint8Array | string | readonly Uint8Array[], headers: Record<string, string>, sharedBytes = 0): Representation {
  const bytes = typeof body === 'string' ? utf8Bytes(body) : Array.isArray(body) ? (body as readonly Uint8Array[]) : ownBytes(body as Uint8Array);
  const length = bodyLength(bytes);
  return {
    body: bytes,
    headers: { ...headers, 'content-length': String(length) },
    notModifiedHeaders: notModifiedHeaders(headers),
    memoryBytes: length - sharedBytes + 1024,
  };
}

function responseBody(body: Uint8Array | readonly Uint8Array[]): Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> {
  if (!Array.isArray(body)) return body as Uint8Array<ArrayBuffer>;
  // A stream of the parts themselves: nothing is copied into one new buffer. `expectedLength`
  // (workerd's own option; Node ignores it) lets workerd send Content-Length, not chunks.
  const source: UnderlyingDefaultSource<Uint8Array> & { expectedLength: number } = {
    expectedLength: bodyLength(body),
    start(controller) {
      for (const part of body as readonly Uint8Array[]) controller.enqueue(part);
      controller.close();
    },
  };
  return new ReadableStream<Uint8Array>(source);
}

/** Whether the client's copy, named by its If-None-Match and If-Modified-Since, is `rep` (a 304). */
export function unchanged(rep: Representation, ifNoneMatch: string | undefined, ifModifiedSince: string | undefined): boolean {
  return notModified(ifNoneMatch, ifModifiedSince, rep.headers.etag as string, rep.headers['last-modified']);
}

/**
 * Answers a GET or HEAD with a prepared representation, or 304 when the client's copy is
 * current. HEAD gets the same headers and no body.
 */
export function respond(req: Request, rep: Representation): Response {
  if (unchanged(rep, req.headers.get('if-none-match') ?? undefined, req.headers.get('if-modified-since') ?? undefined)) {
    return new Response(null, { status: 304, headers: rep.notModifiedHeaders });
  }
  return new Response(req.method === 'HEAD' ? null : responseBody(rep.body), { status: 200, headers: rep.headers });
}
