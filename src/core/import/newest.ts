// The newest review on a page of a source's API, by its id and the last time it changed: the sync
// records it beside what it merged (imports.json `newest`), the build carries it into the Worker,
// and the Worker's watch compares each source's first page with it (src/sync/watch.ts).
import { parseInstant } from '../schemas/time-zone.ts';
import { isObject } from './incoming.ts';

export interface SourceMark {
  /** The source's own id of the review */
  id: string;
  /** When it last changed (RFC 3339, UTC): written, edited or answered */
  at: string;
}

const instant = (value: unknown): number | undefined => (typeof value === 'string' ? parseInstant(value) : undefined);

function newestOf(page: unknown, idOf: (r: Record<string, unknown>) => unknown, times: (r: Record<string, unknown>) => unknown[]): SourceMark | undefined {
  const reviews = isObject(page) && Array.isArray(page.reviews) ? page.reviews : [];
  let best: { id: string; at: number } | undefined;
  for (const r of reviews) {
    if (!isObject(r)) continue;
    const id = idOf(r);
    if (typeof id !== 'string' || id === '') continue;
    let at: number | undefined;
    for (const t of times(r)) {
      const ms = instant(t);
      if (ms !== undefined && (at === undefined || ms > at)) at = ms;
    }
    if (at !== undefined && (best === undefined || at > best.at || (at === best.at && id > best.id))) best = { id, at };
  }
  return best && { id: best.id, at: new Date(best.at).toISOString() };
}

const reply = (r: Record<string, unknown>, key: string) => (isObject(r[key]) ? (r[key] as Record<string, unknown>) : {});

/** A page of Google's reviews.list (ListReviewsResponse): `reviewId` (else the end of `name`), `updateTime`, the reply's. */
export const googleNewest = (page: unknown): SourceMark | undefined =>
  newestOf(
    page,
    (r) => r.reviewId || (typeof r.name === 'string' ? r.name.split('/').pop() : undefined),
    (r) => [r.createTime, r.updateTime, reply(r, 'reviewReply').updateTime],
  );

/** A page of Trustpilot's business unit reviews: `id`, `createdAt`, `updatedAt`, the company's reply. */
export const trustpilotNewest = (page: unknown): SourceMark | undefined =>
  newestOf(
    page,
    (r) => r.id,
    (r) => [r.createdAt, r.updatedAt, reply(r, 'companyReply').createdAt, reply(r, 'companyReply').updatedAt],
  );

/** The later of two marks (the first when they are as new). */
export function laterMark(a: SourceMark | undefined, b: SourceMark | undefined): SourceMark | undefined {
  if (!a || !b) return a ?? b;
  return Date.parse(b.at) > Date.parse(a.at) ? b : a;
}

/**
 * Whether what a source shows now is news to a build that holds `held`: a later change, or a
 * review as new under another id. Without a mark, anything the source shows is news.
 */
export function isNews(seen: SourceMark | undefined, held: SourceMark | undefined): boolean {
  if (!seen) return false;
  if (!held) return true;
  const s = Date.parse(seen.at);
  const h = Date.parse(held.at);
  return s > h || (s === h && seen.id !== held.id);
}
