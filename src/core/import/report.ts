import { SKIP_REASONS, type SkipReason } from './incoming.ts';
import type { ImportReport } from './merge.ts';

const MAX_LISTED = 20;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function listed(ids: readonly string[]): string {
  const shown = ids.slice(0, MAX_LISTED).join(', ');
  return ids.length > MAX_LISTED ? `${shown}, … and ${ids.length - MAX_LISTED} more` : shown;
}

/** The report printed after every import (and every --dry-run). */
export function formatReport(r: ImportReport, how: { dryRun: boolean; file: string }): string {
  const lines: string[] = [];
  lines.push(`${how.dryRun ? 'Dry run: nothing written. ' : ''}${plural(r.read, 'review')} in the export.`);
  lines.push(`  added:     ${r.added.length}${r.added.length ? ` (${listed(r.added)})` : ''}`);
  lines.push(`  updated:   ${r.updated.length}`);
  for (const u of r.updated.slice(0, MAX_LISTED)) lines.push(`    ${u.id}: ${u.fields.join(', ')}`);
  if (r.updated.length > MAX_LISTED) lines.push(`    … and ${r.updated.length - MAX_LISTED} more`);
  lines.push(`  unchanged: ${r.unchanged}`);
  const skipped = Object.entries(r.skipped) as [SkipReason, number][];
  lines.push(`  skipped:   ${skipped.reduce((n, [, c]) => n + c, 0)}`);
  for (const [reason, count] of skipped) lines.push(`    ${count}: ${SKIP_REASONS[reason]}`);
  if (r.gone.length) {
    lines.push(`  gone from the source: ${r.gone.length} (${listed(r.gone)}): ${r.pruned ? 'removed (--prune)' : 'kept; --prune removes them'}`);
  }
  if (r.ambiguous.length) {
    lines.push(`  ambiguous names, not linked (add the technician or area to the review by hand): ${r.ambiguous.length}`);
    for (const a of r.ambiguous.slice(0, MAX_LISTED)) lines.push(`    ${a.id}: ${a.names.join(', ')}`);
    if (r.ambiguous.length > MAX_LISTED) lines.push(`    … and ${r.ambiguous.length - MAX_LISTED} more`);
  }
  for (const note of r.notes) lines.push(`  note: ${note}`);
  const e = r.evidence;
  lines.push(
    `${how.file}: ${plural(r.total, 'review')}; ${r.total - e.none} with evidence that the reviewer is a customer ` +
      `(${e.job} matched to a job, ${e.platform} verified by their platform, ${e.owner} marked verified by the owner), ${e.none} without. ` +
      'PUBLISH_REVIEWS=all publishes every one, PUBLISH_REVIEWS=verified only those with evidence; no review is ever left out for its rating.',
  );
  return lines.join('\n');
}
