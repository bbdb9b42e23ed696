// schema.org JSON-LD for the home page: the business, its aggregate rating and the newest
// reviews. Search engines show no stars for reviews a business publishes about itself
// (Google's self-serving reviews rule), so this is for agents and other consumers.
import { aggregateRating } from '../content/aggregate.ts';
import type { Dataset } from '../content/dataset.ts';
import type { SiteUrls } from '../http/urls.ts';
import { ENGLISH, type Locale } from '../i18n/locale.ts';
import type { Review } from '../schemas/review.ts';
import { originalLanguage } from './review-language.ts';

/** Reviews in the home page's JSON-LD: the newest, enough to sample; all of them are one link away in /reviews.json. */
export const JSON_LD_REVIEWS = 10;

const rating = (value: number) => ({ '@type': 'Rating', ratingValue: value, bestRating: 5, worstRating: 1 });

function reviewLd(r: Review, urls: SiteUrls, language: string) {
  const inLanguage = r.text ? originalLanguage(r, language) : undefined;
  return {
    '@type': 'Review',
    '@id': urls.review(r.id),
    url: urls.review(r.id),
    datePublished: r.date,
    ...(r.title ? { name: r.title } : {}),
    ...(r.text ? { reviewBody: r.text } : {}),
    ...(inLanguage ? { inLanguage } : {}),
    author: { '@type': 'Person', name: r.author.name },
    reviewRating: rating(r.rating),
  };
}

export function businessJsonLd({ business, reviews }: Dataset, urls: SiteUrls, locale: Locale = ENGLISH) {
  const agg = aggregateRating(reviews);
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    '@id': `${urls.home}#business`,
    name: business.name,
    ...(business.description ? { description: business.description } : {}),
    url: business.url ?? urls.home,
    ...(business.telephone ? { telephone: business.telephone } : {}),
    ...(business.email ? { email: business.email } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.address.street_address,
      addressLocality: business.address.locality,
      addressRegion: business.address.region,
      postalCode: business.address.postal_code,
      addressCountry: business.address.country,
    },
    ...(business.geo ? { geo: { '@type': 'GeoCoordinates', latitude: business.geo.latitude, longitude: business.geo.longitude } } : {}),
    ...(business.opening_hours.length ? { openingHours: business.opening_hours } : {}),
    ...(business.price_range ? { priceRange: business.price_range } : {}),
    ...(business.founded ? { foundingDate: String(business.founded) } : {}),
    areaServed: business.service_areas.map((name) => ({ '@type': 'Place', name })),
    hasOfferCatalog: {
      '@type': 'OfferCatalog',
      name: locale.t('jsonld.services'),
      itemListElement: business.services.map((s) => ({ '@type': 'Offer', itemOffered: { '@type': 'Service', name: s.name } })),
    },
    ...(business.same_as.length ? { sameAs: business.same_as } : {}),
    ...(agg.rating_value === null
      ? {}
      : { aggregateRating: { '@type': 'AggregateRating', ratingValue: agg.rating_value, reviewCount: agg.review_count, bestRating: 5, worstRating: 1 } }),
    review: reviews.slice(0, JSON_LD_REVIEWS).map((r) => reviewLd(r, urls, business.language)),
  };
}

/**
 * JSON for inside a <script> element. The HTML parser ends the element at the first
 * `</script` whatever the JSON means, and `<!--` changes how it reads on: escaping every
 * `<`, `>` and `&` as \u escapes keeps the JSON equal and the markup inert.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
