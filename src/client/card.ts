// A review card built in the browser with the same markup as src/components/ReviewCard.astro.
// Every string from a review goes through textContent, never through HTML parsing.
import { translationLabel } from '../core/site/translation-label.ts';

export interface ReviewJson {
  id: string;
  date: string;
  rating: number;
  title?: string;
  text: string;
  translation?: { language: string; text: string; by?: string };
  author: { name: string };
  source: string;
  technicians: string[];
  services: string[];
  service_area?: string;
  response?: { date: string; text: string };
}

export interface CardLinks {
  technicians: Map<string, string>;
  /** id → [name, path] */
  services: Map<string, [string, string]>;
  areas: Map<string, string>;
  sources: Map<string, string>;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function formatDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${MONTHS[m - 1]} ${d}, ${y}`;
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const paragraphs = (text: string) => text.split(/\n\s*\n/).filter((p) => p.trim() !== '');

export function renderCard(r: ReviewJson, links: CardLinks): HTMLLIElement {
  const li = el('li');
  const article = el('article', { class: 'review', id: `review-${r.id}`, 'aria-labelledby': `review-${r.id}-title` });
  article.append(el('h3', { id: `review-${r.id}-title`, dir: 'auto' }, r.title ?? `Review by ${r.author.name}`));
  const meta = el('p', { class: 'meta' });
  const stars = el('span', { class: 'stars', role: 'img', 'aria-label': `${r.rating} out of 5 stars` }, '★'.repeat(r.rating) + '☆'.repeat(5 - r.rating));
  meta.append(
    stars,
    ' · ',
    el('bdi', {}, r.author.name),
    ' · ',
    el('time', { datetime: r.date }, formatDate(r.date)),
    ` · on ${links.sources.get(r.source) ?? r.source}`,
  );
  article.append(meta);
  const about: [string, string][] = [
    ...r.technicians.map((t): [string, string] => [t, links.technicians.get(t) ?? '/']),
    ...r.services.map((s): [string, string] => links.services.get(s) ?? [s, '/']),
    ...(r.service_area ? [[r.service_area, links.areas.get(r.service_area) ?? '/'] as [string, string]] : []),
  ];
  if (about.length > 0) {
    const p = el('p', { class: 'about' });
    about.forEach(([name, path], i) => {
      if (i > 0) p.append(' · ');
      p.append(el('a', { href: path }, name));
    });
    article.append(p);
  }
  const text = paragraphs(r.text);
  if (text.length > 0) {
    const div = el('div', { class: 'text' });
    for (const t of text) div.append(el('p', { dir: 'auto' }, t));
    article.append(div);
  } else {
    article.append(el('p', { class: 'muted' }, `Rated ${r.rating} out of 5, without a written review.`));
  }
  if (r.translation) {
    const details = el('details', { class: 'translation' });
    details.append(el('summary', {}, translationLabel(r.translation)));
    const div = el('div', { lang: r.translation.language });
    for (const t of r.translation.text.split(/\n\s*\n/)) div.append(el('p', { dir: 'auto' }, t));
    details.append(div);
    article.append(details);
  }
  if (r.response) {
    const div = el('div', { class: 'response' });
    const who = el('p', { class: 'who' }, 'Response from the owner · ');
    who.append(el('time', { datetime: r.response.date }, formatDate(r.response.date)));
    div.append(who);
    for (const t of r.response.text.split(/\n\s*\n/)) div.append(el('p', { dir: 'auto' }, t));
    article.append(div);
  }
  li.append(article);
  return li;
}
