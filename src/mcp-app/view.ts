// What the app draws, in the markup and classes of the business's own pages: the rating box
// with its histogram (src/components/Histogram.astro) and review cards (src/client/card.ts).
import { type CardLinks, type ReviewJson, readWords, renderCard, type Words } from '../client/card.ts';
import type { AppData, AppWords } from '../core/site/app-data.ts';

export interface AppSpeaker extends Words {
  app: AppWords['app'];
  count(key: keyof AppWords['plurals'], n: number): string;
  /** A rating for people: one decimal, in the locale. */
  value(n: number): string;
  links: CardLinks;
}

/** The words of the business's catalogue; where it has none, those of the host's locale (else English), in that locale's formats. */
export function speaker(data: AppData, hostLocale: string | undefined): AppSpeaker {
  const asked = hostLocale ? [hostLocale, hostLocale.split('-')[0] as string] : [];
  const code = data.catalogue ?? asked.find((c) => Object.hasOwn(data.words, c)) ?? (Object.hasOwn(data.words, 'en') ? 'en' : Object.keys(data.words)[0]);
  const chosen = data.words[code as string] as AppWords;
  let tag = chosen.tag;
  if (data.catalogue === null && hostLocale && hostLocale.split('-')[0] === code) {
    try {
      tag = Intl.getCanonicalLocales(hostLocale)[0] ?? tag;
    } catch {
      // a malformed locale from the host keeps the catalogue's own
    }
  }
  const words = readWords({ ...chosen, tag });
  const plurals = new Intl.PluralRules(tag);
  const decimal = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return {
    ...words,
    app: chosen.app,
    count: (key, n) => words.fill(chosen.plurals[key][plurals.select(n)] ?? chosen.plurals[key].other, { count: words.number(n) }),
    value: (n) => decimal.format(Number(n.toFixed(1))),
    links: {
      technicians: new Map(data.technicians),
      services: new Map(data.services.map(([id, name, url]) => [id, [name, url]])),
      areas: new Map(data.areas),
      sources: new Map(chosen.sources),
    },
  };
}

export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

interface Aggregate {
  rating_value: number | null;
  review_count: number;
  distribution: Record<string, number>;
}

/** get_business: the name, the rating, the stars, the count linking to the reviews page, the histogram. */
export function businessCard(data: AppData, s: AppSpeaker, name: string, rating: Aggregate): HTMLElement {
  const section = el('section', { 'aria-labelledby': 'business' });
  const heading = el('h2', { id: 'business', class: 'app-name' });
  if (data.logo) heading.append(el('img', { src: data.logo, alt: '', class: 'app-logo' }));
  heading.append(name);
  section.append(heading);
  if (rating.rating_value === null) {
    section.append(el('p', { class: 'muted' }, s.app.noReviews));
  } else {
    const box = el('div', { class: 'rating-big' });
    const value = rating.rating_value;
    box.append(
      el('span', { class: 'value' }, s.value(value)),
      el('span', { class: 'stars', role: 'img', 'aria-label': s.say('rating.outOf5', { value: s.value(value) }) }, stars(value)),
    );
    section.append(box);
  }
  const count = el('p');
  count.append(el('a', { href: data.home }, s.count('count.reviews', rating.review_count)));
  section.append(count);
  const list = el('ul', { class: 'histogram', 'aria-label': s.app['histogram.label'] });
  for (const n of [5, 4, 3, 2, 1]) {
    const c = rating.distribution[String(n)] ?? 0;
    const percent = rating.review_count ? Math.round((c / rating.review_count) * 100) : 0;
    const li = el('li');
    const bar = el('span', { class: 'bar', 'aria-hidden': 'true' });
    bar.append(el('span', { style: `width:${percent}%` }));
    li.append(
      el('span', { 'aria-hidden': 'true' }, `${n} ★`),
      bar,
      el('span', { class: 'n', 'aria-hidden': 'true' }, s.number(c)),
      el('span', { class: 'sr-only' }, `${s.count('count.stars', n)}${s.app['punct.colon']}${s.count('count.reviews', c)}`),
    );
    list.append(li);
  }
  section.append(list);
  const all = el('p');
  all.append(el('a', { href: data.home }, s.app['widget.all']));
  section.append(all);
  return section;
}

const stars = (n: number) => '★'.repeat(Math.round(n)) + '☆'.repeat(5 - Math.round(n));

/** A review as a list result gives it, perhaps with some fields left out (`fields`) or its texts cut (`truncated`). */
export type ListedReview = Partial<ReviewJson> & { id: string; truncated?: Record<string, number> };

/** One review card, with a button for the whole review where the list cut its texts. */
export function reviewItem(r: ListedReview, s: AppSpeaker, whole: (id: string, item: HTMLLIElement) => void): HTMLLIElement {
  // a review without its date or rating (a list asked for other fields only) is drawn from what it has
  const full: ReviewJson = { date: '', rating: 0, text: '', author: { name: '' }, source: '', technicians: [], services: [], ...r };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(full.date)) {
    const item = el('li');
    item.append(el('article', { class: 'review', id: `review-${r.id}` }, full.text));
    return item;
  }
  const item = renderCard(full, s.links, s);
  const cut = r.truncated ? Math.max(...Object.values(r.truncated)) : 0;
  if (cut > 0) {
    const button = el('button', { type: 'button', class: 'whole' }, s.fill(s.app['app.whole'], { count: s.number(cut) }));
    button.addEventListener('click', () => whole(r.id, item));
    item.querySelector('article')?.append(button);
  }
  return item;
}
