import { aggregateRating } from '../content/aggregate.ts';
import type { Dataset } from '../content/dataset.ts';
import { buildInsights } from '../insights/build.ts';
import { INSIGHTS_METHOD } from '../insights/method.ts';
import type { InsightsDocument } from '../schemas/insights.ts';

/**
 * GET /reviews.json: business metadata, aggregate rating, every published review newest
 * first; and, for imported content, how many reviews were imported, published and left out.
 */
export function reviewsDocument({ business, reviews, counts }: Dataset) {
  return { business, aggregate_rating: aggregateRating(reviews), ...(counts ? { review_counts: counts } : {}), reviews };
}

// The analysis is the costliest step of a build (about 1 s at 20,000 reviews) and both
// /insights.json and the home page need it: one run per dataset.
const insightsCache = new WeakMap<Dataset, InsightsDocument>();

/**
 * GET /insights.json: the aspect-based analysis (src/core/insights), the editorial FAQ,
 * the editorial summary with the computed headline figures, so it is never stale, and the
 * analyser's measured accuracy (method.json).
 */
export function insightsDocument(dataset: Dataset): InsightsDocument {
  const cached = insightsCache.get(dataset);
  if (cached) return cached;
  const analysis = buildInsights(dataset);
  const doc: InsightsDocument = {
    aspects: analysis.aspects,
    entities: analysis.entities,
    topics: analysis.topics,
    faq: dataset.editorial.faq,
    summary: { ...dataset.editorial.summary, figures: analysis.summary_figures },
    coverage: analysis.coverage,
    method: INSIGHTS_METHOD,
  };
  insightsCache.set(dataset, doc);
  return doc;
}

/**
 * The pages' copy of the dataset gets the analysis the build made as a step of its own
 * (src/build/build-site.ts), so rendering never analyses again.
 */
export function adoptInsights(dataset: Dataset, doc: InsightsDocument): void {
  insightsCache.set(dataset, doc);
}
