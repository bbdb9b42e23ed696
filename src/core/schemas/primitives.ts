import { z } from 'zod';
import { isCalendarDate } from './dates.ts';

/** A calendar date without a time zone: YYYY-MM-DD, and the day must exist. */
export const CalendarDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date in the form YYYY-MM-DD' })
  .refine(isCalendarDate, { message: 'is not a real calendar date' })
  .meta({ format: 'date', examples: ['2024-05-17'] });

// C0 controls other than tab and newline cannot appear in XML 1.0 (the Atom feed) and
// never belong in a review; lone surrogates cannot be encoded as UTF-8.
const SAFE_TEXT_RE = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]*$/;

export const Text = z
  .string()
  .regex(SAFE_TEXT_RE, { message: 'contains a control character' })
  .refine((s) => s.isWellFormed(), { message: 'contains an unpaired surrogate' });

export const Name = Text.trim().min(1, { message: 'must not be empty' }).max(200);

/** A language tag: a language, and optionally its country ("de", "de-AT"). */
export const LanguageTag = z.string().regex(/^[a-z]{2,3}(-[A-Z]{2})?$/);

export const Slug = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, { message: 'must be lowercase letters, digits and hyphens' });
