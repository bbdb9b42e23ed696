// The Cloudflare Pages worker (`_worker.js`, advanced mode), bundled by src/build/deploy/cloudflare.ts
// with the build's table of files. Built files are answered from the Pages asset store with
// the headers and conditional rules of the sidecar (the same core functions); every other
// request goes to the sidecar, which holds the same build and answers it exactly as it does
// at our own origin: search, MCP, the hub, since dates that were not pre-rendered, 404 and 405.
import { isNotModified, RETAINED_304_HEADERS } from '../core/http/conditional.ts';
import { CORS_HEADERS, type RepresentationMeta, resourceHeaders } from '../core/http/headers.ts';
import { JSON_TYPE } from '../core/http/media.ts';

export interface EdgeTable {
  /** Origin of the sidecar given at build time; the Pages variable SIDECAR_URL overrides it. */
  sidecarUrl: string;
  maxAgeS: number;
  resources: Record<string, RepresentationMeta>;
}

interface Env {
  ASSETS: { fetch(request: Request): Promise<Response> };
  SIDECAR_URL?: string;
}

declare const __EDGE_TABLE__: EdgeTable;

export function edgeHandler(table: EdgeTable) {
  return async (request: Request, env: Env): Promise<Response> => {
    const url = new URL(request.url);
    const meta = table.resources[url.pathname];
    if (meta && (request.method === 'GET' || request.method === 'HEAD')) return serveFile(request, url, meta, table.maxAgeS, env);
    return toSidecar(request, url, env.SIDECAR_URL || table.sidecarUrl);
  };
}

async function serveFile(request: Request, url: URL, meta: RepresentationMeta, maxAgeS: number, env: Env): Promise<Response> {
  const headers = resourceHeaders(url.pathname, meta, maxAgeS);
  if (isNotModified(request.headers, meta.etag, meta.last_modified)) {
    const kept = Object.entries(headers).filter(([name]) => RETAINED_304_HEADERS.has(name));
    return new Response(null, { status: 304, headers: Object.fromEntries(kept) });
  }
  // A request without validators: the asset server would otherwise answer 304 against its
  // own ETag, which is not the one this response carries.
  const asset = await env.ASSETS.fetch(new Request(url, { method: request.method }));
  if (asset.status !== 200) return asset;
  return new Response(request.method === 'HEAD' ? null : asset.body, { status: 200, headers });
}

async function toSidecar(request: Request, url: URL, sidecarUrl: string): Promise<Response> {
  let target: URL;
  try {
    target = new URL(`${url.pathname}${url.search}`, new URL(sidecarUrl).origin);
  } catch {
    return gatewayError(500, 'bad_sidecar_url', `SIDECAR_URL is not an absolute URL: "${sidecarUrl}"`);
  }
  const headers = new Headers(request.headers);
  headers.delete('host');
  headers.set('x-forwarded-host', url.host);
  headers.set('x-forwarded-proto', url.protocol.slice(0, -1));
  try {
    // The response, an MCP event stream included, is passed on as it arrives.
    return await fetch(target, { method: request.method, headers, body: request.body, redirect: 'manual' });
  } catch {
    return gatewayError(502, 'bad_gateway', 'The sidecar did not answer');
  }
}

function gatewayError(status: number, error: string, message: string): Response {
  return new Response(JSON.stringify({ error, message }), { status, headers: { 'content-type': JSON_TYPE, 'cache-control': 'no-store', ...CORS_HEADERS } });
}

export default { fetch: edgeHandler(__EDGE_TABLE__) };
