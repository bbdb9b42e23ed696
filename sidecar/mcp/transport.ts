// Streamable HTTP at /mcp (MCP 2025-06-18 and 2026-07-28, basic/transports): what each HTTP
// method does, and the checks every POST body passes before either era reads it.
import { readRequestBody, requestBodyTooLargeMessage } from '@modelcontextprotocol/sdk/server/requestBody.js';
import { isJsonContentType } from '@modelcontextprotocol/sdk/shared/mediaType.js';
import { PATHS, ROUTE_METHODS } from '../../src/core/http/urls.ts';
import { MAX_BATCH, MAX_JSON_DEPTH, nestedDeeperThan } from './depth.ts';
import { corsHeaders } from './origin.ts';
import { CORS_ALLOW_HEADERS, INVALID_REQUEST, PARSE_ERROR, TRANSPORT_ERROR } from './protocol.ts';
import { transportError } from './rpc.ts';
import { acceptsJsonAndEvents } from './tool-call.ts';

/** GET opens a 2025 session's stream (resource updates); the 2026-07-28 revision is POST only. */
export const ALLOW = (ROUTE_METHODS[PATHS.mcp] as readonly string[]).join(', ');

/** Where the transport hands each request on, by HTTP method. */
export interface Endpoint {
  /** A POST whose body passed every check, parsed; `client` is the caller's address. */
  post(req: Request, message: unknown, client: string): Response | Promise<Response>;
  /** GET: a 2025 session's stream. */
  stream(req: Request): Promise<Response>;
  /** DELETE: the end of a 2025 session. */
  end(req: Request): Promise<Response>;
}

/** The answer to a CORS preflight; `origin` is already allowed (origin.ts). */
export function preflight(origin: string | null): Response {
  const headers: Record<string, string> = { allow: ALLOW };
  if (origin !== null) {
    Object.assign(headers, corsHeaders(origin), {
      'access-control-allow-methods': ALLOW,
      'access-control-allow-headers': CORS_ALLOW_HEADERS.join(', '),
      'access-control-max-age': '86400',
    });
  }
  return new Response(null, { status: 204, headers });
}

/**
 * The POST body as parsed JSON, after the checks SDK 1.x's transport makes first, in its order
 * (Accept 406, Content-Type 415, size 413, JSON 400), then the length of a batch and the nesting depth. Reading it here lets
 * the SDK transport skip building a web stream for it, and no server is built for a request that fails.
 */
export async function readMessage(req: Request, maxBodyBytes: number): Promise<{ message: unknown } | { error: Response }> {
  if (!acceptsJsonAndEvents(req.headers.get('accept') ?? '')) {
    return { error: transportError(406, TRANSPORT_ERROR, 'Not Acceptable: Client must accept both application/json and text/event-stream') };
  }
  if (!isJsonContentType(req.headers.get('content-type'))) {
    return { error: transportError(415, TRANSPORT_ERROR, 'Unsupported Media Type: Content-Type must be application/json') };
  }
  const tooLarge = () => ({ error: transportError(413, TRANSPORT_ERROR, requestBodyTooLargeMessage(maxBodyBytes)) });
  const length = req.headers.get('content-length');
  let text: string;
  if (length !== null && /^\d+$/.test(length)) {
    // HTTP framing stops the body at Content-Length, so reading it whole is bounded.
    if (Number(length) > maxBodyBytes) return tooLarge();
    text = await req.text();
  } else {
    const body = await readRequestBody(req, maxBodyBytes);
    if (body.tooLarge) return tooLarge();
    text = body.text;
  }
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return { error: transportError(400, PARSE_ERROR, 'Parse error: Invalid JSON') };
  }
  if (Array.isArray(message) && message.length > MAX_BATCH) {
    return { error: transportError(400, INVALID_REQUEST, `Invalid Request: a batch of ${message.length} messages; at most ${MAX_BATCH}`) };
  }
  if (nestedDeeperThan(message, MAX_JSON_DEPTH)) {
    return { error: transportError(400, INVALID_REQUEST, `Invalid Request: the JSON nests deeper than ${MAX_JSON_DEPTH} levels`) };
  }
  return { message };
}

/** Serves POST, GET and DELETE through `endpoint`; any other method but OPTIONS is 405. */
export function streamableHttp(endpoint: Endpoint, maxBodyBytes: number): (req: Request, client: string) => Promise<Response> {
  return async (req, client) => {
    switch (req.method) {
      case 'POST': {
        const read = await readMessage(req, maxBodyBytes);
        return 'error' in read ? read.error : endpoint.post(req, read.message, client);
      }
      case 'GET':
        return endpoint.stream(req);
      case 'DELETE':
        return endpoint.end(req);
      default:
        return transportError(405, TRANSPORT_ERROR, `Method not allowed: use ${ALLOW}`, { allow: ALLOW });
    }
  };
}
