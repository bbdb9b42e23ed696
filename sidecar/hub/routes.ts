// The hub's one HTTP endpoint. Everything it answers is plain text, never cached.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { PATHS } from '../../src/core/http/urls.ts';
import type { ClientAddress } from '../http/client-address.ts';
import { PUBLISH_SIGNATURE_HEADER } from './publish-signature.ts';
import { isFormEncoded } from './request.ts';

/** A subscription form is a few hundred bytes; anything much larger is not one. */
const MAX_BODY_BYTES = 8 * 1024;

export interface HubAnswer {
  status: ContentfulStatusCode;
  text: string;
  headers?: Record<string, string>;
}

/** Who sent a request, as far as a publish ping's standing depends on it. */
export interface HubRequestMeta {
  /** Sent from this machine (a loopback address), not relayed by a proxy. */
  local: boolean;
  /** The X-Hub-Publish-Signature header, if any. */
  signature: string | undefined;
  path: string;
  body: string;
}

/** Headers a reverse proxy adds: a request carrying one came from elsewhere, whatever the socket says. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'cf-connecting-ip'];

export function isLoopbackAddress(address: string): boolean {
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** A hub answer as the endpoint sends it: plain text, never cached. */
export function answerResponse(a: HubAnswer): Response {
  return new Response(`${a.text}\n`, { status: a.status, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...a.headers } });
}

/**
 * `peer` gives the caller's address where the runtime knows it (Node's socket); without it no
 * request counts as local.
 */
export function hubRoutes(answer: (form: URLSearchParams, meta: HubRequestMeta) => Promise<HubAnswer>, peer?: ClientAddress): Hono {
  const app = new Hono();
  const reply = (text: string, status: ContentfulStatusCode, headers: Record<string, string> = {}) => answerResponse({ text, status, headers });

  app.post(PATHS.hub, bodyLimit({ maxSize: MAX_BODY_BYTES, onError: () => reply(`Request body is larger than ${MAX_BODY_BYTES} bytes`, 413) }), async (c) => {
    if (!isFormEncoded(c.req.header('content-type'))) return reply('Request body must be application/x-www-form-urlencoded', 415);
    const body = await c.req.text();
    const address = peer?.(c);
    const local = address !== undefined && isLoopbackAddress(address) && FORWARDED.every((h) => c.req.header(h) === undefined);
    const a = await answer(new URLSearchParams(body), { local, signature: c.req.header(PUBLISH_SIGNATURE_HEADER), path: PATHS.hub, body });
    return reply(a.text, a.status, a.headers);
  });
  app.all(PATHS.hub, () => reply('Method not allowed: the hub takes POST only', 405, { allow: 'POST' }));
  return app;
}
