// The public reviews of a business unit from the Trustpilot Business Units API
// (GET /v1/business-units/{businessUnitId}/reviews): each page is {"reviews": [...], "links": [...]},
// each review has id, stars, title, text, createdAt, consumer.displayName and an optional
// companyReply {text, createdAt}, and Trustpilot's own verification: isVerified, reviewVerificationLevel
// ("verified", "invited" or "not-verified"). https://developers.trustpilot.com/business-units-api
import { dayInZone, parseInstant } from '../schemas/time-zone.ts';
import { platformVerified } from './columns.ts';
import { TRUSTPILOT_SOURCE } from './csv-sources.ts';
import { type Incoming, isObject, Problems } from './incoming.ts';

export interface TrustpilotPage {
  /** For messages: which page and request */
  name: string;
  text: string;
}

/** Trustpilot's word that it verified the reviewer; a level it does not document counts as no. */
function trustpilotVerified(raw: Record<string, unknown>): boolean {
  const level = raw.reviewVerificationLevel ?? raw.verificationLevel;
  return raw.isVerified === true || (typeof level === 'string' && platformVerified(level) === true);
}

/** Whether a parsed page links to a next one (rel "next-page"). */
export function hasNextPage(page: unknown): boolean {
  return isObject(page) && Array.isArray(page.links) && page.links.some((l) => isObject(l) && l.rel === 'next-page');
}

/** The reviews of parsed pages as Incoming records; problems name page, review and field. */
export function readTrustpilotPages(pages: readonly { name: string; value: unknown }[], timeZone: string): { reviews: Incoming[]; problems: Problems } {
  const reader = trustpilotReader(timeZone);
  for (const page of pages) reader.add(page);
  return reader;
}

/**
 * The same, one page at a time: the sync keeps each page's parsed reviews, never the page.
 * `add` answers how many reviews of the page were new (not on an earlier page).
 */
export function trustpilotReader(timeZone: string): { add: (page: { name: string; value: unknown }) => number; reviews: Incoming[]; problems: Problems } {
  const problems = new Problems();
  const reviews: Incoming[] = [];
  const seen = new Set<string>();
  const add = (page: { name: string; value: unknown }): number => {
    if (!isObject(page.value) || !Array.isArray(page.value.reviews)) {
      problems.add(page.name, undefined, 'reviews', 'must be an array of reviews (a page of the business unit reviews)');
      return 0;
    }
    let fresh = 0;
    const readOne = (raw: unknown, index: number): boolean => {
      const id = isObject(raw) && typeof raw.id === 'string' ? raw.id : undefined;
      const record = id ? `review ${index} ("${id.slice(0, 40)}")` : `review ${index}`;
      const bad = (field: string | undefined, message: string): false => {
        problems.add(page.name, record, field, message);
        return false;
      };
      if (!isObject(raw)) return bad(undefined, 'must be an object');
      if (!id || !/^[\x21-\x7e]{1,128}$/.test(id)) return bad('id', 'must be the review id');
      if (seen.has(id)) return true; // a review that moved to the next page while we paged
      fresh += 1;
      const stars = raw.stars;
      if (typeof stars !== 'number' || !Number.isInteger(stars) || stars < 1 || stars > 5) return bad('stars', `must be 1 to 5, got ${JSON.stringify(stars)}`);
      const created = typeof raw.createdAt === 'string' ? parseInstant(raw.createdAt) : undefined;
      if (created === undefined) return bad('createdAt', `must be an ISO 8601 timestamp, got ${JSON.stringify(raw.createdAt)}`);
      if (raw.text !== undefined && raw.text !== null && typeof raw.text !== 'string') return bad('text', 'must be a string');
      if (raw.title !== undefined && raw.title !== null && typeof raw.title !== 'string') return bad('title', 'must be a string');
      const consumer = raw.consumer;
      if (!isObject(consumer) || typeof consumer.displayName !== 'string' || !consumer.displayName.trim())
        return bad('consumer.displayName', 'must be the reviewer name');
      const date = dayInZone(created, timeZone);
      const review: Incoming = {
        file: page.name,
        record,
        source: TRUSTPILOT_SOURCE,
        sourceId: id,
        date,
        rating: stars,
        text: typeof raw.text === 'string' ? raw.text.trim() : '',
        author: consumer.displayName.trim(),
      };
      if (typeof raw.title === 'string' && raw.title.trim()) review.title = raw.title.trim();
      if (trustpilotVerified(raw)) review.evidence = { kind: 'platform', platform: TRUSTPILOT_SOURCE };
      const reply = raw.companyReply;
      if (reply !== undefined && reply !== null) {
        if (!isObject(reply)) return bad('companyReply', 'must be an object');
        if (reply.text !== undefined && typeof reply.text !== 'string') return bad('companyReply.text', 'must be a string');
        const text = String(reply.text ?? '').trim();
        if (text) {
          const at = typeof reply.createdAt === 'string' ? parseInstant(reply.createdAt) : undefined;
          if (at === undefined) return bad('companyReply.createdAt', `must be an ISO 8601 timestamp, got ${JSON.stringify(reply.createdAt)}`);
          const day = dayInZone(at, timeZone);
          review.response = { date: day < date ? date : day, text };
        }
      }
      seen.add(id);
      reviews.push(review);
      return true;
    };
    for (const [index, raw] of (page.value.reviews as unknown[]).entries()) readOne(raw, index);
    return fresh;
  };
  return { add, reviews, problems };
}
