import type { ContentProblem } from '../content/dataset.ts';

/** One review as a source gives it, before ids, entity linking and validation. */
export interface Incoming {
  /** Where it came from, for messages: file and record */
  file: string;
  record: string;
  source: string;
  /** The source's own id; undefined when the source has none (a CSV without an id column) */
  sourceId?: string;
  /** Our id, when the source gives one (the CSV id column) */
  id?: string;
  date: string;
  rating: number;
  title?: string;
  text: string;
  translation?: { language: string; text: string; by?: string };
  author: string;
  /** The source's word, when it has one (a CSV's `verified` column): true is the owner's */
  verified?: boolean;
  /** The platform's own verification (Trustpilot's), when the source carries it */
  evidence?: { kind: 'platform'; platform: string };
  technicians?: string[];
  services?: string[];
  service_area?: string;
  response?: { date: string; text: string };
}

/** A record the source holds that is not a review we can publish, and why. */
export interface Skipped {
  file: string;
  record: string;
  reason: SkipReason;
}

export const SKIP_REASONS = {
  no_star_rating: 'no star rating (Google: STAR_RATING_UNSPECIFIED)',
} as const;

export type SkipReason = keyof typeof SKIP_REASONS;

export interface SourceResult {
  reviews: Incoming[];
  skipped: Skipped[];
  /** Things the owner should know that do not stop the import */
  notes: string[];
}

/** A JSON object (not an array, not null): what every record and field of an export must be before it is read. */
export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Collects problems so one run reports all of them, not just the first. */
export class Problems {
  readonly list: ContentProblem[] = [];
  add(file: string, record: string | undefined, field: string | undefined, message: string): void {
    this.list.push({ file, ...(record ? { record } : {}), ...(field ? { field } : {}), message });
  }
}
