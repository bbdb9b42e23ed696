// The Cloudflare Pages worker (`_worker.js`, advanced mode), bundled by src/build/deploy/pages.ts
// with the build's table of files. Built files are answered from the Pages asset store with
// the headers and conditional rules of the sidecar (the same core functions); every other
// request goes to the sidecar, which holds the same build and answers it exactly as it does
// at our own origin: search, MCP, the hub, since dates that were not pre-rendered, 404 and 405.
import { builtFileAsked } from '../../../src/core/http/built-file.ts';
import { CORS_HEADERS, type RepresentationMeta } from '../../../src/core/http/headers.ts';
import { JSON_TYPE } from '../../../src/core/http/media.ts';
import { serveAsset } from './static-first.ts';
import type { AssetFetcher } from './types.ts';

export interface EdgeTable {
  /** Origin of the sidecar given at build time; the Pages variable SIDECAR_URL overrides it. */
  sidecarUrl: string;
  maxAgeS: number;
  resources: Record<string, RepresentationMeta>;
}

interface Env {
  ASSETS: AssetFetcher;
  SIDECAR_URL?: string;
}

declare const __EDGE_TABLE__: EdgeTable;

export function edgeHandler(table: EdgeTable) {
  return async (request: Request, env: Env): Promise<Response> => {
    const url = new URL(request.url);
    const meta = builtFileAsked(table.resources, request.method, url.pathname);
    if (meta) return serveAsset(request, url, url.pathname, meta, table.maxAgeS, env.ASSETS);
    return toSidecar(request, url, env.SIDECAR_URL || table.sidecarUrl);
  };
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
