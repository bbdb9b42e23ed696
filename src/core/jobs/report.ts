// What the job import and the verify commands print. Counts, review ids and job ids, and (in the
// owner's own terminal) the reviewer's display name to decide on; never anything of a customer.
import type { ApplyReport, Undecided } from './apply.ts';
import type { JobRecord } from './records.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

const REASONS: Record<string, string> = {
  'no-job': 'no job of a customer of that name in the window',
  anonymous: 'anonymous reviewer',
  'first-name-only': 'a first name alone',
  'initials-only': 'initials alone',
  company: 'a company name',
  empty: 'no name',
  'platform-or-owner': 'verified by the platform or by hand (left as they are)',
};

export const jobLine = (j: Pick<JobRecord, 'id' | 'date' | 'technicians'>) =>
  `${j.id} (${j.date}${j.technicians.length ? `, ${j.technicians.join(', ')}` : ''})`;

export function undecidedLines(list: readonly Undecided[]): string[] {
  return list.flatMap((u) => [
    `  ${u.review_id}  "${u.author}"  ${u.date}: ${
      u.why === 'common-name'
        ? 'one customer fits, but many customers share this form of a name'
        : `${plural(new Set(u.candidates.map((c) => c.customer)).size, 'customer')} fit`
    }`,
    ...u.candidates.map((c) => `      ${jobLine(c)}`),
  ]);
}

export function formatMatchReport(r: ApplyReport, o: { dryRun: boolean }): string {
  const unmatched = Object.entries(r.unmatched)
    .filter(([, n]) => n)
    .map(([reason, n]) => `    ${REASONS[reason] ?? reason}: ${n}`);
  const gained = r.changed.filter((c) => c.after && !c.before).length;
  const lost = r.changed.filter((c) => c.before && !c.after).length;
  const moved = r.changed.length - gained - lost;
  return [
    `Reviews matched to a job: ${r.matched.length + r.confirmed.length} (${r.matched.length} automatically, ${r.confirmed.length} confirmed by you)`,
    `  ${o.dryRun ? 'would change' : 'changed'}: ${gained} gained job evidence, ${lost} lost it, ${moved} moved to another job`,
    ...(r.rejected.length ? [`  rejected by you, never matched: ${r.rejected.length}`] : []),
    `Undecided (more than one customer fits, or a name many share; \`reviews verify list\` shows them): ${r.undecided.length}`,
    ...(unmatched.length ? ['Not matched:', ...unmatched] : []),
  ].join('\n');
}
