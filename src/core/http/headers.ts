import { cacheControl } from './cache-policy.ts';

export interface RepresentationMeta {
  content_type: string;
  etag: string;
  last_modified?: string;
  link?: string;
}

/** CORS for public GETs: anyone may read, and scripts may see the validators. */
export const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'ETag, Last-Modified, Link',
} as const;

/** The headers a GET of a published resource carries, in the sidecar and in `_headers` alike. */
export function resourceHeaders(path: string, meta: RepresentationMeta, maxAgeS: number): Record<string, string> {
  return {
    'content-type': meta.content_type,
    etag: meta.etag,
    ...(meta.last_modified ? { 'last-modified': meta.last_modified } : {}),
    'cache-control': cacheControl(path, maxAgeS),
    ...(meta.link ? { link: meta.link } : {}),
    ...CORS_HEADERS,
  };
}
