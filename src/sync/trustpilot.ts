// The Trustpilot source: every page of a business unit's public reviews, from the Business
// Units API (GET /v1/business-units/{businessUnitId}/reviews, key in the `apikey` header).
// https://developers.trustpilot.com/business-units-api
import { hasNextPage } from '../core/import/trustpilot-api.ts';
import type { TrustpilotSourceSettings } from '../settings/sync.ts';
import type { Budget } from './budget.ts';
import { SyncError } from './errors.ts';
import { type BodyLimit, excerpt, type HttpOptions, type HttpResponse, pageJson, send } from './http.ts';

export const TRUSTPILOT = 'trustpilot';
/** The most reviews a page of this endpoint gives. */
const PER_PAGE = 100;

/** One page of the newest reviews first; anything but 200 throws a SyncError that says what to fix. */
export async function getTrustpilotPage(
  settings: TrustpilotSourceSettings,
  http: HttpOptions,
  page: number,
  perPage: number,
  limit?: BodyLimit,
): Promise<HttpResponse & { label: string }> {
  const url = new URL(`${settings.apiUrl}/v1/business-units/${encodeURIComponent(settings.businessUnitId)}/reviews`);
  url.searchParams.set('page', String(page));
  url.searchParams.set('perPage', String(perPage));
  url.searchParams.set('orderBy', 'createdat.desc');
  const label = `GET ${url.href}`;
  const res = await send(TRUSTPILOT, label, url.href, { headers: { apikey: settings.apiKey, accept: 'application/json' } }, http, limit);
  if (res.status === 401 || res.status === 403)
    throw new SyncError(TRUSTPILOT, 'configuration', `${label} answered ${res.status} (${excerpt(res.text)}): check TRUSTPILOT_API_KEY`);
  if (res.status === 404) throw new SyncError(TRUSTPILOT, 'configuration', `${label} answered 404: no such business unit; check TRUSTPILOT_BUSINESS_UNIT_ID`);
  if (res.status !== 200) throw new SyncError(TRUSTPILOT, 'configuration', `${label} answered ${res.status}${res.text ? ` (${excerpt(res.text)})` : ''}`);
  return { ...res, label };
}

/**
 * Pages are asked for by number rather than by following the `links` hrefs: a link is the
 * server's to write, and following one elsewhere would send our key with it. Each page goes to
 * `onPage` as it comes (which answers how many of its reviews are new); a page of reviews all
 * read before that still links a next one means the pages go round in a loop.
 */
export async function fetchTrustpilot(
  settings: TrustpilotSourceSettings,
  http: HttpOptions,
  budget: Budget,
  onPage: (page: { name: string; value: unknown }) => { fresh: number; problems: number },
): Promise<{ pages: number }> {
  for (let n = 1; ; n++) {
    const res = await getTrustpilotPage(settings, http, n, PER_PAGE, budget.next());
    const label = res.label;
    budget.take(res.text);
    const page = pageJson(n, res);
    if ('error' in page) throw new SyncError(TRUSTPILOT, 'data', `nothing merged from trustpilot:\n${page.name}: is not valid JSON (${page.error})`);
    const { name, value } = page;
    const read = onPage({ name, value });
    const reviews =
      typeof value === 'object' && value !== null && Array.isArray((value as { reviews?: unknown }).reviews) ? (value as { reviews: unknown[] }).reviews : [];
    // a bad record means nothing from this source is merged: no need to read on
    if (!hasNextPage(value) || reviews.length === 0 || read.problems > 0) return { pages: budget.pages };
    if (read.fresh === 0)
      throw new SyncError(
        TRUSTPILOT,
        'data',
        `${label}: every review on page ${n} was on an earlier page, and it links a next page: the ` +
          'pages go round in a loop; nothing merged from trustpilot (the next pass tries again)',
      );
    budget.more(label);
  }
}
