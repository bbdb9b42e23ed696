import { isNotModified, RETAINED_304_HEADERS } from './conditional.ts';

/**
 * Answers a GET or HEAD with precomputed bytes and headers, or 304 when the client's copy
 * is current. HEAD gets the same headers and no body.
 */
export function respond(req: Request, body: Uint8Array | string, headers: Record<string, string>): Response {
  if (isNotModified(req.headers, headers.etag as string, headers['last-modified'])) {
    const kept: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) if (RETAINED_304_HEADERS.has(name)) kept[name] = value;
    return new Response(null, { status: 304, headers: kept });
  }
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  const full = { ...headers, 'content-length': String(bytes.byteLength) };
  return new Response(req.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), { status: 200, headers: full });
}
