// The Review resource of the Google Business Profile API (mybusiness v4,
// accounts.locations.reviews): the pages of reviews.list and the reviews*.json files of a
// Takeout export share it. https://developers.google.com/my-business/reference/rest/v4/accounts.locations.reviews
import { dayInZone, parseInstant } from '../schemas/time-zone.ts';
import { type Incoming, isObject, Problems, type Skipped, type SourceResult } from './incoming.ts';
import { splitGoogleComment } from './translation.ts';

export const GOOGLE_SOURCE = 'google';
export const ANONYMOUS_GOOGLE_USER = 'A Google user';

const STARS: Record<string, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };

export interface GoogleFile {
  name: string;
  /** The file's text, or (`value`) the page already parsed, as the sync has it */
  text?: string;
  value?: unknown;
  /** Location id from the Takeout folder (location-<id>), for reviews without a resource name */
  location?: string;
}

export interface GoogleOptions {
  timeZone: string;
  /** Keep only this location (its id, or the location-<id> folder name) */
  location?: string;
}

interface Candidate {
  review: Incoming;
  location: string;
  updated: number;
}

interface PageInfo {
  total?: number;
  more: boolean;
}

function pageReviews(file: GoogleFile, problems: Problems, info: PageInfo[]): unknown[] {
  let value: unknown = file.value;
  if (file.text !== undefined)
    try {
      value = JSON.parse(file.text);
    } catch (err) {
      problems.add(file.name, undefined, undefined, `is not valid JSON (${(err as Error).message})`);
      return [];
    }
  if (Array.isArray(value)) return value;
  if (isObject(value)) {
    info.push({
      ...(typeof value.totalReviewCount === 'number' ? { total: value.totalReviewCount } : {}),
      more: typeof value.nextPageToken === 'string' && value.nextPageToken !== '',
    });
    if (value.reviews === undefined) return [];
    if (Array.isArray(value.reviews)) return value.reviews;
    problems.add(file.name, undefined, 'reviews', 'must be an array of reviews');
    return [];
  }
  problems.add(file.name, undefined, undefined, 'must be a page of reviews.list ({"reviews": [...]}) or an array of reviews');
  return [];
}

export type GoogleResult = SourceResult & { problems: Problems; incomplete: boolean };

/** Parses every review in the files; the same review under two manager accounts counts once. */
export function readGoogle(files: readonly GoogleFile[], options: GoogleOptions): GoogleResult {
  const reader = googleReader(options);
  for (const file of files) reader.add(file);
  return reader.result();
}

/**
 * The same, one file at a time: the sync keeps the parsed reviews of each page it reads, never
 * the pages themselves.
 */
export function googleReader(options: GoogleOptions): { add: (file: GoogleFile) => void; result: () => GoogleResult } {
  const problems = new Problems();
  const skipped: Skipped[] = [];
  const notes: string[] = [];
  const byId = new Map<string, Candidate>();
  let duplicates = 0;
  const pages: PageInfo[] = [];
  const add = (file: GoogleFile) => {
    const readOne = (raw: unknown, index: number): boolean => {
      const label = (id?: string) => (id ? `review ${index} ("${id.length > 40 ? `${id.slice(0, 40)}…` : id}")` : `review ${index}`);
      if (!isObject(raw)) {
        problems.add(file.name, label(), undefined, 'must be an object');
        return false;
      }
      const name = typeof raw.name === 'string' ? raw.name : undefined;
      const m = name ? /^accounts\/([^/]+)\/locations\/([^/]+)\/reviews\/([^/]+)$/.exec(name) : null;
      const reviewId = (typeof raw.reviewId === 'string' && raw.reviewId) || m?.[3];
      const record = label(reviewId);
      const bad = (field: string, message: string): false => {
        problems.add(file.name, record, field, message);
        return false;
      };
      if (!reviewId || !/^[\x21-\x7e]{1,512}$/.test(reviewId))
        return bad(name === undefined ? 'reviewId' : 'name', 'must name the review (accounts/…/locations/…/reviews/<id>)');
      const location = m?.[2] ?? file.location;
      if (!location) return bad('name', 'must name the location (accounts/…/locations/<id>/reviews/…)');

      const star = raw.starRating;
      if (star === 'STAR_RATING_UNSPECIFIED') {
        skipped.push({ file: file.name, record, reason: 'no_star_rating' });
        return true;
      }
      const rating = typeof star === 'string' ? STARS[star] : undefined;
      if (rating === undefined) return bad('starRating', `must be ONE, TWO, THREE, FOUR or FIVE, got ${JSON.stringify(star)}`);

      const created = typeof raw.createTime === 'string' ? parseInstant(raw.createTime) : undefined;
      if (created === undefined) return bad('createTime', `must be an RFC 3339 timestamp, got ${JSON.stringify(raw.createTime)}`);
      const updated = raw.updateTime === undefined ? created : typeof raw.updateTime === 'string' ? parseInstant(raw.updateTime) : undefined;
      if (updated === undefined) return bad('updateTime', `must be an RFC 3339 timestamp, got ${JSON.stringify(raw.updateTime)}`);

      const reviewer = raw.reviewer === undefined ? {} : raw.reviewer;
      if (!isObject(reviewer)) return bad('reviewer', 'must be an object');
      if (reviewer.displayName !== undefined && typeof reviewer.displayName !== 'string') return bad('reviewer.displayName', 'must be a string');
      const anonymous = reviewer.isAnonymous === true || !String(reviewer.displayName ?? '').trim();
      const author = anonymous ? ANONYMOUS_GOOGLE_USER : String(reviewer.displayName).trim();

      if (raw.comment !== undefined && typeof raw.comment !== 'string') return bad('comment', 'must be a string');
      const { text, translation, language } = splitGoogleComment(raw.comment ?? '');

      const date = dayInZone(created, options.timeZone);
      const review: Incoming = { file: file.name, record, source: GOOGLE_SOURCE, sourceId: reviewId, date, rating, text, author };
      // the translation's language is its marker's, never the business's (a German owner's export holds English translations too)
      if (translation && language) review.translation = { language, text: translation, by: 'Google' };

      const reply = raw.reviewReply;
      if (reply !== undefined) {
        if (!isObject(reply)) return bad('reviewReply', 'must be an object');
        if (reply.comment !== undefined && typeof reply.comment !== 'string') return bad('reviewReply.comment', 'must be a string');
        const replyText = String(reply.comment ?? '').trim();
        if (replyText) {
          const at = typeof reply.updateTime === 'string' ? parseInstant(reply.updateTime) : undefined;
          if (at === undefined) return bad('reviewReply.updateTime', `must be an RFC 3339 timestamp, got ${JSON.stringify(reply.updateTime)}`);
          const replyDay = dayInZone(at, options.timeZone);
          review.response = { date: replyDay < date ? date : replyDay, text: replyText };
        }
      }

      const key = `${location}/${reviewId}`;
      const seen = byId.get(key);
      if (seen) {
        duplicates += 1;
        if (seen.updated >= updated) return true;
      }
      byId.set(key, { review, location, updated });
      return true;
    };
    for (const [index, raw] of pageReviews(file, problems, pages).entries()) readOne(raw, index);
  };
  const result = (): GoogleResult => {
    if (duplicates)
      notes.push(
        `${duplicates} review${duplicates === 1 ? '' : 's'} appeared more than once (the same ` +
          'location under several manager accounts); the copy with the later updateTime was kept.',
      );

    // reviews.list pages: each but the last has a nextPageToken (Google's reference, ListReviewsResponse).
    let incomplete = false;
    if (pages.length && pages.every((p) => p.more)) {
      incomplete = true;
      notes.push('every page has a nextPageToken: the last page is missing, so there are more reviews to fetch.');
    }
    const total = Math.max(0, ...pages.map((p) => p.total ?? 0));
    const found = byId.size + skipped.length;
    if (total > found) {
      incomplete = true;
      notes.push(`Google counts ${total} reviews (totalReviewCount) but the files hold ${found}: some pages may be missing.`);
    }

    const locations = [...new Set([...byId.values()].map((c) => c.location))].sort();
    let chosen = [...byId.values()];
    if (options.location !== undefined) {
      const wanted = options.location.replace(/^location-/, '');
      if (!locations.includes(wanted)) {
        problems.add(
          '--location',
          undefined,
          undefined,
          `no reviews for location "${options.location}" in this export (locations: ${locations.join(', ') || 'none'})`,
        );
      }
      const others = chosen.filter((c) => c.location !== wanted).length;
      if (others)
        notes.push(
          `${others} review${others === 1 ? '' : 's'} of other locations (${locations.filter((l) => l !== wanted).join(', ')}) left out by --location.`,
        );
      chosen = chosen.filter((c) => c.location === wanted);
    } else if (locations.length > 1) {
      problems.add('export', undefined, undefined, `holds reviews of ${locations.length} locations (${locations.join(', ')}); pick one with --location <id>`);
    }
    return { reviews: chosen.map((c) => c.review), skipped, notes, problems, incomplete };
  };
  return { add, result };
}
