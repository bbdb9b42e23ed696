// Shared by the CSV sources: header matching and the per-row readers.
import { isCalendarDate } from '../schemas/dates.ts';
import { dayInZone, parseInstant } from '../schemas/time-zone.ts';
import type { CsvTable } from './csv.ts';
import { type Incoming, Problems } from './incoming.ts';

export type Field =
  | 'id'
  | 'date'
  | 'rating'
  | 'title'
  | 'text'
  | 'author'
  | 'verified'
  | 'platform_verification'
  | 'source'
  | 'technicians'
  | 'services'
  | 'service_area'
  | 'response_date'
  | 'response_text';

export interface ColumnRules {
  /** Header names (normalised: lower case, letters and digits only) for each field */
  aliases: Partial<Record<Field, readonly string[]>>;
  required: readonly Field[];
  /** Columns a known export has that we do not use */
  ignored?: readonly string[];
  /** How dates without a zone are read: calendar days in the business zone, or UTC instants */
  naiveTimes: 'local' | 'utc';
  /** The id column holds our review id (our CSV) rather than the platform's (Trustpilot) */
  idIsOurs: boolean;
  /** The platform whose own verification the `platform_verification` column carries */
  platform?: string;
}

/** A platform's verification level, normalised: which say the platform verified the reviewer, which say it did not. */
const PLATFORM_VERIFIED = new Set(['verified', 'invited', 'true', 'yes', '1']);
const PLATFORM_NOT_VERIFIED = new Set(['notverified', 'unverified', 'organic', 'false', 'no', '0']);

/** The platform's word on one review: true, false, or undefined when the value is not one it documents. */
export function platformVerified(raw: string): boolean | undefined {
  const v = raw.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (PLATFORM_VERIFIED.has(v)) return true;
  if (v === '' || PLATFORM_NOT_VERIFIED.has(v)) return false;
  return undefined;
}

export const normaliseHeader = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Maps each field to its column index; unknown and missing columns are problems. */
export function matchColumns(table: CsvTable, rules: ColumnRules, file: string, problems: Problems): Partial<Record<Field, number>> {
  const byName = new Map<string, Field>();
  for (const [field, names] of Object.entries(rules.aliases) as [Field, readonly string[]][]) for (const n of names) byName.set(n, field);
  const ignored = new Set(rules.ignored ?? []);
  const at: Partial<Record<Field, number>> = {};
  table.header.forEach((raw, i) => {
    const key = normaliseHeader(raw);
    const field = byName.get(key);
    if (field === undefined) {
      if (!ignored.has(key)) problems.add(file, 'row 1 (header)', raw, `unknown column "${raw}" (this source reads: ${Object.keys(rules.aliases).join(', ')})`);
      return;
    }
    if (at[field] !== undefined) problems.add(file, 'row 1 (header)', raw, `column for "${field}" appears twice`);
    at[field] = i;
  });
  for (const field of rules.required) if (at[field] === undefined) problems.add(file, 'row 1 (header)', field, 'required column is missing');
  return at;
}

/** A day from a calendar date or an instant; undefined when it is neither. */
export function readDay(raw: string, timeZone: string | undefined, naive: 'local' | 'utc'): string | { error: string } {
  const v = raw.trim();
  if (isCalendarDate(v)) return v;
  const zoned = /([Zz]|[+-]\d{2}:?\d{2})$/.test(v);
  if (!zoned && naive === 'local') {
    const m = /^(\d{4}-\d{2}-\d{2})[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.exec(v);
    if (m && isCalendarDate(m[1] as string)) return m[1] as string;
  }
  const ms = parseInstant(zoned ? v : `${v}Z`);
  if (ms === undefined) return { error: `must be a date YYYY-MM-DD or an ISO 8601 time, got "${v}"` };
  if (!timeZone) return { error: `"${v}" is a point in time: give the business's time zone (--tz or time_zone in business.json) to turn it into a day` };
  return dayInZone(ms, timeZone);
}

const list = (raw: string) =>
  raw
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

export interface RowOptions {
  file: string;
  source?: string;
  timeZone?: string;
}

/** One Incoming per row; problems name file, row and column. */
export function readRows(table: CsvTable, rules: ColumnRules, options: RowOptions): { reviews: Incoming[]; problems: Problems } {
  const problems = new Problems();
  const { file } = options;
  const at = matchColumns(table, rules, file, problems);
  if (at.source === undefined && !options.source)
    problems.add(file, 'row 1 (header)', 'source', 'there is no "source" column: name the platform with --source <name>');
  if (problems.list.length) return { reviews: [], problems };
  const reviews: Incoming[] = [];
  for (const row of table.rows) {
    const record = `row ${row.row}`;
    const cell = (f: Field) => (at[f] === undefined ? undefined : (row.cells[at[f] as number] as string));
    const bad = (f: Field, message: string) => problems.add(file, record, table.header[at[f] as number] ?? f, message);
    const before = problems.list.length;

    const day = readDay(cell('date') ?? '', options.timeZone, rules.naiveTimes);
    if (typeof day !== 'string') bad('date', day.error);
    const ratingRaw = (cell('rating') ?? '').trim();
    const rating = /^[1-5](\.0+)?$/.test(ratingRaw) ? Number(ratingRaw) : undefined;
    if (rating === undefined) bad('rating', `must be a whole number of stars from 1 to 5, got "${ratingRaw}"`);
    const author = (cell('author') ?? '').trim();
    const source = (cell('source') ?? '').trim() || options.source || '';
    if (!source) bad('source', 'is empty and no --source was given');

    let verified: boolean | undefined;
    const vRaw = (cell('verified') ?? '').trim().toLowerCase();
    if (vRaw) {
      if (['true', 'yes', 'y', '1'].includes(vRaw)) verified = true;
      else if (['false', 'no', 'n', '0'].includes(vRaw)) verified = false;
      else bad('verified', `must be true or false, got "${vRaw}"`);
    }

    const levelRaw = (cell('platform_verification') ?? '').trim();
    const level = platformVerified(levelRaw);
    if (level === undefined)
      bad('platform_verification', `must be the platform's verification level ("verified", "invited" or "not-verified"), got "${levelRaw}"`);

    const responseText = (cell('response_text') ?? '').trim();
    const responseRaw = (cell('response_date') ?? '').trim();
    let response: Incoming['response'];
    if (responseText) {
      const rDay = readDay(responseRaw, options.timeZone, rules.naiveTimes);
      if (typeof rDay !== 'string')
        bad(at.response_date === undefined ? 'response_text' : 'response_date', responseRaw ? rDay.error : 'a reply needs its date');
      else response = { date: typeof day === 'string' && rDay < day && rules.naiveTimes === 'utc' ? day : rDay, text: responseText };
    } else if (responseRaw) bad('response_date', 'has a date but the reply text is empty');

    if (problems.list.length > before) continue;
    const review: Incoming = { file, record, source, date: day as string, rating: rating as number, text: (cell('text') ?? '').trim(), author };
    const id = cell('id')?.trim();
    if (id) {
      if (rules.idIsOurs) review.id = id;
      else review.sourceId = id;
    }
    const title = cell('title')?.trim();
    if (title) review.title = title;
    if (verified !== undefined) review.verified = verified;
    if (level && rules.platform) review.evidence = { kind: 'platform', platform: rules.platform };
    // An empty cell gives nothing: the text is linked instead.
    const technicians = list(cell('technicians') ?? '');
    if (technicians.length) review.technicians = technicians;
    const services = list(cell('services') ?? '');
    if (services.length) review.services = services;
    const area = cell('service_area')?.trim();
    if (area) review.service_area = area;
    if (response) review.response = response;
    reviews.push(review);
  }
  return { reviews, problems };
}
