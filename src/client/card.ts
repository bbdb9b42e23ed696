// A review card built in the browser with the same markup as src/components/ReviewCard.astro.
// Every string from a review goes through textContent, never through HTML parsing.
import { textLangOf } from '../core/site/text-lang.ts';
import { type ClientWords, translationLabel } from '../core/site/translation-label.ts';

export interface ReviewJson {
  id: string;
  date: string;
  rating: number;
  title?: string;
  text: string;
  language?: string;
  translation?: { language: string; text: string; by?: string };
  author: { name: string };
  evidence?: { kind: 'job' | 'platform' | 'owner'; platform?: string };
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

/** The page's words, with the formatting the build used for the same locale. */
export interface Words extends ClientWords {
  say(key: keyof ClientWords['text'], vars?: Record<string, string | number>): string;
  /** A message with its `{placeholders}` filled. */
  fill(message: string, vars?: Record<string, string | number>): string;
  date(date: string): string;
  number(n: number): string;
}

export function readWords(words: ClientWords): Words {
  const dates = new Intl.DateTimeFormat(words.tag, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  const numbers = new Intl.NumberFormat(words.tag);
  const fill = (message: string, vars: Record<string, string | number> = {}) =>
    message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
  return {
    ...words,
    say: (key, vars) => fill(words.text[key], vars),
    fill,
    date: (date) => {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      return dates
        .formatToParts(Date.UTC(y, m - 1, d))
        .map((p) => (p.type === 'day' && d === 1 && words.firstDay ? words.firstDay : p.value))
        .join('');
    },
    number: (n) => numbers.format(n),
  };
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const paragraphs = (text: string) => text.split(/\n\s*\n/).filter((p) => p.trim() !== '');

export function renderCard(r: ReviewJson, links: CardLinks, words: Words): HTMLLIElement {
  const li = el('li');
  const article = el('article', { class: 'review', id: `review-${r.id}`, 'aria-labelledby': `review-${r.id}-title` });
  article.append(el('h3', { id: `review-${r.id}-title`, dir: 'auto' }, r.title ?? words.say('review.by', { name: r.author.name })));
  const meta = el('p', { class: 'meta' });
  const stars = el(
    'span',
    { class: 'stars', role: 'img', 'aria-label': words.say('rating.outOf5', { value: words.number(r.rating) }) },
    '★'.repeat(r.rating) + '☆'.repeat(5 - r.rating),
  );
  // a review without a title is headed by its author, so the author is named here only under a title
  meta.append(stars, ...(r.title ? [' · ', el('bdi', {}, r.author.name)] : []), ' · ');
  meta.append(
    el('time', { datetime: r.date }, words.date(r.date)),
    ` · ${r.source.toLowerCase() === 'website' ? words.say('review.onWebsite') : words.say('review.on', { source: links.sources.get(r.source) ?? r.source })}`,
  );
  if (r.evidence) {
    const { kind, platform = '' } = r.evidence;
    const mark =
      kind === 'platform'
        ? words.say('review.evidence.platform', { platform: links.sources.get(platform) ?? platform.charAt(0).toUpperCase() + platform.slice(1) })
        : words.say(kind === 'job' ? 'review.evidence.job' : 'review.evidence.owner');
    const span = el('span', { class: 'evidence' });
    span.append(el('span', { 'aria-hidden': 'true' }, '✓ '), mark);
    meta.append(' · ', span);
  }
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
    const lang = textLangOf(r, words.businessLanguage, words.lang);
    const div = el('div', { class: 'text', ...(lang ? { lang } : {}) });
    for (const t of text) div.append(el('p', { dir: 'auto' }, t));
    article.append(div);
  } else {
    article.append(el('p', { class: 'muted' }, words.say('review.ratedOnly', { rating: r.rating })));
  }
  if (r.translation) {
    const details = el('details', { class: 'translation' });
    details.append(el('summary', {}, translationLabel(r.translation, words.translation)));
    const div = el('div', { lang: r.translation.language });
    for (const t of r.translation.text.split(/\n\s*\n/)) div.append(el('p', { dir: 'auto' }, t));
    details.append(div);
    article.append(details);
  }
  if (r.response) {
    const div = el('div', { class: 'response' });
    const who = el('p', { class: 'who' }, `${words.say('review.response')} · `);
    who.append(el('time', { datetime: r.response.date }, words.date(r.response.date)));
    div.append(who);
    for (const t of r.response.text.split(/\n\s*\n/)) div.append(el('p', { dir: 'auto' }, t));
    article.append(div);
  }
  li.append(article);
  return li;
}
