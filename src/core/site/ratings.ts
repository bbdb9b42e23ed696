// /api/ratings.json: every rating a widget or badge shows, small enough to fetch from any page.
import { aggregateRating } from '../content/aggregate.ts';
import type { Dataset } from '../content/dataset.ts';
import type { SiteUrls } from '../http/urls.ts';
import { type RatingsDocument, RatingsDocumentSchema } from '../schemas/ratings.ts';
import { facets } from './facets.ts';
import { datasetEvidence } from './verification.ts';

export function ratingsDocument(dataset: Dataset, urls: SiteUrls): RatingsDocument {
  const f = facets(dataset);
  const entry = (x: (typeof f.technicians)[number]) => ({ name: x.label, url: `${urls.base}${x.path}`, aggregate_rating: x.rating });
  return RatingsDocumentSchema.parse({
    business: { name: dataset.business.name, url: urls.home },
    aggregate_rating: aggregateRating(dataset.reviews),
    left_out: { unverified: dataset.left_out?.unverified ?? 0 },
    evidence: datasetEvidence(dataset),
    technicians: f.technicians.map(entry),
    services: f.services.map((s) => ({ id: s.slug, ...entry(s) })),
    service_areas: f.areas.map(entry),
  });
}
