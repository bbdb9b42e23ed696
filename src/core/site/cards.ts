// The preview card of each page kind (the home page and each facet page): what it shows, and
// the URL it is served at, named by a hash of what it shows so that it changes only when that
// does, and link previews, which cache by URL, never show an old one.
import { aggregateRating } from '../content/aggregate.ts';
import type { Dataset } from '../content/dataset.ts';
import { sha256Base64url } from '../bytes/sha256.ts';
import type { Locale } from '../i18n/locale.ts';
import type { BrandAssets } from './brand.ts';
import { type Facet, facetLabel } from './facets.ts';
import { ratingText, ratingValueText, reviewCountText } from './page-data.ts';
import { derivePalette } from './palette.ts';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
export const CARD_DIR = '/cards/';
/** Raised when the card's drawing changes, so that every card gets a new URL. */
const CARD_DESIGN = 1;

export interface CardData {
  /** "home", or the facet's path as a name: "technicians-mike-reyes". */
  name: string;
  lang: string;
  business: string;
  /** The facet's label ("Mike Reyes", "5 stars"); none on the home card. */
  heading?: string;
  /** The rating and the count; none on the site's card. */
  rating?: string;
  /** Whole stars out of five; none without reviews. */
  stars?: number;
  count?: string;
  colors: { brand: string; onBrand: string; surface: string; text: string; muted: string; star: string };
  /** The logo's URL path and a hash of its bytes (the card changes when the file does). */
  logo?: { path: string; hash: string };
  alt: string;
}

export function cardData(dataset: Dataset, locale: Locale, brand: BrandAssets, facet?: Facet): CardData {
  const { business } = dataset;
  const rating = facet ? facet.rating : aggregateRating(dataset.reviews);
  const p = derivePalette(business.brand, business.brand?.scheme === 'dark' ? 'dark' : 'light');
  const heading = facet ? facetLabel(facet, locale) : undefined;
  const count = reviewCountText(rating.review_count, locale);
  const rated = rating.rating_value === null ? undefined : ratingText(rating.rating_value, locale);
  return {
    name: facet ? facet.path.slice(1, -1).replaceAll('/', '-') : 'home',
    lang: locale.lang,
    business: business.name,
    ...(heading !== undefined && { heading }),
    rating: ratingValueText(rating.rating_value, locale),
    ...(rating.rating_value !== null && { stars: Math.round(rating.rating_value) }),
    count,
    colors: { brand: p.brand, onBrand: p['on-brand'], surface: p.surface, text: p.text, muted: p.muted, star: p.star },
    ...(brand.logo?.hash && { logo: { path: brand.logo.path, hash: brand.logo.hash } }),
    alt: [business.name, heading, rated, count].filter(Boolean).join(' · '),
  };
}

/**
 * The card of the pages that are neither the home page nor a facet's own page (the archive, a
 * facet's further pages, the API page): the name, the logo and "Customer reviews", without the
 * rating, so that a full archive page stays byte for byte the same when a review arrives.
 */
export function siteCard(dataset: Dataset, locale: Locale, brand: BrandAssets): CardData {
  const home = cardData(dataset, locale, brand);
  const heading = locale.t('home.kicker');
  return {
    name: 'site',
    lang: home.lang,
    business: home.business,
    heading,
    colors: home.colors,
    ...(home.logo && { logo: home.logo }),
    alt: `${home.business} · ${heading}`,
  };
}

/** `/cards/<name>-<hash of what it shows>.png`. */
export function cardPath(card: CardData): string {
  return `${CARD_DIR}${card.name}-${sha256Base64url(JSON.stringify([CARD_DESIGN, card])).slice(0, 10)}.png`;
}
