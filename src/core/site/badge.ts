// /badge.svg: the rating and the review count as a small flat badge, in the manner of
// shields.io (a grey label, a coloured value), readable without any font of ours.
import type { AggregateRating } from '../content/aggregate.ts';
import { ENGLISH, type Locale } from '../i18n/locale.ts';

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Verdana 11px advance widths, roughly: what the badge's boxes are sized by. */
function textWidth(s: string): number {
  let w = 0;
  for (const c of s) w += /[ilj.,:;'|!]/.test(c) ? 3.5 : /[mwMW]/.test(c) ? 10 : /[A-Z0-9★]/.test(c) ? 7.5 : /\s/.test(c) ? 3.9 : 6.6;
  return Math.ceil(w);
}

/** Green at 4.5 and up, then amber, red below 3: the colours people read on a rating. */
function colour(value: number | null): string {
  if (value === null) return '#6b6b6b';
  return value >= 4.5 ? '#2e7d32' : value >= 4 ? '#3d7a00' : value >= 3 ? '#a15c00' : '#b3261e';
}

/** The brand on the badge: its colour behind the label, black or white text on it, and a small logo (a data: URI: an SVG image loads nothing else). */
export interface BadgeBrand {
  color: string;
  onColor: string;
  logo?: string;
}

const LOGO = 16;

export function badgeSvg(rating: AggregateRating, locale: Locale = ENGLISH, brand?: BadgeBrand): string {
  const label = locale.t('badge.label');
  const count = locale.count('count.reviews', rating.review_count);
  const stars = rating.rating_value === null ? '' : locale.number(rating.rating_value, 1);
  const value = rating.rating_value === null ? locale.t('badge.empty') : `★ ${stars} · ${count}`;
  const spoken = rating.rating_value === null ? locale.t('badge.spokenEmpty', { label }) : locale.t('badge.spoken', { label, value: stars, count });
  const logo = brand?.logo ? LOGO + 4 : 0;
  const lw = textWidth(label) + 12 + logo;
  const vw = textWidth(value) + 12;
  const w = lw + vw;
  const image = brand?.logo ? `<image x="4" y="2" width="${LOGO}" height="${LOGO}" href="${escapeXml(brand.logo)}"/>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="20" role="img" ` +
    `aria-label="${escapeXml(spoken)}"><title>${escapeXml(spoken)}</title><linearGradient id="s" x2="0" y2="100%"><stop ` +
    'offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient><clipPath ' +
    `id="r"><rect width="${w}" height="20" rx="3" fill="#fff"/></clipPath><g clip-path="url(#r)"><rect width="${lw}" ` +
    `height="20" fill="${brand?.color ?? '#555'}"/><rect x="${lw}" width="${vw}" height="20" fill="${colour(rating.rating_value)}"/><rect ` +
    `width="${w}" height="20" fill="url(#s)"/></g>${image}<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu ` +
    `Sans,sans-serif" font-size="11"><text x="${(lw + logo) / 2}" y="14" fill="${brand?.onColor ?? '#fff'}">${escapeXml(label)}</text>` +
    `<text x="${lw + vw / 2}" y="14">${escapeXml(value)}</text></g></svg>\n`
  );
}
