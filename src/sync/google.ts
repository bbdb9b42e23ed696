// The Google Business Profile source: OAuth 2.0 refresh-token flow, then reviews.list pages
// (mybusiness v4, GET /v4/{parent=accounts/*/locations/*}/reviews) newest update first.
// https://developers.google.com/my-business/reference/rest/v4/accounts.locations.reviews/list
// https://developers.google.com/identity/protocols/oauth2/web-server#offline
import type { GoogleFile } from '../core/import/google.ts';
import { isObject } from '../core/import/incoming.ts';
import { parseInstant } from '../core/schemas/time-zone.ts';
import type { GoogleSourceSettings } from '../settings/sync.ts';
import type { Budget } from './budget.ts';
import { SyncError } from './errors.ts';
import { type BodyLimit, excerpt, type HttpOptions, type HttpResponse, pageJson, send } from './http.ts';

export const GOOGLE = 'google';
/** The largest page reviews.list gives. */
const PAGE_SIZE = 50;
/** Refresh this long before Google's expiry, so a token never lapses mid-request. */
const EXPIRY_MARGIN_S = 60;

export interface GoogleFetch {
  pages: number;
  /** Every page up to the last (no nextPageToken) was read */
  complete: boolean;
  /** Newest updateTime seen (ms), the cursor of the next incremental pass */
  newest?: number;
}

/** An access token and until when (epoch ms) it may be used. */
export interface AccessToken {
  value: string;
  until: number;
}

/**
 * Access tokens, kept in memory by a pass; the Worker's watch hands in the one it stored and
 * stores each new one (`onToken`), so a token serves its whole lifetime. `secrets` gains each
 * token so it is scrubbed like the others.
 */
export function googleTokens(
  settings: GoogleSourceSettings,
  http: HttpOptions,
  secrets: string[],
  cached?: AccessToken,
  onToken?: (token: AccessToken) => void,
) {
  let token: AccessToken | undefined = cached;
  const refresh = async (): Promise<string> => {
    const body = new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: settings.clientId,
      client_secret: settings.clientSecret,
      refresh_token: settings.refreshToken,
    });
    const label = `POST ${settings.tokenUrl}`;
    const res = await send(GOOGLE, label, settings.tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }, http);
    let parsed: unknown;
    try {
      parsed = JSON.parse(res.text);
    } catch {
      parsed = undefined;
    }
    const error = isObject(parsed) && typeof parsed.error === 'string' ? parsed.error : undefined;
    if (error === 'invalid_grant')
      throw new SyncError(
        GOOGLE,
        'authorisation',
        `${label} answered ${res.status} invalid_grant: Google no longer accepts ` +
          'GOOGLE_REFRESH_TOKEN (revoked, expired, or the password changed). Authorise again ' +
          '(docs/sync.md, "Getting the Google credentials") and set the new refresh token; nothing ' +
          'was changed.',
      );
    if (res.status !== 200 || !isObject(parsed) || typeof parsed.access_token !== 'string' || !parsed.access_token) {
      const client = error === 'invalid_client' || error === 'unauthorized_client';
      throw new SyncError(
        GOOGLE,
        'configuration',
        `${label} answered ${res.status}${res.text ? ` (${excerpt(res.text)})` : ''}: ` +
          `${client ? 'check GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET' : 'no access token; check GOOGLE_TOKEN_URL and the Google settings'}`,
      );
    }
    const expiresS = typeof parsed.expires_in === 'number' && parsed.expires_in > 0 ? parsed.expires_in : 3600;
    secrets.push(parsed.access_token);
    token = { value: parsed.access_token, until: Date.now() + Math.max(0, expiresS - EXPIRY_MARGIN_S) * 1000 };
    onToken?.(token);
    return token.value;
  };
  return {
    /** The cached token while it is valid, else a fresh one. */
    get: async () => (token && Date.now() < token.until ? token.value : refresh()),
    refresh,
  };
}

function pageLabel(url: string): string {
  const u = new URL(url);
  const pageToken = u.searchParams.get('pageToken');
  if (pageToken && pageToken.length > 40) u.searchParams.set('pageToken', `${pageToken.slice(0, 40)}…`);
  return `GET ${decodeURIComponent(u.href)}`;
}

/**
 * One page of reviews.list, newest update first, with the access token `tokens` gives; a 401
 * gets one fresh token and one more try. Anything but 200 throws a SyncError that says what to fix.
 */
export async function getReviewsPage(
  settings: GoogleSourceSettings,
  http: HttpOptions,
  tokens: ReturnType<typeof googleTokens>,
  pageSize: number,
  pageToken?: string,
  limit?: BodyLimit,
): Promise<HttpResponse & { label: string }> {
  const url = new URL(`${settings.apiUrl}/v4/${settings.location}/reviews`);
  url.searchParams.set('pageSize', String(pageSize));
  url.searchParams.set('orderBy', 'updateTime desc');
  if (pageToken) url.searchParams.set('pageToken', pageToken);
  const label = pageLabel(url.href);
  const get = async () =>
    send(GOOGLE, label, url.href, { headers: { authorization: `Bearer ${await tokens.get()}`, accept: 'application/json' } }, http, limit);
  let res = await get();
  if (res.status === 401) {
    // An access token can be revoked before its expiry: one fresh token, one more try.
    await tokens.refresh();
    res = await get();
    if (res.status === 401)
      throw new SyncError(
        GOOGLE,
        'authorisation',
        `${label} answered 401 even with a fresh access token: authorise again (docs/sync.md, "Getting the Google credentials")`,
      );
  }
  if (res.status === 403)
    throw new SyncError(
      GOOGLE,
      'configuration',
      `${label} answered 403 (${excerpt(res.text)}): the Google account that granted ` +
        'GOOGLE_REFRESH_TOKEN must manage GOOGLE_LOCATION, and the project needs the Business Profile ' +
        'API enabled',
    );
  if (res.status === 404)
    throw new SyncError(GOOGLE, 'configuration', `${label} answered 404: no such location; check GOOGLE_LOCATION (accounts/{account}/locations/{location})`);
  if (res.status !== 200) throw new SyncError(GOOGLE, 'configuration', `${label} answered ${res.status}${res.text ? ` (${excerpt(res.text)})` : ''}`);
  return { ...res, label };
}

/**
 * Reads reviews.list pages newest update first, handing each parsed page to `onPage` (nothing
 * keeps the page's text). With `since` (the newest updateTime of the last good pass) it stops
 * after the first page that reaches back to reviews already seen; without it, it reads every
 * page. A nextPageToken already followed, or more pages or bytes than `budget` allows, fails
 * the source.
 */
export async function fetchGoogle(
  settings: GoogleSourceSettings,
  http: HttpOptions,
  secrets: string[],
  budget: Budget,
  onPage: (page: GoogleFile) => void,
  since?: number,
): Promise<GoogleFetch> {
  const tokens = googleTokens(settings, http, secrets);
  const locationId = settings.location.split('/')[3] as string;
  let newest: number | undefined;
  let pageToken: string | undefined;
  const followed = new Map<string, number>();
  const done = (complete: boolean): GoogleFetch => ({ pages: budget.pages, complete, ...(newest !== undefined ? { newest } : {}) });
  for (let n = 1; ; n++) {
    const res = await getReviewsPage(settings, http, tokens, PAGE_SIZE, pageToken, budget.next());
    const label = res.label;
    budget.take(res.text);
    const page = pageJson(n, res);
    if ('error' in page) {
      // the reader reports it with the import's message
      onPage({ name: page.name, text: res.text, location: locationId });
      return done(false);
    }
    const { name, value } = page;
    onPage({ name, value, location: locationId });
    const reviews = isObject(value) && Array.isArray(value.reviews) ? value.reviews : [];
    let reachedSeen = false;
    for (const r of reviews) {
      const at = isObject(r) && typeof r.updateTime === 'string' ? parseInstant(r.updateTime) : undefined;
      if (at === undefined) continue;
      if (newest === undefined || at > newest) newest = at;
      if (since !== undefined && at < since) reachedSeen = true;
    }
    const next = isObject(value) && typeof value.nextPageToken === 'string' && value.nextPageToken ? value.nextPageToken : undefined;
    if (!next) return done(true);
    if (reachedSeen) return done(false);
    const before = followed.get(next);
    if (before !== undefined)
      throw new SyncError(
        GOOGLE,
        'data',
        `${label}: its nextPageToken leads back to page ${before}, already read: the pages ` +
          'go round in a loop; nothing merged from google (the next pass tries again)',
      );
    budget.more(label);
    followed.set(next, n + 1);
    pageToken = next;
  }
}
