import { z } from 'zod';
import { addDays } from './dates.ts';
import { CreditedSchema, EvidenceSchema } from './evidence.ts';
import { CalendarDate, LanguageTag, Name, Text } from './primitives.ts';
import { dayInZone } from './time-zone.ts';

export const ReviewIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, { message: 'must be 1-64 letters, digits, "_" or "-"' });

export const TranslationSchema = z.object({
  language: LanguageTag.describe('Language of the translation, e.g. "en"'),
  text: Text.trim().min(1, { message: 'must not be empty' }).max(20000),
  by: Name.optional().describe('Who translated it, e.g. "Google"'),
});

/**
 * The earliest day a review may carry, whatever the business: the first sites that published
 * customer reviews opened in 1995, so an older date is a typo or a placeholder ("0025-06-01").
 */
export const EARLIEST_REVIEW_DATE = '1995-01-01';

/** The days a review (and its reply) may carry, and why, for the messages. */
export interface ReviewDateRange {
  earliest: string;
  /** Why nothing is older: the fixed floor or the business's founding */
  earliestWhy: string;
  latest: string;
  latestWhy: string;
}

/** With no time zone, tomorrow in the zone furthest ahead (UTC+14): no business has a later today. */
const FURTHEST_AHEAD = 'Pacific/Kiritimati';

/**
 * From the earlier of 1995-01-01 and 1 January of the year the business was founded (business.json
 * `founded`), to tomorrow in the business's time zone (a day of slack for sources that date in UTC).
 */
export function reviewDateRange(business: { founded?: number | undefined; time_zone?: string | undefined }, now: number): ReviewDateRange {
  const founded = business.founded === undefined ? undefined : `${String(business.founded).padStart(4, '0')}-01-01`;
  const zone = business.time_zone ?? FURTHEST_AHEAD;
  return {
    ...(founded && founded > EARLIEST_REVIEW_DATE
      ? { earliest: founded, earliestWhy: `the business was founded in ${business.founded} (business.json "founded")` }
      : { earliest: EARLIEST_REVIEW_DATE, earliestWhy: 'no review site is older: it is a typo or a placeholder for "no date"' }),
    latest: addDays(dayInZone(now, zone), 1),
    latestWhy: business.time_zone
      ? `tomorrow in ${zone}: a review cannot come from the future; it is a typo or a placeholder for "no date"`
      : 'tomorrow anywhere on Earth: a review cannot come from the future; it is a typo or a placeholder for "no date"',
  };
}

function datedWithin(range: ReviewDateRange | undefined, what: string) {
  return CalendarDate.superRefine((date, ctx) => {
    const earliest = range?.earliest ?? EARLIEST_REVIEW_DATE;
    if (date < earliest) ctx.addIssue({ code: 'custom', message: `is ${date}, before ${earliest}: ${range?.earliestWhy ?? 'no review site is older'}` });
    else if (range && date > range.latest) ctx.addIssue({ code: 'custom', message: `is ${date}, after ${range.latest}, ${range.latestWhy}` });
  }).describe(what);
}

function reviewSchema(range?: ReviewDateRange) {
  return z
    .object({
      id: ReviewIdSchema.describe('Unique, stable review id'),
      date: datedWithin(range, `Day the review was written, from ${EARLIEST_REVIEW_DATE} to tomorrow in the business's time zone`),
      rating: z.int().min(1).max(5).describe('Star rating, 1 to 5'),
      title: Text.trim().min(1).max(300).optional(),
      text: Text.max(20000).describe('Review text; empty for a rating-only review'),
      language: LanguageTag.optional().describe('Language of `text` (e.g. "de") when the source says; otherwise the insights detect it'),
      translation: TranslationSchema.optional().describe(
        "A translation of `text` that came with the review (e.g. Google's); `text` stays as the reviewer wrote it, and search matches both",
      ),
      author: z.object({ name: Name.describe('Display name, e.g. "Maria G."') }),
      verified: z.boolean().describe('Whether anything shows the reviewer is a customer: true exactly when `evidence` is present'),
      evidence: EvidenceSchema.optional(),
      source: Name.describe('Where the review was collected, e.g. "google"'),
      technicians: z.array(Name).describe('Technicians of the review: those its text mentions and those of its matched job'),
      services: z.array(z.string()).describe('Ids of the services of the review: those its text mentions and that of its matched job'),
      credited: CreditedSchema.optional(),
      service_area: Name.optional().describe('Service area the job was in'),
      response: z
        .object({
          date: datedWithin(range, 'Day the owner replied'),
          text: Text.trim().min(1, { message: 'must not be empty' }),
        })
        .optional()
        .describe("The owner's reply"),
    })
    .superRefine((r, ctx) => {
      if (r.response && r.response.date < r.date) {
        ctx.addIssue({ code: 'custom', path: ['response', 'date'], message: 'is before the review date' });
      }
      if (r.evidence && !r.verified) {
        ctx.addIssue({ code: 'custom', path: ['evidence'], message: 'is present but "verified" is false: a review with evidence is verified' });
      }
      if (r.verified && !r.evidence) {
        ctx.addIssue({ code: 'custom', path: ['evidence'], message: 'is missing: a verified review says why (a job, its platform or the owner)' });
      }
      if (r.credited) {
        if (r.evidence?.kind !== 'job') {
          ctx.addIssue({ code: 'custom', path: ['credited'], message: 'is present without a matched job: only a job credits technicians and services' });
        }
        r.credited.technicians.forEach((t, i) => {
          if (!r.technicians.includes(t)) ctx.addIssue({ code: 'custom', path: ['credited', 'technicians', i], message: `"${t}" is not in "technicians"` });
        });
        r.credited.services.forEach((s, i) => {
          if (!r.services.includes(s)) ctx.addIssue({ code: 'custom', path: ['credited', 'services', i], message: `"${s}" is not in "services"` });
        });
      }
    });
}

/** A review as the documents publish it: dated no earlier than EARLIEST_REVIEW_DATE. */
export const ReviewSchema = reviewSchema();

const within = new Map<string, ReturnType<typeof reviewSchema>>();

/**
 * The schema every way in reads a review with (the import, the sync, the build): ReviewSchema
 * and the business's date range. One schema per range, kept.
 */
export function reviewSchemaWithin(range: ReviewDateRange): typeof ReviewSchema {
  const key = `${range.earliest}/${range.latest}/${range.latestWhy}`;
  let schema = within.get(key);
  if (!schema) {
    // a new day is a new range: a long-lived process keeps only the last few
    if (within.size >= 8) within.clear();
    schema = reviewSchema(range);
    within.set(key, schema);
  }
  return schema;
}

export type Review = z.infer<typeof ReviewSchema>;
