// A built file from Cloudflare's asset store with our headers and conditional rules (the same
// core functions as the sidecar), before anything else: used by the Pages worker and by the
// Worker of the no-server deploy, each of which asks `builtFileAsked` (src/core/http/built-file.ts) first.
import { isNotModified, notModifiedHeaders } from '../../../src/core/http/conditional.ts';
import { type RepresentationMeta, resourceHeaders } from '../../../src/core/http/headers.ts';
import type { AssetFetcher } from './types.ts';

/** `meta.size`, when given, is the file's length: a HEAD answer carries it (the asset server's HEAD answer does not). */
export async function serveAsset(
  request: Request,
  url: URL,
  path: string,
  meta: RepresentationMeta & { size?: number },
  maxAgeS: number,
  assets: AssetFetcher,
): Promise<Response> {
  const headers = resourceHeaders(path, meta, maxAgeS);
  if (isNotModified(request.headers, meta.etag, meta.last_modified)) {
    return new Response(null, { status: 304, headers: notModifiedHeaders(headers) });
  }
  // A request without validators: the asset server would otherwise answer 304 against its
  // own ETag, which is not the one this response carries.
  const asset = await assets.fetch(new Request(new URL(path, url), { method: request.method }));
  if (asset.status !== 200) return asset;
  // the length GET has (RFC 9110 §9.3.2), which a HEAD answer without a body must carry itself
  const length = meta.size === undefined ? asset.headers.get('content-length') : String(meta.size);
  const sized = length ? { ...headers, 'content-length': length } : headers;
  return new Response(request.method === 'HEAD' ? null : asset.body, { status: 200, headers: sized });
}
