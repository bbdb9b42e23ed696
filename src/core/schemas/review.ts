import { z } from 'zod';
import { CalendarDate, LanguageTag, Name, Text } from './primitives.ts';

export const ReviewIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, { message: 'must be 1-64 letters, digits, "_" or "-"' });

export const OwnerResponseSchema = z.object({
  date: CalendarDate.describe('Day the owner replied'),
  text: Text.trim().min(1, { message: 'must not be empty' }),
});

export const TranslationSchema = z.object({
  language: LanguageTag.describe('Language of the translation, e.g. "en"'),
  text: Text.trim().min(1, { message: 'must not be empty' }).max(20000),
  by: Name.optional().describe('Who translated it, e.g. "Google"'),
});

export const ReviewSchema = z
  .object({
    id: ReviewIdSchema.describe('Unique, stable review id'),
    date: CalendarDate.describe('Day the review was written'),
    rating: z.int().min(1).max(5).describe('Star rating, 1 to 5'),
    title: Text.trim().min(1).max(300).optional(),
    text: Text.max(20000).describe('Review text; empty for a rating-only review'),
    language: LanguageTag.optional().describe('Language of `text` (e.g. "de") when the source says; otherwise the insights detect it'),
    translation: TranslationSchema.optional().describe(
      "A translation of `text` that came with the review (e.g. Google's); `text` stays as the reviewer wrote it, and search matches both",
    ),
    author: z.object({ name: Name.describe('Display name, e.g. "Maria G."') }),
    verified: z.boolean().describe('Whether the reviewer is a verified customer'),
    source: Name.describe('Where the review was collected, e.g. "google"'),
    technicians: z.array(Name).describe('Names of the technicians the review mentions'),
    services: z.array(z.string()).describe('Ids of the services the review mentions'),
    service_area: Name.optional().describe('Service area the job was in'),
    response: OwnerResponseSchema.optional().describe("The owner's reply"),
  })
  .superRefine((r, ctx) => {
    if (r.response && r.response.date < r.date) {
      ctx.addIssue({ code: 'custom', path: ['response', 'date'], message: 'is before the review date' });
    }
  });

export type Review = z.infer<typeof ReviewSchema>;
