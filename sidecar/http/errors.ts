import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { CORS_HEADERS } from '../../src/core/http/headers.ts';
import { JSON_TYPE } from '../../src/core/http/media.ts';

/** The one JSON error shape: `{ error, message, issues? }` (issues are zod's issue objects). */
export interface ErrorBody {
  error: string;
  message: string;
  issues?: unknown[];
}

export class ApiError extends HTTPException {
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;
  constructor(status: ContentfulStatusCode, body: ErrorBody, headers: Record<string, string> = {}) {
    super(status, { message: body.message });
    this.body = body;
    this.headers = headers;
  }
}

/** zod issues (or issues of the same shape) as the interface's `issues` array: code, path and message of each. */
export function invalidRequest(issues: readonly Pick<z.core.$ZodIssue, 'code' | 'path' | 'message'>[]): ApiError {
  const cleaned = issues.map(({ code, path, message }) => ({ code, path, message }));
  const summary = cleaned.map((i) => `${i.path.join('.') || '(request)'}: ${i.message}`).join('; ');
  return new ApiError(400, { error: 'invalid_request', message: `Invalid request: ${summary}`, issues: cleaned });
}

export function notFound(path: string): ApiError {
  return new ApiError(404, { error: 'not_found', message: `No resource at ${path}` });
}

export function methodNotAllowed(method: string, allow: readonly string[]): ApiError {
  return new ApiError(405, { error: 'method_not_allowed', message: `${method} is not allowed here; use ${allow.join(', ')}` }, { allow: allow.join(', ') });
}

function jsonError(c: Context, status: ContentfulStatusCode, body: ErrorBody, headers: Record<string, string> = {}): Response {
  return c.body(JSON.stringify(body), status, { 'content-type': JSON_TYPE, ...CORS_HEADERS, ...headers });
}

/** app.onError: every error leaves the service in the one shape. */
export function errorResponse(err: Error, c: Context): Response {
  if (err instanceof ApiError) return jsonError(c, err.status, err.body, err.headers);
  if (err instanceof HTTPException) {
    return jsonError(c, err.status as ContentfulStatusCode, { error: 'http_error', message: err.message });
  }
  console.error(err);
  return jsonError(c, 500, { error: 'internal_error', message: 'Internal server error' });
}
