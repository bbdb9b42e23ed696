import type { Business } from '../schemas/business.ts';
import type { Review } from '../schemas/review.ts';
import { fold } from './fold.ts';

/**
 * The closed sets a search can filter on, with every name people and agents use for their
 * members: a service by id, name or synonym; a technician by full name, or by a first name
 * or surname that only one technician has; an area by name; a source as stored. A value
 * that names nothing, or several things, is an error that lists the candidates: a filter
 * on a closed set never answers "0 reviews" because of a spelling.
 */
export interface NameBook {
  services: Names;
  technicians: Names;
  areas: Names;
  sources: Names;
}

export type NameFilter = 'mentions_service' | 'mentions_technician' | 'service_area' | 'source';

export interface NameIssue {
  code: 'custom';
  path: [NameFilter];
  message: string;
}

interface Names {
  /** Canonical values, in business.json order, with how each is shown in messages. */
  all: { value: string; label: string }[];
  /** Folded key → canonical values it could mean. */
  keys: Map<string, string[]>;
  /** Keys that name one member only when no member has them as a full key (first names, surnames). */
  partial: Map<string, string[]>;
}

/** Case, accents, and any run of spaces or punctuation ("drain-cleaning", "Drain Cleaning") compare equal. */
export function nameKey(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

function names(): Names {
  return { all: [], keys: new Map(), partial: new Map() };
}

function add(map: Map<string, string[]>, key: string, value: string): void {
  if (key === '') return;
  const list = map.get(key);
  if (!list) map.set(key, [value]);
  else if (!list.includes(value)) list.push(value);
}

/** Members named only by themselves (areas, sources). */
function plainNames(values: readonly string[]): Names {
  const n = names();
  for (const v of values) {
    n.all.push({ value: v, label: v });
    add(n.keys, nameKey(v), v);
  }
  return n;
}

/** The sources the reviews come from, as spelled in the data, sorted: the names `source` accepts. */
export function reviewSources(reviews: readonly Pick<Review, 'source'>[]): string[] {
  return [...new Set(reviews.map((r) => r.source))].sort();
}

export function nameBook(business: Business, sources: readonly string[]): NameBook {
  const services = names();
  for (const s of business.services) {
    services.all.push({ value: s.id, label: `${s.id} (${s.name})` });
    for (const n of [s.id, s.name, ...s.synonyms]) add(services.keys, nameKey(n), s.id);
  }
  const technicians = names();
  for (const t of business.technicians) {
    technicians.all.push({ value: t.name, label: t.name });
    const key = nameKey(t.name);
    add(technicians.keys, key, t.name);
    const words = key.split(' ');
    if (words.length > 1) for (const w of words) add(technicians.partial, w, t.name);
  }
  return { services, technicians, areas: plainNames(business.service_areas), sources: plainNames(sources) };
}

const WHAT: Record<NameFilter, { set: keyof NameBook; noun: string; plural: string }> = {
  mentions_service: { set: 'services', noun: 'service', plural: 'services' },
  mentions_technician: { set: 'technicians', noun: 'technician', plural: 'technicians' },
  service_area: { set: 'areas', noun: 'service area', plural: 'service areas' },
  source: { set: 'sources', noun: 'source', plural: 'sources' },
};

const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/** The canonical value `input` names, or the issue that says why it names none or several. */
export function resolveName(book: NameBook, filter: NameFilter, input: string): { value: string } | { issue: NameIssue } {
  const { set, noun, plural } = WHAT[filter];
  const n = book[set];
  // a value as the business writes it wins, then the same ignoring case, before accents and punctuation are ignored
  // ("Cañon City" and "Canon City" may both be areas)
  const exact = n.all.filter((x) => x.value === input.trim());
  const cased = exact.length ? exact : n.all.filter((x) => x.value.toLowerCase() === input.trim().toLowerCase());
  if (cased.length === 1) return { value: (cased[0] as { value: string }).value };
  const key = nameKey(input);
  const hits = n.keys.get(key) ?? (key.includes(' ') ? undefined : n.partial.get(key)) ?? [];
  if (hits.length === 1) return { value: hits[0] as string };
  const issue = (message: string): { issue: NameIssue } => ({ issue: { code: 'custom', path: [filter], message } });
  if (hits.length > 1) return issue(`"${input}" fits several ${plural}: ${quoted(hits)}; give one of them`);
  if (n.all.length === 0) return issue(`"${input}" is not a ${noun} of this business, which lists none`);
  return issue(`"${input}" is not a ${noun} of this business; known ${plural}: ${quoted(n.all.map((x) => x.label))}`);
}

const FILTERS = Object.keys(WHAT) as NameFilter[];

/**
 * Replaces each name filter in `params` by the canonical value it names (the service id,
 * the technician's full name, the area and source as stored), or returns every issue.
 */
export function resolveNames<P extends { [K in NameFilter]?: string | undefined }>(
  book: NameBook,
  params: P,
): { ok: true; params: P } | { ok: false; issues: NameIssue[] } {
  const out = { ...params };
  const issues: NameIssue[] = [];
  for (const filter of FILTERS) {
    const input = params[filter];
    if (input === undefined) continue;
    const r = resolveName(book, filter, input);
    if ('issue' in r) issues.push(r.issue);
    else out[filter] = r.value as P[NameFilter];
  }
  return issues.length ? { ok: false, issues } : { ok: true, params: out };
}
