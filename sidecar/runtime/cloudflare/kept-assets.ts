// Built files kept in the isolate's memory once fetched from the asset store, under the same
// policy as the sidecar's STATIC_CACHE_BYTES (sidecar/routes/static.ts): the first files asked
// for, until the budget is spent, and never evicted (a deploy is one build, and an isolate one
// deploy). A file kept is answered without the asset store's round trip.
import type { AssetFetcher } from './types.ts';

export interface KeptAssets extends AssetFetcher {
  /** Bytes kept so far. */
  readonly bytes: number;
}

/**
 * `sizeOf` gives a built file's length by path (the manifest's): the asset store may stream a
 * body without Content-Length, and a file is kept only if it fits what is left of the budget.
 */
export function keptAssets(assets: AssetFetcher, maxBytes: number, sizeOf: (path: string) => number | undefined): KeptAssets {
  const kept = new Map<string, Uint8Array<ArrayBuffer>>();
  let bytes = 0;
  const answer = (method: string, body: Uint8Array<ArrayBuffer>) =>
    new Response(method === 'HEAD' ? null : body, { status: 200, headers: { 'content-length': String(body.byteLength) } });

  return {
    get bytes() {
      return bytes;
    },
    async fetch(request) {
      const { pathname } = new URL(request.url);
      const hit = kept.get(pathname);
      if (hit) return answer(request.method, hit);
      const res = await assets.fetch(request);
      const size = sizeOf(pathname);
      if (request.method !== 'GET' || res.status !== 200 || size === undefined || size > maxBytes - bytes) return res;
      const body = new Uint8Array(await res.arrayBuffer());
      // another request may have kept it meanwhile
      if (!kept.has(pathname) && body.byteLength <= maxBytes - bytes) {
        kept.set(pathname, body);
        bytes += body.byteLength;
      }
      return answer(request.method, body);
    },
  };
}
