// One HTTP request to a source's API, the way connectors do it: a timeout, no redirects (a
// redirect would carry our credentials elsewhere), bounded retries of 429, 5xx, timeouts and
// network errors with exponential waits or the server's Retry-After (RFC 9110 section 10.2.3).
import { SyncError } from './errors.ts';

export interface HttpOptions {
  timeoutS: number;
  /** What sets the timeout, for the message (default SYNC_TIMEOUT_S) */
  timeoutWhy?: string;
  retries: number;
  maxRetryAfterS: number;
  log: (message: string) => void;
}

export interface HttpResponse {
  status: number;
  text: string;
  /** Retry-After of a 4xx answer (GitHub's rate limits send it with 403) */
  retryAfterS?: number;
}

/** A page larger than this is not a reviews page: refuse it rather than run out of memory. */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/** The most bytes a body may have, and the words that say why when it has more. */
export interface BodyLimit {
  bytes: number;
  why: string;
}

class BodyTooLarge extends Error {}

/** Seconds to wait from a Retry-After value (delay-seconds or an HTTP-date), if it is one. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v);
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A short, printable excerpt of an error body: servers put their reason there. */
export function excerpt(text: string): string {
  let reason = text;
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const err = body.error;
    if (typeof err === 'object' && err !== null && typeof (err as { message?: unknown }).message === 'string') reason = (err as { message: string }).message;
    else if (typeof err === 'string') reason = typeof body.error_description === 'string' ? `${err}: ${body.error_description}` : err;
    else if (typeof body.message === 'string') reason = body.message;
  } catch {
    // not JSON: the text itself
  }
  const clean = reason.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
}

/** Page n of a source's API: its name in messages, and its JSON or why it is not JSON. */
export function pageJson(n: number, res: { label: string; text: string }): { name: string } & ({ value: unknown } | { error: string }) {
  const name = `page ${n} (${res.label})`;
  try {
    return { name, value: JSON.parse(res.text) };
  } catch (err) {
    return { name, error: (err as Error).message };
  }
}

async function readBody(res: Response, limit: BodyLimit): Promise<string> {
  const max = Math.min(MAX_BODY_BYTES, limit.bytes);
  const why = max < MAX_BODY_BYTES ? limit.why : `${MAX_BODY_BYTES} bytes, the most a page may have`;
  const declared = Number(res.headers.get('content-length'));
  if (declared > max) throw new BodyTooLarge(`answered ${declared} bytes, more than ${why}`);
  if (!res.body) return '';
  const decoder = new TextDecoder();
  let text = '';
  let size = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new BodyTooLarge(`answered more than ${why}`);
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const wait = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));

/**
 * Sends the request and returns the first answer that is not worth retrying (2xx, or a 4xx
 * other than 429). Throws a SyncError naming the source, the request and the last status
 * once the retries are spent. `label` names the request without any credential.
 */
export async function send(
  source: string,
  label: string,
  url: string,
  init: RequestInit,
  options: HttpOptions,
  limit: BodyLimit = { bytes: MAX_BODY_BYTES, why: '' },
): Promise<HttpResponse> {
  const attempts = options.retries + 1;
  for (let attempt = 1; ; attempt++) {
    let problem: string;
    let waitS = 2 ** (attempt - 1);
    let after: number | undefined;
    try {
      const res = await fetch(url, { ...init, redirect: 'manual', signal: AbortSignal.timeout(options.timeoutS * 1000) });
      const text = await readBody(res, limit).catch((err: unknown) => {
        // retrying would read the same bytes again
        if (err instanceof BodyTooLarge) throw new SyncError(source, 'data', `${label} ${err.message}; nothing merged from ${source}`);
        throw err;
      });
      if (res.status >= 300 && res.status < 400)
        throw new SyncError(
          source,
          'configuration',
          `${label} answered ${res.status} (a redirect, to ${res.headers.get('location') ?? 'nowhere'}); check the API URL setting`,
        );
      if (res.status !== 429 && res.status < 500) {
        const retryAfterS = res.status >= 400 ? retryAfterSeconds(res.headers.get('retry-after')) : undefined;
        return retryAfterS === undefined ? { status: res.status, text } : { status: res.status, text, retryAfterS };
      }
      problem = `answered ${res.status}${text ? `: ${excerpt(text)}` : ''}`;
      after = retryAfterSeconds(res.headers.get('retry-after'));
      if (after !== undefined) {
        if (after > options.maxRetryAfterS)
          throw new SyncError(
            source,
            'transient',
            `${label} ${problem}; it asks to wait ${after} s (Retry-After), longer than SYNC_MAX_RETRY_AFTER_S; the next pass tries again`,
            after,
          );
        waitS = after;
      }
    } catch (err) {
      if (err instanceof SyncError) throw err;
      const e = err as Error & { cause?: { code?: string; message?: string } };
      problem =
        e.name === 'TimeoutError' || e.name === 'AbortError'
          ? `got no complete answer within ${options.timeoutS} s (${options.timeoutWhy ?? 'SYNC_TIMEOUT_S'})`
          : `failed: ${e.cause?.code ?? e.cause?.message ?? e.message}`;
    }
    if (attempt >= attempts) throw new SyncError(source, 'transient', `${label} ${problem} (${attempts} attempt${attempts === 1 ? '' : 's'})`, after);
    options.log(`${source}: ${label} ${problem}; retrying in ${waitS} s (attempt ${attempt + 1} of ${attempts})`);
    await wait(waitS);
  }
}
