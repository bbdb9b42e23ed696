import { z } from 'zod';
import { CalendarDate, Text } from '../schemas/primitives.ts';
import { hasSearchableText } from './fold.ts';

export const SORTS = ['newest', 'oldest', 'highest', 'lowest'] as const;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** A page size; MCP tools default to a smaller page than HTTP, to fit an agent's context. */
export function limitParam(defaultLimit: number) {
  return z.int().min(1).max(MAX_LIMIT).default(defaultLimit).describe('Page size');
}

/** The parameters of GET /api/reviews/search and of the MCP tool search_reviews. */
export const SearchParamsShape = {
  rating: z.int().min(1).max(5).optional().describe('Exact star rating'),
  min_rating: z.number().min(1).max(5).optional().describe('Minimum star rating, inclusive'),
  since: CalendarDate.optional().describe('Reviews written on or after this day'),
  until: CalendarDate.optional().describe('Reviews written on or before this day'),
  query: Text.max(200)
    .refine(hasSearchableText, { message: 'must contain a letter, digit or symbol to search for: spaces, lone accents and invisible characters are ignored' })
    .optional()
    .describe('Text in the review title or text; case and accents ignored (cafe finds Café)'),
  mentions_technician: Text.trim().min(1).max(200).optional().describe('A technician: full name, or a first name or surname only one technician has'),
  mentions_service: Text.trim().min(1).max(64).optional().describe('A service: id (e.g. "ac-repair"), name or synonym'),
  service_area: Text.trim().min(1).max(200).optional().describe('A service area, by name'),
  source: Text.trim().min(1).max(64).optional().describe('Where the review was collected, e.g. "google"'),
  has_text: z.boolean().optional().describe('true: only reviews with text; false: only rating-only ones'),
  verified: z.boolean().optional().describe('true: only reviews with evidence (see evidence); false: only those without'),
  limit: limitParam(DEFAULT_LIMIT),
  offset: z.int().min(0).max(10_000_000).default(0).describe('Matching reviews to skip, for paging'),
  sort: z.enum(SORTS).default('newest').describe('Order; ties go newest first'),
};

/** The search parameters with other fields beside them (the MCP tool's page size and field choice). */
export function searchParamsWith<S extends z.core.$ZodLooseShape>(extra: S) {
  return z
    .strictObject({ ...SearchParamsShape, ...extra })
    .refine((p: Record<string, unknown>) => typeof p.since !== 'string' || typeof p.until !== 'string' || p.since <= p.until, {
      message: 'since must not be after until',
      path: ['since'],
    });
}

export const SearchParamsSchema = searchParamsWith({});

export type SearchParams = z.output<typeof SearchParamsSchema>;

const NUMERIC = new Set(['rating', 'min_rating', 'limit', 'offset']);
const NUMBER_RE = /^-?\d+(\.\d+)?$/;
const BOOLEAN = new Set(['has_text', 'verified']);
const BOOLEAN_VALUES: Record<string, boolean> = { true: true, false: false };

/** More parameters than this are refused before any is read: there are 14 to give. */
export const MAX_QUERY_PARAMS = 32;
/** How many unknown parameters a 400 names (the rest are counted). */
const NAMED_UNKNOWN_KEYS = 5;
const KNOWN_KEYS = new Set(Object.keys(SearchParamsShape));

/** Names a few keys of a hostile list, each cut short, and counts the rest. */
function someKeys(keys: string[]): string {
  const named = keys.slice(0, NAMED_UNKNOWN_KEYS).map((k) => JSON.stringify(k.length > 40 ? `${k.slice(0, 40)}…` : k));
  return keys.length > NAMED_UNKNOWN_KEYS ? `${named.join(', ')} and ${keys.length - NAMED_UNKNOWN_KEYS} more` : named.join(', ');
}

const invalid = (issues: z.core.$ZodIssue[]) => ({ success: false, error: new z.ZodError(issues) }) as z.ZodSafeParseResult<SearchParams>;

/**
 * Query-string values are strings: numbers are converted only when they look like numbers,
 * so `rating=abc` reaches zod as a string and is reported, never silently dropped. A
 * parameter given twice is an error rather than a guess. One pass over the parameters, and a
 * bounded one: a hostile query string (thousands of keys) costs no more than its length.
 */
export function parseSearchQuery(query: URLSearchParams): z.ZodSafeParseResult<SearchParams> {
  if (query.size > MAX_QUERY_PARAMS) {
    return invalid([{ code: 'custom', path: [], message: `has ${query.size} parameters; at most ${MAX_QUERY_PARAMS} are read`, input: undefined }]);
  }
  const values = new Map<string, string[]>();
  const unknown: string[] = [];
  for (const [key, value] of query) {
    const seen = values.get(key);
    if (seen !== undefined) seen.push(value);
    else {
      values.set(key, [value]);
      if (!KNOWN_KEYS.has(key)) unknown.push(key);
    }
  }
  const raw: Record<string, unknown> = {};
  const issues: z.core.$ZodIssue[] = [];
  if (unknown.length > 0) {
    issues.push({
      code: 'unrecognized_keys',
      keys: unknown.slice(0, NAMED_UNKNOWN_KEYS),
      path: [],
      message: `Unrecognized keys: ${someKeys(unknown)}`,
      input: {},
    });
  }
  for (const [key, all] of values) {
    if (all.length > 1) issues.push({ code: 'custom', path: [key], message: `is given ${all.length} times; give it once`, input: all });
    if (!KNOWN_KEYS.has(key)) continue;
    const value = all[0] as string;
    raw[key] =
      NUMERIC.has(key) && NUMBER_RE.test(value) ? Number(value) : BOOLEAN.has(key) && Object.hasOwn(BOOLEAN_VALUES, value) ? BOOLEAN_VALUES[value] : value;
  }
  const result = SearchParamsSchema.safeParse(raw);
  if (issues.length === 0) return result;
  return invalid([...issues, ...(result.success ? [] : result.error.issues)]);
}
