import { z } from 'zod';
import { CalendarDate, Text } from '../schemas/primitives.ts';
import { hasSearchableText } from './fold.ts';

export const SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** The parameters of GET /api/reviews/search and of the MCP tool search_reviews. */
export const SearchParamsShape = {
  rating: z.int().min(1).max(5).optional().describe('Exact star rating to match (1-5)'),
  min_rating: z.number().min(1).max(5).optional().describe('Minimum star rating, inclusive (1-5)'),
  since: CalendarDate.optional().describe('Only reviews written on or after this date (YYYY-MM-DD)'),
  until: CalendarDate.optional().describe('Only reviews written on or before this date (YYYY-MM-DD)'),
  query: Text.max(200)
    .refine(hasSearchableText, { message: 'must contain a letter, digit or symbol to search for: spaces, lone accents and invisible characters are ignored' })
    .optional()
    .describe('Text to find in the review text or title; case and accents are ignored (cafe finds Café)'),
  mentions_technician: Text.trim()
    .min(1)
    .max(200)
    .optional()
    .describe(
      'Only reviews that mention this technician: full name, or a first name or surname that only one technician has (case and accents ignored). A name that fits several technicians, or none, is an error that lists the candidates',
    ),
  mentions_service: Text.trim()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'Only reviews that mention this service: its id (e.g. "ac-repair"), name or a synonym from get_business (case, accents and punctuation ignored). An unknown service is an error that lists the known ones',
    ),
  service_area: Text.trim()
    .min(1)
    .max(200)
    .optional()
    .describe('Only reviews of jobs in this service area, by name (case and accents ignored). An unknown area is an error that lists the known ones'),
  source: Text.trim()
    .min(1)
    .max(64)
    .optional()
    .describe(
      'Only reviews collected from this source, e.g. "google" (case-insensitive). A source with no published reviews is an error that lists the known ones',
    ),
  has_text: z.boolean().optional().describe('true: only reviews with written text; false: only rating-only reviews'),
  limit: z.int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT).describe(`How many reviews to return, 1-${MAX_LIMIT} (default ${DEFAULT_LIMIT})`),
  offset: z.int().min(0).max(10_000_000).default(0).describe('How many matching reviews to skip, for paging (default 0)'),
  sort: z.enum(SORTS).default('newest').describe('newest (default), oldest, highest or lowest rating; ties go newest first'),
};

export const SearchParamsSchema = z.strictObject(SearchParamsShape).refine((p) => p.since === undefined || p.until === undefined || p.since <= p.until, {
  message: 'since must not be after until',
  path: ['since'],
});

export type SearchParams = z.output<typeof SearchParamsSchema>;

const NUMERIC = new Set(['rating', 'min_rating', 'limit', 'offset']);
const NUMBER_RE = /^-?\d+(\.\d+)?$/;
const BOOLEAN = new Set(['has_text']);
const BOOLEAN_VALUES: Record<string, boolean> = { true: true, false: false };

/**
 * Query-string values are strings: numbers are converted only when they look like numbers,
 * so `rating=abc` reaches zod as a string and is reported, never silently dropped. A
 * parameter given twice is an error rather than a guess.
 */
export function parseSearchQuery(query: URLSearchParams): z.ZodSafeParseResult<SearchParams> {
  const raw: Record<string, unknown> = {};
  const repeated: z.core.$ZodIssue[] = [];
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    if (values.length > 1) {
      repeated.push({ code: 'custom', path: [key], message: `is given ${values.length} times; give it once`, input: values });
    }
    const value = values[0] as string;
    raw[key] =
      NUMERIC.has(key) && NUMBER_RE.test(value) ? Number(value) : BOOLEAN.has(key) && Object.hasOwn(BOOLEAN_VALUES, value) ? BOOLEAN_VALUES[value] : value;
  }
  const result = SearchParamsSchema.safeParse(raw);
  if (repeated.length === 0) return result;
  return { success: false, error: new z.ZodError([...repeated, ...(result.success ? [] : result.error.issues)]) } as z.ZodSafeParseResult<SearchParams>;
}
