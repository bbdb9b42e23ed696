import type { Review } from '../schemas/review.ts';
import { summarizeRatings } from './aggregate.ts';
import type { Dataset } from './dataset.ts';

export interface EntityStats {
  mentions: number;
  mean_rating: number | null;
  distribution: ReturnType<typeof summarizeRatings>['distribution'];
  latest_mention: string | null;
}

function stats(reviews: Review[]): EntityStats {
  const s = summarizeRatings(reviews);
  // reviews arrive newest first, so the first is the latest mention
  return { mentions: s.review_count, mean_rating: s.rating_value, distribution: s.distribution, latest_mention: reviews[0]?.date ?? null };
}

export function groupBy(reviews: readonly Review[], keys: (r: Review) => readonly string[]): Map<string, Review[]> {
  const groups = new Map<string, Review[]>();
  for (const r of reviews) {
    for (const key of new Set(keys(r))) {
      const list = groups.get(key);
      if (list) list.push(r);
      else groups.set(key, [r]);
    }
  }
  return groups;
}

/** Per technician, service and service area: how often reviews mention it and how they rate. */
export function entityStatistics({ business, reviews }: Dataset) {
  const byTech = groupBy(reviews, (r) => r.technicians);
  const byService = groupBy(reviews, (r) => r.services);
  const byArea = groupBy(reviews, (r) => (r.service_area ? [r.service_area] : []));
  return {
    technicians: business.technicians.map((t) => ({ name: t.name, ...stats(byTech.get(t.name) ?? []) })),
    services: business.services.map((s) => ({ id: s.id, name: s.name, ...stats(byService.get(s.id) ?? []) })),
    service_areas: business.service_areas.map((name) => ({ name, ...stats(byArea.get(name) ?? []) })),
  };
}
