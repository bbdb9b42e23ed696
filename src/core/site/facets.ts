// The facet pages: every technician, service, service area and star rating gets a page
// with its own rating summary, insights highlights and its reviews, 50 a page.

import type { z } from 'zod';
import { type AggregateRating, aggregateRating } from '../content/aggregate.ts';
import type { Dataset } from '../content/dataset.ts';
import { groupBy } from '../content/entity-ratings.ts';
import { type ArchivePage, archivePages } from '../documents/archive.ts';
import { insightsDocument } from '../documents/documents.ts';
import { ENGLISH, type Locale } from '../i18n/locale.ts';
import type { AspectQuoteSchema } from '../schemas/insights.ts';
import type { Review } from '../schemas/review.ts';
import { type FacetKind, facetPath } from './facet-paths.ts';
import { assignSlugs } from './slug.ts';

export { FACET_BASE, FACET_KINDS, type FacetKind, facetPagePath, facetPath, sourceName } from './facet-paths.ts';

export interface AspectRef {
  /** The aspect's id in insights.json, which names it on the pages (aspectLabel). */
  id: string;
  score: number;
  mentions: number;
}

export type Quote = z.infer<typeof AspectQuoteSchema> & { aspect_id: string };

export interface FacetInsights {
  strongest: AspectRef | null;
  weakest: AspectRef | null;
  /** Reviews whose text was judged, and how. */
  sentiment: { reviews: number; positive: number; negative: number; neutral: number };
  /** Sentences from insights.json's aspect quotes that come from this facet's reviews. */
  quotes: Quote[];
}

export interface Facet {
  kind: FacetKind;
  slug: string;
  /** What the facet is called on the page: a name, a service name, "5 stars". */
  label: string;
  /** The technician's role, the service's synonyms, for the page's subtitle. */
  detail?: string;
  path: string;
  /** Newest first. */
  reviews: Review[];
  rating: AggregateRating;
  /** Numbered from the oldest like the archive; pages are emitted only when there is more than one. */
  pages: ArchivePage[];
  insights?: FacetInsights;
}

export interface Facets {
  technicians: Facet[];
  services: Facet[];
  areas: Facet[];
  stars: Facet[];
  /** Slug of every technician and area by name, for links on review cards. */
  technicianSlugs: Map<string, string>;
  areaSlugs: Map<string, string>;
}

const MAX_QUOTES = 4;

const cache = new WeakMap<Dataset, Facets>();

/** Every facet of the dataset, computed once per build. */
export function facets(dataset: Dataset): Facets {
  const hit = cache.get(dataset);
  if (hit) return hit;
  const { business, reviews } = dataset;
  const doc = insightsDocument(dataset);
  const ref = (a: { aspect: string; score: number; mentions: number } | null): AspectRef | null =>
    a ? { id: a.aspect, score: a.score, mentions: a.mentions } : null;
  const allQuotes = doc.aspects.flatMap((a) => a.quotes.map((q) => ({ ...q, aspect_id: a.id })));
  const quotesOf = (list: readonly Review[]) => {
    const ids = new Set(list.map((r) => r.id));
    return allQuotes.filter((q) => ids.has(q.review_id)).slice(0, MAX_QUOTES);
  };
  const make = (kind: FacetKind, slug: string, label: string, list: Review[], entity?: (typeof doc.entities.technicians)[number], detail?: string): Facet => ({
    kind,
    slug,
    label,
    ...(detail ? { detail } : {}),
    path: facetPath(kind, slug),
    reviews: list,
    rating: aggregateRating(list),
    pages: archivePages(list),
    ...(entity
      ? {
          insights: {
            strongest: ref(entity.strongest_aspect),
            weakest: ref(entity.weakest_aspect),
            sentiment: entity.sentiment,
            quotes: quotesOf(list),
          },
        }
      : {}),
  });

  const byTech = groupBy(reviews, (r) => r.technicians);
  const byService = groupBy(reviews, (r) => r.services);
  const byArea = groupBy(reviews, (r) => (r.service_area ? [r.service_area] : []));
  const byStars = groupBy(reviews, (r) => [String(r.rating)]);
  const technicianSlugs = assignSlugs(business.technicians.map((t) => t.name));
  const areaSlugs = assignSlugs(business.service_areas);
  const entity = <T extends { name: string }>(list: T[], name: string) => list.find((e) => e.name === name);

  const result: Facets = {
    technicians: business.technicians.map((t) =>
      make('technician', technicianSlugs.get(t.name) as string, t.name, byTech.get(t.name) ?? [], entity(doc.entities.technicians, t.name), t.role),
    ),
    services: business.services.map((s) =>
      make(
        'service',
        s.id,
        s.name,
        byService.get(s.id) ?? [],
        doc.entities.services.find((e) => e.id === s.id),
        s.synonyms.join(', '),
      ),
    ),
    areas: business.service_areas.map((a) => make('area', areaSlugs.get(a) as string, a, byArea.get(a) ?? [], entity(doc.entities.service_areas, a))),
    stars: ([5, 4, 3, 2, 1] as const).map((n) => {
      const list = byStars.get(String(n)) ?? [];
      const f = make('stars', String(n), `${n} star${n === 1 ? '' : 's'}`, list);
      const quotes = allQuotes.filter((q) => q.rating === n).slice(0, MAX_QUOTES);
      return { ...f, insights: { strongest: null, weakest: null, sentiment: { reviews: 0, positive: 0, negative: 0, neutral: 0 }, quotes } };
    }),
    technicianSlugs,
    areaSlugs,
  };
  cache.set(dataset, result);
  return result;
}

/** Every facet in one list, for getStaticPaths. */
export const allFacets = (f: Facets): Facet[] => [...f.technicians, ...f.services, ...f.areas, ...f.stars];

/** Links from a review card to the facets it belongs to. */
export interface ReviewLinks {
  technicians: { name: string; path: string }[];
  services: { name: string; path: string }[];
  area?: { name: string; path: string };
}

export function reviewLinks(dataset: Dataset, review: Review): ReviewLinks {
  const f = facets(dataset);
  const names = new Map(dataset.business.services.map((s) => [s.id, s.name]));
  const area = review.service_area;
  return {
    technicians: review.technicians.map((name) => ({ name, path: facetPath('technician', f.technicianSlugs.get(name) ?? '') })),
    services: review.services.map((id) => ({ name: names.get(id) ?? id, path: facetPath('service', id) })),
    ...(area ? { area: { name: area, path: facetPath('area', f.areaSlugs.get(area) ?? '') } } : {}),
  };
}

/** What a facet is called on its pages: its name, or "5 stars" / "5 Sterne" for a star rating. */
export const facetLabel = (facet: Pick<Facet, 'kind' | 'slug' | 'label'>, locale: Locale = ENGLISH) =>
  facet.kind === 'stars' ? locale.count('count.stars', Number(facet.slug)) : facet.label;
