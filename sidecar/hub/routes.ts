// The hub's one HTTP endpoint. Everything it answers is plain text, never cached.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PATHS } from '../../src/core/http/urls.ts';
import { isFormEncoded } from './request.ts';

/** A subscription form is a few hundred bytes; anything much larger is not one. */
const MAX_BODY_BYTES = 8 * 1024;

export interface HubAnswer {
  status: ContentfulStatusCode;
  text: string;
  headers?: Record<string, string>;
}

export function hubRoutes(answer: (form: URLSearchParams) => Promise<HubAnswer>): Hono {
  const app = new Hono();
  const reply = (text: string, status: ContentfulStatusCode, headers: Record<string, string> = {}) =>
    new Response(`${text}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers } });

  app.post(PATHS.hub, bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => reply(`Request body is larger than ${MAX_BODY_BYTES} bytes`, 413) }), async (c) => {
    if (!isFormEncoded(c.req.header('content-type'))) return reply('Request body must be application/x-www-form-urlencoded', 415);
    const a = await answer(new URLSearchParams(await c.req.text()));
    return reply(a.text, a.status, a.headers);
  });
  app.all(PATHS.hub, () => reply('Method not allowed: the hub takes POST only', 405, { allow: 'POST' }));
  return app;
}
