// What the MCP tools and resources read from a published build besides its files, derived once
// per build from the search index, so that a Worker's packed index answers without /reviews.json.

import { utf8Text } from '../../src/core/bytes/utf8.ts';
import { type AggregateRating, aggregateRatingOfValues } from '../../src/core/content/aggregate.ts';
import type { EvidenceCounts } from '../../src/core/content/published.ts';
import { SURFACE } from '../../src/core/http/surface.ts';
import type { InsightsDocument } from '../../src/core/schemas/insights.ts';
import type { Review } from '../../src/core/schemas/review.ts';
import { EVIDENCE_CODES } from '../../src/core/search/index.ts';
import { searchIndexOf } from '../site/search-index.ts';
import { perBuild, type SiteSnapshot } from '../site/snapshot.ts';

/** One review by id, or undefined. */
export function reviewById(snapshot: SiteSnapshot, id: string): Review | undefined {
  const index = searchIndexOf(snapshot);
  const at = index.positionOf(id);
  return at === undefined ? undefined : index.review(at);
}

const AGGREGATE = perBuild('aggregate rating', (s): AggregateRating => aggregateRatingOfValues(searchIndexOf(s).ratings));

/** The aggregate rating, as /reviews.json gives it (the same function over the same ratings). */
export function aggregateRatingOf(snapshot: SiteSnapshot): AggregateRating {
  return snapshot.derive(AGGREGATE);
}

const EVIDENCE = perBuild('evidence counts', (s): EvidenceCounts => {
  const counts: EvidenceCounts = { job: 0, platform: 0, owner: 0, none: 0 };
  for (const code of searchIndexOf(s).evidence) counts[EVIDENCE_CODES[code] ?? 'none'] += 1;
  return counts;
});

/** How many published reviews carry each kind of evidence, from the index's one byte per review. */
export function evidenceCountsOf(snapshot: SiteSnapshot): EvidenceCounts {
  return snapshot.derive(EVIDENCE);
}

/** The build validated /insights.json against InsightsDocumentSchema before writing it; here it is only parsed, once. */
const INSIGHTS = perBuild('insights document', (s): InsightsDocument => {
  const bytes = s.bytes(SURFACE.insights.path);
  if (!bytes) throw new Error(`Build ${s.manifest.build_id} has no ${SURFACE.insights.path}`);
  return JSON.parse(utf8Text(bytes)) as InsightsDocument;
});

export function insightsOf(snapshot: SiteSnapshot): InsightsDocument {
  return snapshot.derive(INSIGHTS);
}
