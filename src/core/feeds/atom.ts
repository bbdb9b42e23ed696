import { Feed } from 'feed';
import type { Dataset } from '../content/dataset.ts';
import type { SiteUrls } from '../http/urls.ts';
import { ENGLISH, type Locale } from '../i18n/locale.ts';
import { dateToInstant } from '../schemas/dates.ts';
import type { Evidence } from '../schemas/evidence.ts';
import { FEED_SIZE, feedUpdated, itemModified, itemText, itemTitle } from './items.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Atom's type="html" content is parsed as HTML by readers, so review text is escaped first. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] as string);
}

function paragraphs(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** "verified by trustpilot": the platform as the data names it (the feeds carry no display names). */
function evidenceLabel(e: Evidence, locale: Locale): string {
  if (e.kind === 'platform') return locale.t('review.evidence.platform', { platform: e.platform });
  return locale.t(e.kind === 'job' ? 'review.evidence.job' : 'review.evidence.owner');
}

/** Atom 1.0 (RFC 4287) feed of the newest reviews; `updated` comes from the data. */
export function atomFeed({ business, reviews }: Dataset, urls: SiteUrls, locale: Locale = ENGLISH): string {
  const newest = reviews.slice(0, FEED_SIZE);
  const feed = new Feed({
    id: urls.atomFeed,
    title: locale.t('feed.title', { name: business.name }),
    description: locale.t('feed.description', { count: FEED_SIZE, name: business.name }),
    link: urls.home,
    feed: urls.atomFeed,
    hub: urls.hub,
    language: business.language,
    updated: new Date(dateToInstant(feedUpdated(newest))),
    generator: false,
    copyright: locale.t('feed.copyright', { name: business.name }),
    author: { name: business.name, link: business.url ?? urls.home },
  });
  for (const r of newest) {
    feed.addItem({
      id: urls.review(r.id),
      link: urls.review(r.id),
      title: escapeHtml(itemTitle(r, locale)),
      content: paragraphs(itemText(r, locale)),
      date: new Date(dateToInstant(itemModified(r))),
      published: new Date(dateToInstant(r.date)),
      author: [{ name: r.author.name }],
      // the review's evidence, as in the JSON Feed's _review: a category readers can show or filter by
      ...(r.evidence ? { category: [{ term: `evidence-${r.evidence.kind}`, name: evidenceLabel(r.evidence, locale) }] } : {}),
    });
  }
  return feed.atom1();
}
