// Reading a person's name the way a reviewer shows it: without case, accents, punctuation or
// extra spaces, first and last name apart, and the names that can never identify anyone alone.
import { nicknamesOf } from './nicknames.ts';
import type { FormKind } from './records.ts';

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'jr', 'sr', 'ii', 'iii', 'iv']);

/** Words that make a name a business's, not a person's. */
const COMPANY_WORDS = new Set(
  (
    'llc inc incorporated co corp corporation company ltd limited gmbh plc llp lp pllc group holdings services service solutions ' +
    'properties property management realty homes construction builders contracting enterprises partners associates ' +
    'plumbing hvac electric electrical roofing heating cooling restaurant cafe church school hotel apartments ' +
    'hoa association foundation trust bank studio agency clinic office shop store'
  ).split(' '),
);

/** Display names that say who the reviewer is not: Google's and other platforms' anonymous ones. */
const ANONYMOUS = new Set(['a google user', 'google user', 'anonymous', 'anonymous user', 'a customer', 'customer', 'guest', 'user', 'unknown']);

/** Lower case, accents and punctuation gone (a hyphen or apostrophe joins), single spaces. */
export function normalizeName(raw: string): string {
  return raw
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/['’‘`\-‐–]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export type NameKind = 'person' | 'anonymous' | 'company' | 'first-name-only' | 'initials-only' | 'empty';

export interface ParsedName {
  kind: NameKind;
  /** Present for a person: the first and last words, each possibly an initial */
  first?: string;
  last?: string;
}

/** A name as written: "Maria G.", "M. Garcia", "Garcia, Maria", "Dr. Maria Elena Garcia Jr." */
export function parseName(raw: string): ParsedName {
  const comma = raw.split(',');
  // "Garcia, Maria": the family name first, as customer lists often write it
  const ordered = comma.length === 2 && comma[0]?.trim() && comma[1]?.trim() && !/\b(inc|llc|ltd|jr|sr)\b/i.test(raw) ? `${comma[1]} ${comma[0]}` : raw;
  const plain = normalizeName(ordered);
  if (plain === '') return { kind: 'empty' };
  if (ANONYMOUS.has(plain)) return { kind: 'anonymous' };
  const words = plain.split(' ');
  if (words.some((w) => COMPANY_WORDS.has(w)) || /&| and /.test(` ${ordered.toLowerCase()} `)) return { kind: 'company' };
  const named = words.filter((w) => !TITLES.has(w));
  if (named.length < 2) return { kind: named.length === 1 ? 'first-name-only' : 'empty' };
  const first = named[0] as string;
  const last = named[named.length - 1] as string;
  if (first.length === 1 && last.length === 1) return { kind: 'initials-only' };
  return { kind: 'person', first, last };
}

/** The one form a reviewer shows, as the key it is looked up by ("maria g", "m garcia", "maria garcia"). */
export function reviewerForm(name: ParsedName): string | undefined {
  return name.kind === 'person' ? `${name.first} ${name.last}` : undefined;
}

/**
 * Every form under which a reviewer may show this customer: the full name, the first name with
 * the last initial, the initial with the last name, and the same with each nickname.
 */
export function customerForms(name: ParsedName): { form: string; kind: FormKind }[] {
  if (name.kind !== 'person' || !name.first || !name.last || name.first.length < 2 || name.last.length < 2) return [];
  const { first, last } = name;
  const out: { form: string; kind: FormKind }[] = [
    { form: `${first} ${last}`, kind: 'full' },
    { form: `${first} ${last[0]}`, kind: 'last-initial' },
    { form: `${first[0]} ${last}`, kind: 'first-initial' },
  ];
  for (const nick of nicknamesOf(first)) {
    out.push({ form: `${nick} ${last}`, kind: 'nickname' });
    out.push({ form: `${nick} ${last[0]}`, kind: 'last-initial' });
  }
  const seen = new Set<string>();
  return out.filter((f) => (seen.has(f.form) ? false : (seen.add(f.form), true)));
}
