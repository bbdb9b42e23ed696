import { z } from 'zod';
import { AggregateRatingSchema } from './documents.ts';
import { EvidenceCountsSchema } from './evidence.ts';
import { Name } from './primitives.ts';

const FacetRating = z.object({
  name: Name,
  url: z.url().describe('The facet page'),
  aggregate_rating: AggregateRatingSchema,
});

/** GET /api/ratings.json: the ratings a widget or badge shows, without the reviews. */
export const RatingsDocumentSchema = z.object({
  business: z.object({ name: Name, url: z.url().describe('The reviews home page') }),
  aggregate_rating: AggregateRatingSchema,
  left_out: z.object({
    unverified: z.int().min(0).describe('Reviews in the content not published for want of evidence that the reviewer is a customer (PUBLISH_REVIEWS=verified)'),
  }),
  evidence: EvidenceCountsSchema,
  technicians: z.array(FacetRating),
  services: z.array(FacetRating.extend({ id: z.string() })),
  service_areas: z.array(FacetRating),
});

export type RatingsDocument = z.infer<typeof RatingsDocumentSchema>;
