// What the HTML pages show, as pure functions of the dataset: the .astro files only lay it out.
import { type AggregateRating, aggregateRating } from '../content/aggregate.ts';
import type { Dataset } from '../content/dataset.ts';
import { type ArchivePage, archivePages } from '../documents/archive.ts';
import { insightsDocument } from '../documents/documents.ts';
import { FEED_SIZE } from '../feeds/items.ts';
import type { TextKey } from '../i18n/catalogue.ts';
import { ENGLISH, type Locale } from '../i18n/locale.ts';
import { type AspectClaim, aspectClaims, MIN_CLAIM_MENTIONS } from '../insights/claims.ts';
import type { InsightsDocument } from '../schemas/insights.ts';
import type { Review } from '../schemas/review.ts';

export { ARCHIVE_PAGE_SIZE, type ArchivePage, archivePages, archivePath } from '../documents/archive.ts';

/** The home page shows exactly the feed's reviews, so every feed item's #review-<id> anchor exists there. */
export const HOME_REVIEWS = FEED_SIZE;

export interface HistogramRow {
  stars: 1 | 2 | 3 | 4 | 5;
  count: number;
  /** Share of all reviews, 0-100, rounded; the bar's width. */
  percent: number;
  /** The row as words, for screen readers: "5 stars: 412 reviews". */
  label: string;
}

export function histogram(rating: AggregateRating, locale: Locale = ENGLISH): HistogramRow[] {
  return ([5, 4, 3, 2, 1] as const).map((stars) => {
    const count = rating.distribution[String(stars) as keyof AggregateRating['distribution']];
    const percent = rating.review_count ? Math.round((count / rating.review_count) * 100) : 0;
    return { stars, count, percent, label: `${locale.count('count.stars', stars)}${locale.t('punct.colon')}${locale.count('count.reviews', count)}` };
  });
}

export const ratingText = (rating: number, locale: Locale = ENGLISH) => locale.t('rating.outOf5', { value: locale.number(rating) });
export const reviewCountText = (n: number, locale: Locale = ENGLISH) => locale.count('count.reviews', n);

/** "4.57" → "4.6": one decimal for people; the exact value is in JSON-LD and reviews.json. */
export const ratingValueText = (value: number | null, locale: Locale = ENGLISH) => (value === null ? '–' : locale.number(value, 1));

/** "2024-03-05" → "March 5, 2024", without the build machine's locale or time zone. */
export const formatDate = (date: string, locale: Locale = ENGLISH): string => locale.date(date);

/** schema.org openingHours ("Mo-Fr 07:00-19:00") for people ("Mon–Fri 07:00–19:00"). */
export function openingHoursText(spec: string, locale: Locale = ENGLISH): string {
  return spec.replace(/\b(Mo|Tu|We|Th|Fr|Sa|Su)\b/g, (d) => locale.weekday(d)).replace(/-/g, '–');
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

// ---- insights ---------------------------------------------------------------------------

const HIGHLIGHTED_ASPECTS = 3;

export interface AspectSummary {
  /** The aspect's id in insights.json, which names it on the pages (aspectLabel). */
  id: string;
  mentions: number;
  score: number;
}

export interface TechnicianRating {
  name: string;
  role: string | undefined;
  mentions: number;
  mean_rating: number | null;
}

export interface PageInsights {
  headline: string;
  text: string;
  faq: { question: string; answer: string }[];
  /** Highest positive share first; only aspects the data supports calling strong (claims.ts), else empty. */
  best: AspectSummary[];
  /** Lowest positive share first, never one of `best`; only claims the data supports. */
  weakest: AspectSummary[];
  technicians: TechnicianRating[];
  /** Which reviews the insights read (coverageText says it in the page's language) */
  coverage: InsightsDocument['coverage'];
  /** How they were read and how accurately (methodText says it in the page's language) */
  method: InsightsDocument['method'];
}

const insightsCache = new WeakMap<Dataset, PageInsights>();

/** The one place the pages read insights: the same document as GET /insights.json, analysed once per build. */
export function pageInsights(dataset: Dataset): PageInsights {
  const cached = insightsCache.get(dataset);
  if (cached) return cached;
  const doc = insightsDocument(dataset);
  const claims = aspectClaims(
    doc.aspects.map((a) => ({ aspect: a.id, mentions: a.mentions, positive: a.positive, negative: a.negative })),
    MIN_CLAIM_MENTIONS.business,
    HIGHLIGHTED_ASPECTS,
  );
  const summary = (c: AspectClaim): AspectSummary => ({ id: c.aspect, mentions: c.mentions, score: c.score });
  const best = claims.strongest.map(summary);
  const weakest = claims.weakest.map(summary);
  const roles = new Map(dataset.business.technicians.map((t) => [t.name, t.role]));
  const result: PageInsights = {
    headline: doc.summary.headline,
    text: doc.summary.text,
    faq: doc.faq,
    best,
    weakest,
    technicians: doc.entities.technicians.map((t) => ({ name: t.name, role: roles.get(t.name), mentions: t.mentions, mean_rating: t.mean_rating })),
    coverage: doc.coverage,
    method: doc.method,
  };
  insightsCache.set(dataset, result);
  return result;
}

/** How many reviews the insights read, and in which languages, when it is not all of them; null when it is. */
export function coverageText(coverage: InsightsDocument['coverage'], locale: Locale = ENGLISH): string | null {
  if (coverage.analysed === coverage.reviews_with_text) return null;
  const names = new Intl.DisplayNames(locale.tag, { type: 'language' });
  const langs = Object.entries(coverage.languages);
  const listed = (pick: (c: { reviews: number; analysed: number }) => number) =>
    langs.filter(([, c]) => pick(c) > 0).map(([code, c]) => `${names.of(code) ?? code} ${locale.number(pick(c))}`);
  const read = listed((c) => c.analysed);
  const vars = {
    read: locale.number(coverage.analysed),
    total: locale.number(coverage.reviews_with_text),
    languages: read.join(', '),
    unread: listed((c) => c.reviews - c.analysed).join(', '),
  };
  return locale.t(read.length ? 'home.coverage' : 'home.coverageNone', vars);
}

/** A measured share as "n in 10", rounded down: never more than was measured. */
const tenths = (share: number) => Math.floor(share * 10 + 1e-9);

/**
 * One line on how the insights were read and how accurately, from the measured figures
 * (insights.json `method`) of the language most of the reviews read were written in; null
 * when no review was read or that language has no measurement.
 */
export function methodText(insights: Pick<PageInsights, 'coverage' | 'method'>, locale: Locale = ENGLISH): string | null {
  const { coverage, method } = insights;
  const [language] = Object.entries(coverage.languages)
    .filter(([code, c]) => c.analysed > 0 && method.languages[code] !== undefined)
    .sort(([a, x], [b, y]) => y.analysed - x.analysed || (a < b ? -1 : 1))
    .map(([code]) => code);
  const figures = language === undefined ? undefined : method.languages[language];
  if (language === undefined || figures === undefined) return null;
  return locale.t('insights.method', {
    language: new Intl.DisplayNames(locale.tag, { type: 'language' }).of(language) ?? language,
    found: locale.number(tenths(figures.recall)),
    tone: locale.number(tenths(figures.polarity_accuracy)),
  });
}

/** A net sentiment score (-1…1) for people: "+0.82" / "−0.40". */
export const scoreText = (score: number | null, locale: Locale = ENGLISH) =>
  score === null ? '–' : `${score > 0 ? '+' : score < 0 ? '−' : ''}${locale.number(Math.abs(score), 2)}`;

// ---- the home page ----------------------------------------------------------------------

export interface HomePage {
  rating: AggregateRating;
  histogram: HistogramRow[];
  newest: Review[];
  archive: ArchivePage[];
  insights: PageInsights;
}

export function homePage(dataset: Dataset, locale: Locale = ENGLISH): HomePage {
  const rating = aggregateRating(dataset.reviews);
  return {
    rating,
    histogram: histogram(rating, locale),
    newest: dataset.reviews.slice(0, HOME_REVIEWS),
    archive: archivePages(dataset.reviews),
    insights: pageInsights(dataset),
  };
}

export { translationWords } from './client-words.ts';
export { translationLabel } from './translation-label.ts';

/** An aspect's name on the pages, by its id in insights.json (which keeps the English label). */
export const aspectLabel = (id: string, locale: Locale = ENGLISH) => locale.t(`aspect.${id}` as TextKey);
