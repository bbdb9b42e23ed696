// Instants to calendar days in a named time zone (IANA tz database, through Intl).
import { isCalendarDate } from './dates.ts';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hourCycle: 'h23' });
    formatters.set(zone, f);
  }
  return f;
}

export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone)) return false;
  try {
    formatter(zone);
    return true;
  } catch {
    return false;
  }
}

// RFC 3339 section 5.6 date-time; Google writes up to nine fraction digits.
const INSTANT_RE = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}(?::\d{2})?)(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:?\d{2})$/;

/** Milliseconds since the epoch of an RFC 3339 instant, or undefined when it is not one. */
export function parseInstant(text: string): number | undefined {
  const m = INSTANT_RE.exec(text.trim());
  if (!m || !isCalendarDate(m[1] as string)) return undefined;
  const [, date, time, fraction = '', zone = 'Z'] = m;
  const offset = zone === 'Z' || zone === 'z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const iso = `${date}T${time?.length === 5 ? `${time}:00` : time}.${fraction.padEnd(3, '0').slice(0, 3)}${offset}`;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The calendar day (YYYY-MM-DD) an instant falls on in `zone`. */
export function dayInZone(ms: number, zone: string): string {
  const parts = formatter(zone).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  // Intl writes the year 25 as "25": pad it, so a date far in the past reads as a date and the range check names it
  return `${get('year').padStart(4, '0')}-${get('month')}-${get('day')}`;
}
