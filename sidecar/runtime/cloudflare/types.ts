// Cloudflare's runtime types, from @cloudflare/workers-types in its module form (which declares no
// globals, so the DOM's and Node's types stay as they are): the one place this folder takes them
// from. workerd's built-in module `cloudflare:workers` is declared beside it (cloudflare-workers.d.ts).
export type { DurableObjectNamespace, DurableObjectState, DurableObjectStorage, RateLimit } from '@cloudflare/workers-types/index.ts';

/**
 * A binding or an object's stub as this folder calls it: with the DOM's `Request` and `Response`,
 * which the module form's own classes do not accept.
 */
export interface DomFetcher {
  fetch(request: Request): Promise<Response>;
}

/** The static assets binding (a `Fetcher` of @cloudflare/workers-types). */
export type AssetFetcher = DomFetcher;
