// Which reviews a build publishes, and what their evidence adds up to: the one place either is decided.
import type { EvidenceKind } from '../schemas/evidence.ts';
import type { Review } from '../schemas/review.ts';

/** PUBLISH_REVIEWS: every review a source gives (each labelled with its evidence or none), or only those with evidence. */
export const PUBLISH_POLICIES = ['all', 'verified'] as const;
export type PublishPolicy = (typeof PUBLISH_POLICIES)[number];

/**
 * The reviews a policy publishes, in their order. Only the evidence decides, never the rating
 * (FTC 16 CFR 465.7: no review is suppressed for its sentiment).
 */
export function publishedReviews<R extends Pick<Review, 'verified'>>(reviews: readonly R[], policy: PublishPolicy): R[] {
  return policy === 'all' ? [...reviews] : reviews.filter((r) => r.verified);
}

/** How many reviews carry each kind of evidence, and how many none (EvidenceCountsSchema). */
export type EvidenceCounts = Record<EvidenceKind | 'none', number>;

export function evidenceCounts(reviews: readonly Pick<Review, 'evidence'>[]): EvidenceCounts {
  const counts: EvidenceCounts = { job: 0, platform: 0, owner: 0, none: 0 };
  for (const r of reviews) counts[r.evidence?.kind ?? 'none'] += 1;
  return counts;
}
