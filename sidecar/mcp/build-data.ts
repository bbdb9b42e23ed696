import { SURFACE } from '../../src/core/http/surface.ts';
import type { InsightsDocument } from '../../src/core/schemas/insights.ts';
import type { Review } from '../../src/core/schemas/review.ts';
// What the MCP tools and resources read from a published build besides its files, derived once per build.
import { perBuild, type SiteSnapshot } from '../site/snapshot.ts';

const REVIEWS_BY_ID = perBuild('reviews by id', (s): ReadonlyMap<string, Review> => new Map(s.data.reviews.map((r) => [r.id, r])));

/** Reviews by id, built once per published build. */
export function reviewsById(snapshot: SiteSnapshot): ReadonlyMap<string, Review> {
  return snapshot.derive(REVIEWS_BY_ID);
}

/** The build validated /insights.json against InsightsDocumentSchema before writing it; here it is only parsed, once. */
const INSIGHTS = perBuild('insights document', (s): InsightsDocument => {
  const bytes = s.bytes(SURFACE.insights.path);
  if (!bytes) throw new Error(`Build ${s.manifest.build_id} has no ${SURFACE.insights.path}`);
  return JSON.parse(bytes.toString('utf8')) as InsightsDocument;
});

export function insightsOf(snapshot: SiteSnapshot): InsightsDocument {
  return snapshot.derive(INSIGHTS);
}
