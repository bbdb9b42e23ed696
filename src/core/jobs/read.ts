// A job file's rows turned into job records: columns by layout, dates as calendar days, the
// technicians and service resolved against business.json, the customer's name turned into keyed
// hashes at once. The plain name, email, phone and address never leave this function.
import type { KeyedHash } from '../bytes/hmac.ts';
import type { CsvTable } from '../import/csv.ts';
import { Problems } from '../import/incoming.ts';
import type { Business } from '../schemas/business.ts';
import { isCalendarDate } from '../schemas/dates.ts';
import { dayInZone } from '../schemas/time-zone.ts';
import { headerKey, type JobField, type JobLayout, LAYOUTS } from './layouts.ts';
import { formHash } from './match.ts';
import { customerForms, normalizeName, parseName } from './names.ts';
import { JobIdSchema, type JobRecord } from './records.ts';

export interface ReadJobsOptions {
  file: string;
  layout: JobLayout;
  business: Business;
  hash: KeyedHash;
  /** For times with an offset (an export in UTC) */
  timeZone?: string;
}

export interface ReadJobsResult {
  jobs: JobRecord[];
  problems: Problems;
  /** Things to know that fail nothing: names of technicians or services not in business.json, left out */
  notes: string[];
}

const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T].*)?$/;
const ISO_LOCAL = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?: ?[AaPp][Mm])?)?$/;
const DATE_LIKE = /^[\d\s\-/:.TZ+APMapm]{1,40}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/** The calendar day of a date cell, or a message saying what was expected. */
export function jobDay(raw: string, layout: JobLayout, timeZone: string | undefined): { day: string } | { error: string } {
  const v = raw.trim();
  let day: string | undefined;
  if (LAYOUTS[layout].dates === 'iso') day = /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
  else if (ISO_INSTANT.test(v)) {
    if (!timeZone) return { error: `"${v}" is a time with an offset: name the business's time zone (time_zone in business.json, or --tz)` };
    day = dayInZone(Date.parse(v), timeZone);
  } else {
    const iso = ISO_LOCAL.exec(v);
    const us = US_DATE.exec(v);
    if (iso) day = iso[1];
    else if (us) day = `${us[3]}-${(us[1] as string).padStart(2, '0')}-${(us[2] as string).padStart(2, '0')}`;
  }
  if (day && isCalendarDate(day)) return { day };
  const formats = LAYOUTS[layout].dates === 'iso' ? 'YYYY-MM-DD' : 'YYYY-MM-DD, MM/DD/YYYY (with or without a time) or a time with an offset';
  // Only what looks like a date is echoed: a shifted row may hold an email or a phone number here.
  const shown = DATE_LIKE.test(v) ? `"${v}" ` : '';
  return { error: v === '' ? `is empty (${formats})` : `${shown}is not a date (${formats})` };
}

function lookup(pairs: [string, string][]) {
  const m = new Map(pairs.map(([k, v]) => [normalizeName(k), v]));
  return (v: string) => m.get(normalizeName(v));
}

export function readJobs(table: CsvTable, o: ReadJobsOptions): ReadJobsResult {
  const layout = LAYOUTS[o.layout];
  const problems = new Problems();
  const notes = new Map<string, number>();
  const note = (text: string) => notes.set(text, (notes.get(text) ?? 0) + 1);
  const at = new Map(table.header.map((h, i) => [headerKey(h), i]));
  const column = new Map<JobField, number>();
  for (const [field, names] of Object.entries(layout.columns) as [JobField, readonly string[]][]) {
    const i = names.map((n) => at.get(headerKey(n))).find((x) => x !== undefined);
    if (i !== undefined) column.set(field, i);
  }
  const known = new Set(Object.values(layout.columns).flatMap((names) => names.map(headerKey)));
  if (layout.strict)
    for (const h of table.header)
      if (!known.has(headerKey(h))) problems.add(o.file, 'row 1', h, `is not a column of the ${layout.label} (${[...known].join(', ')})`);
  const missing = layout.required.filter((f) => !column.has(f));
  if (!column.has('customer') && !(layout.nameParts && layout.nameParts.every((f) => column.has(f))) && !missing.includes('customer')) missing.push('customer');
  for (const f of missing) {
    const names = layout.columns[f === 'customer' && layout.nameParts ? 'customer' : f] ?? [];
    const parts = f === 'customer' && layout.nameParts ? ` (or ${layout.nameParts.map((p) => layout.columns[p]?.[0]).join(' and ')})` : '';
    problems.add(o.file, 'row 1', names[0] ?? f, `is missing: the ${layout.label} needs a column ${names.map((n) => `"${n}"`).join(' or ')}${parts}`);
  }
  if (problems.list.length) return { jobs: [], problems, notes: [] };

  const technician = lookup(o.business.technicians.map((t) => [t.name, t.name]));
  const service = lookup(o.business.services.flatMap((s) => [[s.id, s.id], [s.name, s.id], ...s.synonyms.map((y): [string, string] => [y, s.id])]));
  const byId = new Map<string, { job: JobRecord; row: number }>();
  for (const row of table.rows) {
    const cell = (f: JobField) => {
      const i = column.get(f);
      return i === undefined ? '' : (row.cells[i] ?? '').trim();
    };
    const record = `row ${row.row}`;
    const bad = (f: JobField, message: string) => problems.add(o.file, record, table.header[column.get(f) ?? -1] ?? f, message);
    const before = problems.list.length;
    const id = cell('id');
    const idOk = JobIdSchema.safeParse(id);
    if (!idOk.success) bad('id', id === '' ? 'is empty: every job needs its id' : (idOk.error.issues[0]?.message ?? 'is not a job id'));
    const date = jobDay(cell('date'), o.layout, o.timeZone);
    if ('error' in date) bad('date', date.error);
    const first = cell('first_name');
    const last = cell('last_name');
    const company = cell('company');
    const fullName = cell('customer') || [first, last].filter(Boolean).join(' ');
    const personName = first || last ? [first, last].filter(Boolean).join(' ') : fullName;
    if (fullName === '' && company === '') bad(column.has('customer') ? 'customer' : 'first_name', "is empty: every job needs its customer's name");
    const names = (f: JobField) =>
      cell(f)
        .split(layout.separator)
        .map((s) => s.trim())
        .filter(Boolean);
    const technicians: string[] = [];
    for (const t of names('technicians')) {
      const hit = technician(t);
      if (hit === undefined) {
        if (layout.unknownNames === 'error') bad('technicians', `"${t}" is not a technician in business.json`);
        else note(`technician "${t}" is not in business.json: not credited`);
      } else if (!technicians.includes(hit)) technicians.push(hit);
    }
    const services: string[] = [];
    const s = cell('service');
    if (s) {
      const hit = service(s);
      if (hit !== undefined) services.push(hit);
      else if (layout.unknownNames === 'error') bad('service', `"${s}" is not a service id or name in business.json`);
      else note(`service "${s}" is not in business.json (id, name or synonym): not credited`);
    } else if (layout.unknownNames === 'error') bad('service', 'is empty: name the service by its id or name in business.json');
    if (problems.list.length > before || 'error' in date) continue;

    // The customer is the same person on every job: the export's customer id, else the email, else the name.
    const email = cell('email').toLowerCase();
    const identity = cell('customer_id') ? `id:${cell('customer_id')}` : email ? `email:${email}` : `name:${normalizeName(fullName || company)}`;
    const parsed = parseName(personName || company);
    // A company customer (its own column, no person's name) is never matched by name.
    const forms = company && !first && !last ? [] : customerForms(parsed);
    const job: JobRecord = {
      id,
      date: date.day,
      technicians,
      services,
      customer: o.hash(`customer\u0000${identity}`),
      names: Object.fromEntries(forms.map((f) => [formHash(o.hash, f.form), f.kind])),
      source: o.layout,
    };
    const seen = byId.get(id);
    if (!seen) {
      byId.set(id, { job, row: row.row });
      continue;
    }
    // A job on several rows (one per visit or technician): one job, its latest day, every technician.
    if (seen.job.customer !== job.customer) {
      bad('id', `job "${id}" is also on row ${seen.row} with another customer`);
      continue;
    }
    seen.job.date = seen.job.date > job.date ? seen.job.date : job.date;
    for (const t of job.technicians) if (!seen.job.technicians.includes(t)) seen.job.technicians.push(t);
    for (const x of job.services) if (!seen.job.services.includes(x)) seen.job.services.push(x);
  }
  return {
    jobs: [...byId.values()].map((v) => v.job),
    problems,
    notes: [...notes].map(([text, n]) => (n > 1 ? `${text} (${n} rows)` : text)),
  };
}
