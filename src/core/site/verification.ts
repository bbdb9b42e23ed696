// What the pages, feeds and agents say about verification: each kind of evidence with its count of
// the total, so no sentence claims more than was checked (docs/verification.md).
import type { Dataset } from '../content/dataset.ts';
import { type EvidenceCounts, evidenceCounts } from '../content/published.ts';
import type { Locale } from '../i18n/locale.ts';
import type { Evidence } from '../schemas/evidence.ts';
import { sourceName } from './facet-paths.ts';

const KINDS = ['job', 'platform', 'owner', 'none'] as const;

/** "1,150 of 1,695 reviews come from customers matched to a job on the business's records." and one sentence per other kind present. */
export function verificationSentences(counts: EvidenceCounts, locale: Locale): string[] {
  const total = KINDS.reduce((n, k) => n + counts[k], 0);
  if (total === 0) return [];
  if (counts.none === total) return [locale.count('verify.nothing', total)];
  const of = { total: locale.number(total) };
  return KINDS.filter((k) => counts[k] > 0).map((k) => locale.count(`verify.${k}`, counts[k], of));
}

const counted = new WeakMap<readonly unknown[], EvidenceCounts>();

/** The published reviews' evidence counts, counted once per dataset. */
export function datasetEvidence(dataset: Pick<Dataset, 'reviews'>): EvidenceCounts {
  let counts = counted.get(dataset.reviews);
  if (!counts) {
    counts = evidenceCounts(dataset.reviews);
    counted.set(dataset.reviews, counts);
  }
  return counts;
}

/** The verification sentences of a dataset, joined. */
export function verificationText(dataset: Pick<Dataset, 'reviews'>, locale: Locale): string {
  return verificationSentences(datasetEvidence(dataset), locale).join(' ');
}

/** The mark a review with evidence carries ("verified by Trustpilot"); undefined without evidence. */
export function evidenceMark(evidence: Evidence | undefined, locale: Locale): string | undefined {
  if (!evidence) return undefined;
  if (evidence.kind === 'platform') return locale.t('review.evidence.platform', { platform: sourceName(evidence.platform, locale) });
  return locale.t(evidence.kind === 'job' ? 'review.evidence.job' : 'review.evidence.owner');
}
