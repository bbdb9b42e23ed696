// A built file from Cloudflare's asset store with our headers and conditional rules (the same
// core functions as the sidecar): used by the Pages worker and by the Worker of the no-server deploy.
import { isNotModified, RETAINED_304_HEADERS } from '../core/http/conditional.ts';
import { type RepresentationMeta, resourceHeaders } from '../core/http/headers.ts';

export interface AssetFetcher {
  fetch(request: Request): Promise<Response>;
}

export async function serveAsset(request: Request, url: URL, path: string, meta: RepresentationMeta, maxAgeS: number, assets: AssetFetcher): Promise<Response> {
  const headers = resourceHeaders(path, meta, maxAgeS);
  if (isNotModified(request.headers, meta.etag, meta.last_modified)) {
    const kept = Object.entries(headers).filter(([name]) => RETAINED_304_HEADERS.has(name));
    return new Response(null, { status: 304, headers: Object.fromEntries(kept) });
  }
  // A request without validators: the asset server would otherwise answer 304 against its
  // own ETag, which is not the one this response carries.
  const asset = await assets.fetch(new Request(new URL(path, url), { method: request.method }));
  if (asset.status !== 200) return asset;
  return new Response(request.method === 'HEAD' ? null : asset.body, { status: 200, headers });
}
