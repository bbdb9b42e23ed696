// A deterministic Google Business Profile export of any size, in the shape of the
// Review resource (mybusiness v4): English reviews naming technicians and services,
// some in German or Spanish with Google's "(Translated by Google) … (Original) …",
// rating-only and anonymous reviews, replies, and a few without a star rating.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../tools/sample/generate.ts';
import { type ZipInput, zipBuffer } from './zip-writer.ts';

const STARS = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'];
const NAMES = [
  'Dana K.',
  "Sam O'Neil",
  'Priya S.',
  'Klaus Becker',
  'Lucía Fernández',
  'Chris P.',
  'Terry W.',
  'Anh N.',
  'Megan R.',
  'Robert "Bob" Miller',
  'Zoë L.',
  'Đức T.',
];
const EN = [
  'Jonas was on time and fixed our furnace quickly. Highly recommend!',
  'Mrs Okafor explained everything about the AC repair, but the first visit took a while.',
  'Technician was late and the bill was higher than quoted.',
  'Aylin cleared the clogged drain in Fountain and cleaned up after herself.',
  'Mike Reyes replaced the water heater; fair price and very professional.',
  'Nobody showed up for the drain cleaning appointment in Monument. Terrible.',
  'Great service, friendly staff, would hire again.',
  'The heater quit again two days later and nobody called back.',
];
const TRANSLATED = [
  ['Herr Mader was very friendly and the water heater works again.', 'Herr Mader war sehr freundlich und der Boiler läuft wieder.'],
  ['Very good work by Aylin, very clean.', 'Muy buen trabajo de Aylin, muy limpia.'],
  ['Frau Yilmaz repaired the furnace quickly. Highly recommended!', 'Frau Yilmaz hat die Heizung schnell repariert. Sehr zu empfehlen!'],
];
const REPLIES = ['Thank you for the kind words!', 'We are sorry to hear this; we will call you today.', 'Thanks, we appreciate your business.'];

export interface GoogleExportOptions {
  count: number;
  account?: string;
  location?: string;
  seed?: number;
  /** Reviews per file (reviews.list pages hold at most 50) */
  perPage?: number;
}

export function googleReviews({ count, account = '1111', location = '9001', seed = 12 }: GoogleExportOptions): Record<string, unknown>[] {
  const rnd = mulberry32(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)] as T;
  const start = Date.UTC(2019, 0, 1);
  const span = Date.UTC(2025, 0, 1) - start;
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < count; i++) {
    const id = `AbFvOq${i.toString(36).padStart(6, '0')}${Math.floor(rnd() * 1e12).toString(36)}_Q2hJR0FJQ0FnSUQ0dDVxUUhREAE`;
    const created = start + Math.floor((span * i) / count) + Math.floor(rnd() * 3_600_000);
    const r: Record<string, unknown> = {
      name: `accounts/${account}/locations/${location}/reviews/${id}`,
      reviewId: id,
      reviewer: rnd() < 0.05 ? { isAnonymous: true } : { profilePhotoUrl: `https://lh3.googleusercontent.com/a-/p${i}`, displayName: pick(NAMES) },
      starRating: rnd() < 0.005 ? 'STAR_RATING_UNSPECIFIED' : pick(STARS),
    };
    const kind = rnd();
    if (kind < 0.1) {
      const [en, orig] = pick(TRANSLATED) as [string, string];
      r.comment = `(Translated by Google) ${en}\n\n(Original)\n${orig}`;
    } else if (kind > 0.15) r.comment = `${pick(EN)} ${pick(EN)}`;
    r.createTime = new Date(created).toISOString();
    r.updateTime = new Date(created + (rnd() < 0.1 ? 86_400_000 * 30 : 0)).toISOString();
    if (rnd() < 0.4) r.reviewReply = { comment: pick(REPLIES), updateTime: new Date(created + 86_400_000).toISOString() };
    out.push(r);
  }
  return out;
}

/** A new review, updated now (so it is first in updateTime order). */
export function newGoogleReview(
  n: number,
  text: string,
  { account = '1111', location = '9001' }: Pick<GoogleExportOptions, 'account' | 'location'> = {},
): Record<string, unknown> {
  const id = `NewReview${String(n).padStart(4, '0')}`;
  const now = new Date().toISOString();
  return {
    name: `accounts/${account}/locations/${location}/reviews/${id}`,
    reviewId: id,
    reviewer: { displayName: `New Customer ${n}` },
    starRating: 'FIVE',
    comment: text,
    createTime: now,
    updateTime: now,
  };
}

function pages(reviews: readonly Record<string, unknown>[], perPage: number): string[] {
  const texts: string[] = [];
  for (let i = 0; i < reviews.length; i += perPage) {
    const page: Record<string, unknown> = { reviews: reviews.slice(i, i + perPage), averageRating: 4.1, totalReviewCount: reviews.length };
    if (i + perPage < reviews.length) page.nextPageToken = `page-${i / perPage + 1}`;
    texts.push(JSON.stringify(page, null, 2));
  }
  return texts;
}

/** Page files of reviews.list, page-0001.json … in `dir`. */
export function writeApiPages(dir: string, options: GoogleExportOptions): void {
  mkdirSync(dir, { recursive: true });
  for (const [i, text] of pages(googleReviews(options), options.perPage ?? 50).entries())
    writeFileSync(join(dir, `page-${String(i + 1).padStart(4, '0')}.json`), text);
}

/** The Takeout entries (reviews.json, reviews-001.json …) of one location, plus the Maps decoy. */
export function takeoutEntries(options: GoogleExportOptions): ZipInput[] {
  const base = `Takeout/Google Business Profile/account-${options.account ?? '1111'}/location-${options.location ?? '9001'}`;
  const files = pages(googleReviews(options), options.perPage ?? 1000).map((data, i) => ({
    name: `${base}/reviews${i ? `-${String(i).padStart(3, '0')}` : ''}.json`,
    data,
  }));
  return [
    ...files,
    { name: 'Takeout/Maps (your places)/Reviews.json', data: '{"type":"FeatureCollection","features":[]}' },
    { name: 'Takeout/archive_browser.html', data: '<html></html>' },
  ];
}

export function writeTakeoutZip(path: string, options: GoogleExportOptions): void {
  writeFileSync(path, zipBuffer(takeoutEntries(options)));
}
