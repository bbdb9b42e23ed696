// Merging an export into reviews.json: ids, entity linking, validation, and what changed.
import { ContentError } from '../content/dataset.ts';
import { type EvidenceCounts, evidenceCounts } from '../content/published.ts';
import { allText } from '../content/review-text.ts';
import { createEntityLinker } from '../insights/entities.ts';
import type { Business } from '../schemas/business.ts';
import type { Evidence } from '../schemas/evidence.ts';
import { type Review, type ReviewDateRange, reviewDateRange, reviewSchemaWithin } from '../schemas/review.ts';
import { deriveId, sourcePrefix } from './ids.ts';
import { type Incoming, Problems, type Skipped, type SkipReason } from './incoming.ts';

export interface MergeOptions {
  /**
   * The owner's word on the source's reviewers: 'all' marks them verified by the owner, 'none' takes that back.
   * Unset: a new review is verified only with evidence from its source; one already in reviews.json keeps its evidence.
   */
  verified?: 'all' | 'none';
  prune: boolean;
  /** Sources whose incoming reviews are not all they hold (an incremental sync): none of their reviews counts as gone */
  partial?: readonly string[];
  /** The days a review may carry; default: the business's range today */
  dates?: ReviewDateRange;
}

export interface ImportReport {
  /** Reviews the export holds that can be published (after skips and duplicates) */
  read: number;
  /** The same, per source name */
  bySource: Record<string, number>;
  added: string[];
  updated: { id: string; fields: string[] }[];
  unchanged: number;
  skipped: Partial<Record<SkipReason, number>>;
  /** Ids of reviews of this source in reviews.json that the export no longer has */
  gone: string[];
  pruned: boolean;
  /** Review id → names that fit several technicians (or several areas), left unlinked */
  ambiguous: { id: string; names: string[] }[];
  notes: string[];
  /** In reviews.json after the import */
  total: number;
  /** The same, by the kind of evidence that the reviewer is a customer */
  evidence: EvidenceCounts;
}

export interface MergeResult {
  reviews: unknown[];
  /** The same reviews, validated (index for index), so a second merge can follow without reading them again */
  parsed: Review[];
  report: ImportReport;
  changed: boolean;
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? String(k) : `.${String(k)}`)).join('');
}

/** Source values may name a service by id or name, a technician or area in any case. */
function resolver(business: Business) {
  const lookup = (pairs: [string, string][]) => {
    const m = new Map(pairs.map(([k, v]) => [k.toLowerCase(), v]));
    return (v: string) => m.get(v.toLowerCase());
  };
  return {
    technician: lookup(business.technicians.map((t) => [t.name, t.name])),
    service: lookup(business.services.flatMap((s) => [[s.id, s.id], [s.name, s.id], ...s.synonyms.map((y): [string, string] => [y, s.id])])),
    area: lookup(business.service_areas.map((a) => [a, a])),
  };
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const union = (a: string[], b: readonly string[] | undefined): string[] => (b ? [...a, ...b.filter((x) => !a.includes(x))] : a);

/**
 * A review's evidence after an import. A job match (written by the matching, confirmed or rejected by the owner)
 * is the business's own record and stays. Otherwise the owner's word wins: a CSV's `verified` column, then
 * --verified (`none` takes back even a platform's); then the platform's own (Trustpilot's); then the owner's mark
 * that reviews.json held. A source that says nothing makes nobody verified.
 */
function evidenceFor(r: Incoming, old: Review | undefined, owner: MergeOptions['verified']): Evidence | undefined {
  if (old?.evidence?.kind === 'job') return old.evidence;
  if (r.verified === false || owner === 'none') return undefined;
  if (r.verified === true || owner === 'all') return r.evidence ?? { kind: 'owner' };
  // A platform's word is only as current as the source's last say.
  return r.evidence ?? (old?.evidence?.kind === 'platform' ? undefined : old?.evidence);
}

export interface Existing {
  /** reviews.json as read */
  raw: readonly unknown[];
  /** The same, validated (index for index) */
  parsed: readonly Review[];
}

export function mergeImport(
  business: Business,
  existing: Existing,
  incoming: readonly Incoming[],
  skipped: readonly Skipped[],
  notes: readonly string[],
  options: MergeOptions,
): MergeResult {
  const problems = new Problems();
  const schema = reviewSchemaWithin(options.dates ?? reviewDateRange(business, Date.now()));
  const link = createEntityLinker(business);
  const names = resolver(business);

  // Existing reviews by id, parsed so they compare field by field with what comes in.
  const current = new Map<string, { index: number; parsed: Review }>();
  for (const [index, parsed] of existing.parsed.entries()) current.set(parsed.id, { index, parsed });

  const built = new Map<string, { review: Review; from: Incoming }>();
  const ambiguous: ImportReport['ambiguous'] = [];
  let duplicateRows = 0;
  for (const r of incoming) {
    const id = deriveId(r);
    const before = built.get(id);
    if (before) {
      if (r.id) problems.add(r.file, r.record, 'id', `duplicate id "${id}" (also ${before.from.record})`);
      else duplicateRows += 1;
      continue;
    }
    const bad = (field: string, message: string) => problems.add(r.file, r.record, field, message);
    const old = current.get(id)?.parsed;
    // A second pass lets a full name settle a shared first name elsewhere in the text ("Mike … Mike Reyes").
    const words = allText(r);
    const first = link(words, {});
    const linked = first.ambiguous.length && first.technicians.length ? link(words, { technicians: first.technicians }) : first;
    const fromSource = (values: string[] | undefined, lookup: (v: string) => string | undefined, field: string): string[] | undefined => {
      if (values === undefined) return undefined;
      const out: string[] = [];
      values.forEach((v, i) => {
        const hit = lookup(v);
        if (hit === undefined) bad(`${field}[${i}]`, `"${v}" is not in business.json ${field}`);
        else if (!out.includes(hit)) out.push(hit);
      });
      return out;
    };
    const technicians =
      fromSource(r.technicians, names.technician, 'technicians') ?? (linked.technicians.length || !old ? linked.technicians : old.technicians);
    const services = fromSource(r.services, names.service, 'services') ?? (linked.services.length || !old ? linked.services : old.services);
    let area: string | undefined;
    if (r.service_area !== undefined) {
      area = names.area(r.service_area);
      if (area === undefined) bad('service_area', `"${r.service_area}" is not in business.json service_areas`);
    } else if (linked.service_areas.length === 1) area = linked.service_areas[0];
    else if (linked.service_areas.length === 0) area = old?.service_area;
    // A technician kept from reviews.json (filled in by hand) settles an ambiguous name.
    const settled = r.technicians !== undefined || (linked.technicians.length === 0 && (old?.technicians.length ?? 0) > 0);
    const unsure = [
      ...(settled ? [] : linked.ambiguous),
      ...(r.service_area === undefined && linked.service_areas.length > 1 ? [linked.service_areas.join(' / ')] : []),
    ];
    if (unsure.length) ambiguous.push({ id, names: unsure });

    const evidence = evidenceFor(r, old, options.verified);
    const credited = evidence?.kind === 'job' ? old?.credited : undefined;
    // Keys in schema order, so a file written here reads like one written by hand.
    const candidate = {
      id,
      date: r.date,
      rating: r.rating,
      ...(r.title ? { title: r.title } : {}),
      text: r.text,
      ...(r.translation ? { translation: r.translation } : {}),
      author: { name: r.author },
      verified: evidence !== undefined,
      ...(evidence ? { evidence } : {}),
      source: r.source,
      technicians: union(technicians, credited?.technicians),
      services: union(services, credited?.services),
      ...(credited ? { credited } : {}),
      ...(area ? { service_area: area } : {}),
      ...(r.response ? { response: r.response } : {}),
    };
    // What is already in reviews.json was validated when it was read.
    if (old && same(old, candidate)) {
      built.set(id, { review: old, from: r });
      continue;
    }
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) bad(fieldName(issue.path), issue.message);
      continue;
    }
    built.set(id, { review: parsed.data, from: r });
  }
  if (problems.list.length) throw new ContentError(problems.list);

  const out: unknown[] = [...existing.raw];
  const outParsed: Review[] = [...existing.parsed];
  const added: Review[] = [];
  const updated: ImportReport['updated'] = [];
  let unchanged = 0;
  for (const [id, { review }] of built) {
    const old = current.get(id);
    if (!old) {
      added.push(review);
      continue;
    }
    if (same(old.parsed, review)) {
      unchanged += 1;
      continue;
    }
    const keys = new Set([...Object.keys(old.parsed), ...Object.keys(review)]) as Set<keyof Review>;
    updated.push({ id, fields: [...keys].filter((k) => !same(old.parsed[k], review[k])) });
    out[old.index] = review;
    outParsed[old.index] = review;
  }

  // Only reviews this source created (its id prefix) can be gone from it; hand-written ones never are.
  const sources = new Set(incoming.map((r) => r.source));
  const partial = new Set(options.partial ?? []);
  const prefixes = [...sources].map((s) => `${sourcePrefix(s)}-`);
  const ownIds = new Set(incoming.filter((r) => r.id).map((r) => r.source));
  const gone = [...current.values()]
    .filter(
      ({ parsed }) =>
        sources.has(parsed.source) &&
        !partial.has(parsed.source) &&
        !built.has(parsed.id) &&
        (prefixes.some((p) => parsed.id.startsWith(p)) || ownIds.has(parsed.source)),
    )
    .map(({ parsed }) => parsed.id);
  let result = out;
  let resultParsed = outParsed;
  if (options.prune && gone.length) {
    const drop = new Set(gone);
    result = out.filter((_, i) => !drop.has((outParsed[i] as Review).id));
    resultParsed = outParsed.filter((r) => !drop.has(r.id));
  }
  added.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  result.push(...added);
  resultParsed.push(...added);

  const skippedCounts: ImportReport['skipped'] = {};
  for (const s of skipped) skippedCounts[s.reason] = (skippedCounts[s.reason] ?? 0) + 1;
  const allNotes = [...notes];
  if (duplicateRows)
    allNotes.push(`${duplicateRows} row${duplicateRows === 1 ? '' : 's'} repeated another row word for word (same day, author and text) and counted once.`);
  return {
    reviews: result,
    parsed: resultParsed,
    changed: added.length > 0 || updated.length > 0 || (options.prune && gone.length > 0),
    report: {
      read: built.size,
      bySource: Object.fromEntries([...sources].sort().map((src) => [src, [...built.values()].filter((b) => b.review.source === src).length])),
      added: added.map((r) => r.id),
      updated,
      unchanged,
      skipped: skippedCounts,
      gone,
      pruned: options.prune && gone.length > 0,
      ambiguous,
      notes: allNotes,
      total: result.length,
      evidence: evidenceCounts(resultParsed),
    },
  };
}
