import type { z } from 'zod';
import { type Business, BusinessSchema } from '../schemas/business.ts';
import { type Editorial, EditorialSchema } from '../schemas/editorial.ts';
import { ImportsSchema, type ReviewCounts } from '../schemas/imports.ts';
import { withLegacyEvidence } from '../schemas/evidence.ts';
import { type Review, ReviewSchema, reviewDateRange, reviewSchemaWithin } from '../schemas/review.ts';
import { IMPORTS_FILE_NAME } from './file-names.ts';
import { newestFirst } from './order.ts';
import { type PublishPolicy, publishedReviews } from './published.ts';

/** The validated content of one business: everything the build publishes. */
export interface Dataset {
  business: Business;
  /** The published reviews (PUBLISH_REVIEWS), newest first (date descending, then id descending). */
  reviews: Review[];
  editorial: Editorial;
  /** PUBLISH_REVIEWS: every review, or only those with evidence; absent is 'all' */
  publish?: PublishPolicy;
  /** Reviews in the content folder that are not published, by reason: with PUBLISH_REVIEWS=verified, those without evidence. */
  left_out?: { unverified: number };
  /** Present when imports.json exists (the content came in through `npm run import`) */
  counts?: ReviewCounts;
}

export interface ContentFiles {
  business: string;
  reviews: string;
  /** editorial.json, optional: without it the summary is the business's name and description (defaultEditorial) */
  editorial?: string;
  /** imports.json, optional */
  imports?: string;
}

export { IMPORTS_FILE_NAME };

export const CONTENT_FILE_NAMES: Required<Omit<ContentFiles, 'imports'>> = {
  business: 'business.json',
  reviews: 'reviews.json',
  editorial: 'editorial.json',
};

export interface ContentProblem {
  file: string;
  record?: string;
  field?: string;
  message: string;
}

const MAX_REPORTED = 50;

export class ContentError extends Error {
  readonly problems: ContentProblem[];
  constructor(problems: ContentProblem[]) {
    super(problemsMessage('Invalid content', problems));
    this.name = 'ContentError';
    this.problems = problems;
  }
}

/** Problems under a heading: "WORDS (N problems):", then a line each for the first `max` of them. */
export function problemsMessage(words: string, problems: readonly ContentProblem[], max = MAX_REPORTED): string {
  const lines = problems.slice(0, max).map(formatProblem);
  if (problems.length > max) lines.push(`… and ${problems.length - max} more`);
  return `${words} (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${lines.join('\n')}`;
}

export function formatProblem(p: ContentProblem): string {
  return `${[p.file, p.record, p.field && `field "${p.field}"`].filter(Boolean).join(': ')}: ${p.message}`;
}

function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((acc, key) => {
    if (typeof key === 'number') return `${acc}[${key}]`;
    return acc ? `${acc}.${String(key)}` : String(key);
  }, '');
}

function parseJson(file: string, text: string, problems: ContentProblem[]): unknown {
  try {
    return JSON.parse(text);
  } catch (err) {
    problems.push({ file, message: `is not valid JSON (${(err as Error).message})` });
    return undefined;
  }
}

function zodProblems(
  file: string,
  error: z.ZodError,
  record?: (path: readonly PropertyKey[]) => [string | undefined, readonly PropertyKey[]],
): ContentProblem[] {
  return error.issues.map((issue) => {
    const [rec, rest] = record ? record(issue.path) : [undefined, issue.path];
    return { file, ...(rec ? { record: rec } : {}), ...(rest.length ? { field: fieldPath(rest) } : {}), message: issue.message };
  });
}

function reviewLabel(raw: unknown, index: number): string {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id ? `review "${id}" (index ${index})` : `review at index ${index}`;
}

const strings = (x: unknown): string[] => (Array.isArray(x) ? x : []).map((v) => (typeof v === 'string' ? v : undefined)).filter((v) => v !== undefined);

/**
 * Ids and the names of services, technicians and areas, checked on every record, even one
 * that failed its schema for another field: one build reports every problem at once.
 */
function checkReferences(business: Business, raws: readonly unknown[], file: string): ContentProblem[] {
  const problems: ContentProblem[] = [];
  const serviceIds = new Set(business.services.map((s) => s.id));
  const technicians = new Set(business.technicians.map((t) => t.name));
  const areas = new Set(business.service_areas);
  const seenIds = new Map<string, number>();
  raws.forEach((raw, i) => {
    if (raw === null || typeof raw !== 'object') return;
    const r = raw as Record<string, unknown>;
    const record = reviewLabel(r, i);
    if (typeof r.id === 'string') {
      const first = seenIds.get(r.id);
      if (first !== undefined) problems.push({ file, record, field: 'id', message: `duplicate id (first used at index ${first})` });
      else seenIds.set(r.id, i);
    }
    strings(r.services).forEach((s, j) => {
      if (!serviceIds.has(s)) problems.push({ file, record, field: `services[${j}]`, message: `unknown service id "${s}" (not in business.json services)` });
    });
    strings(r.technicians).forEach((t, j) => {
      if (!technicians.has(t)) problems.push({ file, record, field: `technicians[${j}]`, message: `technician "${t}" is not in business.json technicians` });
    });
    if (typeof r.service_area === 'string' && !areas.has(r.service_area)) {
      problems.push({ file, record, field: 'service_area', message: `service area "${r.service_area}" is not in business.json service_areas` });
    }
  });
  return problems;
}

/** The summary of a business that has not written editorial.json: its name and description; no FAQ. */
export function defaultEditorial(business: Business): Editorial {
  return { summary: { headline: business.name, text: business.description ?? business.name }, faq: [] };
}

/**
 * Validates the three content files and returns the dataset, or throws a ContentError
 * naming file, record and field for every problem found. `now` dates "tomorrow", the latest
 * day a review may carry; `publish` is PUBLISH_REVIEWS.
 */
export function parseContent(files: ContentFiles, names: ContentFiles = CONTENT_FILE_NAMES, now = Date.now(), publish: PublishPolicy = 'all'): Dataset {
  const problems: ContentProblem[] = [];

  const businessRaw = parseJson(names.business, files.business, problems);
  const business = businessRaw === undefined ? undefined : BusinessSchema.safeParse(businessRaw);
  if (business && !business.success) problems.push(...zodProblems(names.business, business.error));

  const editorialName = names.editorial ?? CONTENT_FILE_NAMES.editorial;
  const editorialRaw = files.editorial === undefined ? undefined : parseJson(editorialName, files.editorial, problems);
  const editorial = editorialRaw === undefined ? undefined : EditorialSchema.safeParse(editorialRaw);
  if (editorial && !editorial.success) problems.push(...zodProblems(editorialName, editorial.error));

  const schema = business?.success ? reviewSchemaWithin(reviewDateRange(business.data, now)) : ReviewSchema;
  const reviewsRaw = parseJson(names.reviews, files.reviews, problems);
  const reviews: Review[] = [];
  const rawReviews: unknown[] = Array.isArray(reviewsRaw) ? reviewsRaw : [];
  if (reviewsRaw !== undefined && !Array.isArray(reviewsRaw)) {
    problems.push({ file: names.reviews, message: 'must be a JSON array of reviews' });
  } else if (Array.isArray(reviewsRaw)) {
    reviewsRaw.forEach((raw, i) => {
      const parsed = schema.safeParse(withLegacyEvidence(raw));
      if (parsed.success) reviews.push(parsed.data);
      else problems.push(...zodProblems(names.reviews, parsed.error, (path) => [reviewLabel(raw, i), path]));
    });
  }

  let counts: ReviewCounts | undefined;
  if (files.imports !== undefined) {
    const importsName = names.imports ?? IMPORTS_FILE_NAME;
    const raw = parseJson(importsName, files.imports, problems);
    const imports = raw === undefined ? undefined : ImportsSchema.safeParse(raw);
    if (imports && !imports.success) problems.push(...zodProblems(importsName, imports.error));
    if (imports?.success) {
      const published = publishedReviews(reviews, publish).length;
      counts = { in_content: reviews.length, published, left_out: { unverified: reviews.length - published }, imports: imports.data };
    }
  }

  if (business?.success) problems.push(...checkReferences(business.data, rawReviews, names.reviews));
  let editorialData: Editorial | undefined;
  if (files.editorial === undefined) editorialData = business?.success ? defaultEditorial(business.data) : undefined;
  else if (editorial?.success) editorialData = editorial.data;
  if (problems.length > 0 || !business?.success || editorialData === undefined) throw new ContentError(problems);

  const published = publishedReviews(reviews, publish).sort(newestFirst);
  return {
    business: business.data,
    reviews: published,
    editorial: editorialData,
    publish,
    left_out: { unverified: reviews.length - published.length },
    ...(counts ? { counts } : {}),
  };
}
