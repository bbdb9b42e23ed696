// <reviews-widget>: the business's rating and newest reviews on any website, served as
// /widget.js (types stripped at build time, src/pages/widget.js.ts). No dependencies, no
// cookies (fetch with credentials: 'omit'), no eval, nothing inline: styles are a
// constructed stylesheet adopted by the shadow root, which a host page's CSP does not
// govern, and every string from a review is set with textContent.
//
// <script src="{base_url}/widget.js" defer></script>
// <reviews-widget layout="list" limit="5" min-stars="4" technician="José Martínez" service="ac-repair" lang="fr"></reviews-widget>
//
// It speaks the business's language; `lang` picks another of the catalogues (a bilingual
// business embeds one of each). The words come from src/core/i18n, filled in by the build.

// A type-only import: type stripping removes it, so widget.js stays one file.
import type { ReviewJson } from '../client/card.ts';

interface Aggregate {
  rating_value: number | null;
  review_count: number;
}
interface FacetRating {
  name: string;
  url: string;
  aggregate_rating: Aggregate;
  id?: string;
}
interface Ratings {
  business: { name: string; url: string };
  aggregate_rating: Aggregate;
  /** Absent from a build older than evidence */
  evidence?: { job: number; platform: number; owner: number; none: number };
  technicians: FacetRating[];
  services: (FacetRating & { id: string })[];
}
type WidgetReview = ReviewJson;
type Plural = { other: string } & Partial<Record<Intl.LDMLPluralRule, string>>;
interface Words {
  language: string;
  tag: string;
  catalogues: Record<string, { dir?: 'rtl'; firstDay?: string; messages: Record<string, string | Plural> }>;
}

const WORDS = /* build: widget words */ null as unknown as Words;
type Colors = Record<'accent' | 'star' | 'brand' | 'on-brand', string>;
/** The brand's derived colours, light and dark, and its logo's path on ORIGIN. */
const BRAND = /* build: widget brand */ null as unknown as { light: Colors; dark: Colors; logo?: string };
const vars = (c: Colors) => `--accent: ${c.accent}; --star: ${c.star}; --brand: ${c.brand}; --on-brand: ${c['on-brand']};`;

const SCRIPT = document.currentScript as HTMLScriptElement | null;
/** Where the data lives: the origin this script was loaded from. */
const ORIGIN = new URL(SCRIPT?.src || '/', location.href).origin;
const LAYOUTS = ['list', 'badge', 'carousel'] as const;
type Layout = (typeof LAYOUTS)[number];
const MAX_LIMIT = 20;
const MAX_TEXT = 320;

// Every colour is a custom property of the host element and every element a ::part() named
// by its class (docs/theming.md), so that the host page can restyle it under its own CSP.
const CSS = `
:host { display: block; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1c1c1e; ${vars(BRAND.light)} }
:host([layout="badge"]) { display: inline-block; }
* { box-sizing: border-box; }
a { color: var(--accent); }
.box { background: #fff; border: 1px solid #e2dfd8; border-radius: 10px; padding: 12px 14px; }
.head { display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 10px; margin: 0 0 8px; }
.value { font-size: 1.6em; font-weight: 700; }
.stars { color: var(--star); letter-spacing: 1px; white-space: nowrap; }
.name { font-weight: 600; margin: 0; display: flex; align-items: center; gap: 8px; }
.logo { height: 28px; width: auto; }
.note, .meta, .reply { color: #52525b; font-size: 0.88em; }
ol { list-style: none; margin: 0; padding: 0; display: grid; gap: 10px; }
li { border-top: 1px solid #e2dfd8; padding-top: 8px; }
p { margin: 0 0 4px; }
.title { font-weight: 600; }
.text { white-space: pre-line; }
.carousel ol { display: flex; overflow-x: auto; scroll-snap-type: x mandatory; gap: 12px; }
.carousel li { flex: 0 0 min(85%, 320px); scroll-snap-align: start; border: 1px solid #e2dfd8; border-radius: 8px; padding: 8px 10px; }
.nav { display: flex; gap: 8px; margin-top: 8px; }
button { font: inherit; padding: 4px 12px; border: 1px solid #52525b; border-radius: 6px; background: #fff; color: #1c1c1e; cursor: pointer; }
a:focus-visible, button:focus-visible, ol:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
.badge { display: inline-flex; align-items: center; gap: 8px; padding: 6px 12px; border: 1px solid #e2dfd8; border-radius: 999px; background: #fff; text-decoration: none; color: #1c1c1e; }
@media (prefers-color-scheme: dark) {
  :host { color: #ececee; ${vars(BRAND.dark)} }
  .box, .badge, button { background: #1b1c1f; border-color: #33343a; color: #ececee; }
  li, .carousel li { border-color: #33343a; }
  .note, .meta, .reply { color: #a9a9b2; }
}`;

let sheet: CSSStyleSheet | undefined;
function styles(): CSSStyleSheet[] {
  if (!('adoptedStyleSheets' in Document.prototype)) return [];
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
  }
  return [sheet];
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, cls?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (cls) {
    node.className = cls;
    node.setAttribute('part', cls);
  }
  if (text !== undefined) node.textContent = text;
  return node;
}

function link(href: string, text: string): HTMLAnchorElement {
  const a = el('a', undefined, text);
  // only our own http(s) URLs: a URL from the data can never become javascript:
  const url = new URL(href, ORIGIN);
  a.href = url.protocol === 'https:' || url.protocol === 'http:' ? url.href : ORIGIN;
  a.target = '_blank';
  a.rel = 'noopener';
  return a;
}

const starsText = (n: number) => '★'.repeat(Math.round(n)) + '☆'.repeat(5 - Math.round(n));

/** The widget's words and formats in one language: the `lang` attribute's when there is a catalogue for it, else the business's. */
class Speaker {
  lang: string;
  dir: string;
  #messages: Record<string, string | Plural>;
  #numbers: Intl.NumberFormat;
  #decimal: Intl.NumberFormat;
  #dates: Intl.DateTimeFormat;
  #plurals: Intl.PluralRules;
  #firstDay: string | undefined;

  constructor(wanted: string | null) {
    const asked = wanted?.trim() ?? '';
    // the catalogue asked for ("de-AT", else "de"), if there is one
    const code = [asked, asked.split('-')[0] as string].find((c) => Object.hasOwn(WORDS.catalogues, c));
    const catalogue = WORDS.catalogues[code ?? WORDS.language] as Words['catalogues'][string];
    // the business's own language keeps its country's formats (de-AT), another one is as asked
    let tag = code === undefined || code === WORDS.language ? WORDS.tag : asked;
    try {
      tag = Intl.getCanonicalLocales(tag)[0] ?? WORDS.tag;
    } catch {
      tag = WORDS.tag;
    }
    this.lang = code === undefined ? WORDS.language : asked;
    this.dir = catalogue.dir ?? 'ltr';
    this.#messages = catalogue.messages;
    this.#numbers = new Intl.NumberFormat(tag);
    this.#decimal = new Intl.NumberFormat(tag, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    this.#dates = new Intl.DateTimeFormat(tag, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
    this.#plurals = new Intl.PluralRules(tag);
    this.#firstDay = catalogue.firstDay;
  }

  /** A message with its placeholders filled; a plural one by `count`, which is written as a number of this language. */
  say(key: string, vars: Record<string, string | number> = {}): string {
    let message = this.#messages[key] ?? key;
    if (typeof message !== 'string') message = message[this.#plurals.select(Number(vars.count))] ?? message.other;
    const filled: Record<string, string | number> = typeof vars.count === 'number' ? { ...vars, count: this.#numbers.format(vars.count) } : vars;
    return message.replace(/\{(\w+)\}/g, (whole, name: string) => (name in filled ? String(filled[name]) : whole));
  }

  count(n: number): string {
    return this.say('count.reviews', { count: n });
  }

  number(n: number): string {
    return this.#numbers.format(n);
  }

  value(n: number): string {
    return this.#decimal.format(Number(n.toFixed(1)));
  }

  date(d: string): string {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    const first = this.#firstDay;
    const parts = this.#dates.formatToParts(Date.UTC(y, m - 1, day));
    return parts.map((p) => (p.type === 'day' && day === 1 && first ? first : p.value)).join('');
  }
}

function intAttr(value: string | null, min: number, max: number, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

/** The widget's content says which language it is in, whatever the host page's. */
function speak(node: HTMLElement, s: Speaker): HTMLElement {
  node.lang = s.lang;
  node.dir = s.dir;
  return node;
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${ORIGIN}${path}`, { credentials: 'omit', headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return (await res.json()) as T;
}

class ReviewsWidget extends HTMLElement {
  static observedAttributes = ['layout', 'limit', 'min-stars', 'technician', 'service', 'lang'];
  #root: ShadowRoot;
  #pending = 0;

  constructor() {
    super();
    this.#root = this.attachShadow({ mode: 'open' });
    this.#root.adoptedStyleSheets = styles();
  }

  connectedCallback(): void {
    void this.#render();
  }

  attributeChangedCallback(): void {
    if (this.isConnected) void this.#render();
  }

  async #render(): Promise<void> {
    const run = ++this.#pending;
    const layout: Layout = (LAYOUTS as readonly string[]).includes(this.getAttribute('layout') ?? '') ? (this.getAttribute('layout') as Layout) : 'list';
    const limit = intAttr(this.getAttribute('limit'), 1, MAX_LIMIT, 5);
    const minStars = intAttr(this.getAttribute('min-stars'), 1, 5, 1);
    const technician = this.getAttribute('technician')?.trim() || undefined;
    const service = this.getAttribute('service')?.trim() || undefined;
    const speaker = new Speaker(this.getAttribute('lang'));
    try {
      const ratings = await getJson<Ratings>('/api/ratings.json');
      const facet = technician
        ? ratings.technicians.find((t) => t.name.toLowerCase() === technician.toLowerCase())
        : service
          ? ratings.services.find((s) => s.id === service)
          : undefined;
      if ((technician || service) && !facet)
        throw new Error(technician ? speaker.say('widget.noTechnician', { name: technician }) : speaker.say('widget.noService', { name: service ?? '' }));
      const rating = facet ? facet.aggregate_rating : ratings.aggregate_rating;
      const url = facet ? facet.url : ratings.business.url;
      const label = facet ? `${ratings.business.name}: ${facet.name}` : ratings.business.name;
      let reviews: WidgetReview[] = [];
      let shownTotal = rating.review_count;
      if (layout !== 'badge') {
        // the search compares names ignoring accents; ask for more and keep this exact technician
        const q = new URLSearchParams({ limit: String(technician ? Math.min(100, limit * 2) : limit) });
        if (minStars > 1) q.set('min_rating', String(minStars));
        if (technician && facet) q.set('mentions_technician', facet.name);
        if (service) q.set('mentions_service', service);
        const found = await getJson<{ total: number; reviews: WidgetReview[] }>(`/api/reviews/search?${q}`);
        reviews = found.reviews.filter((r) => !facet || !technician || r.technicians.includes(facet.name)).slice(0, limit);
        shownTotal = found.total;
      }
      if (run !== this.#pending) return;
      // the site's evidence counts, said only beside the site's own rating, never a facet's
      const e = facet ? undefined : ratings.evidence;
      const verified = e && { count: e.job + e.platform + e.owner, total: e.job + e.platform + e.owner + e.none };
      const shown =
        layout === 'badge'
          ? this.#badge(speaker, label, rating, url)
          : this.#list(speaker, layout, label, rating, url, reviews, minStars, shownTotal, verified);
      this.#root.replaceChildren(speak(shown, speaker));
    } catch (err) {
      if (run !== this.#pending) return;
      const box = el('div', 'box');
      box.append(el('p', 'note', speaker.say('widget.failed', { message: (err as Error).message })), link(ORIGIN, speaker.say('widget.read')));
      this.#root.replaceChildren(speak(box, speaker));
    }
  }

  #badge(s: Speaker, label: string, rating: Aggregate, url: string): HTMLElement {
    const a = link(url, '');
    a.className = 'badge';
    a.setAttribute('part', 'badge');
    if (rating.rating_value === null) a.append(el('span', undefined, s.say('widget.empty', { label })));
    else {
      const stars = el('span', 'stars', starsText(rating.rating_value));
      stars.setAttribute('aria-hidden', 'true');
      a.append(el('strong', undefined, s.value(rating.rating_value)), stars, el('span', undefined, s.count(rating.review_count)));
      a.setAttribute('aria-label', s.say('widget.rated', { label, value: s.value(rating.rating_value), count: s.count(rating.review_count) }));
    }
    return a;
  }

  #list(
    s: Speaker,
    layout: Layout,
    label: string,
    rating: Aggregate,
    url: string,
    reviews: WidgetReview[],
    minStars: number,
    shownTotal: number,
    verified: { count: number; total: number } | undefined,
  ): HTMLElement {
    const box = el('section', `box ${layout}`);
    box.setAttribute('aria-label', s.say('widget.reviewsOf', { label }));
    const name = el('p', 'name');
    if (BRAND.logo) {
      const logo = el('img', 'logo');
      logo.src = new URL(BRAND.logo, ORIGIN).href;
      logo.alt = '';
      name.append(logo);
    }
    name.append(label);
    box.append(name);
    const head = el('p', 'head');
    if (rating.rating_value === null) head.append(el('span', undefined, s.say('noReviews')));
    else {
      const stars = el('span', 'stars', starsText(rating.rating_value));
      stars.setAttribute('role', 'img');
      stars.setAttribute('aria-label', s.say('rating.outOf5', { value: s.value(rating.rating_value) }));
      head.append(el('span', 'value', s.value(rating.rating_value)), stars, link(url, s.count(rating.review_count)));
    }
    box.append(head);
    if (minStars > 1) {
      // honesty: say what the filter hides, in the widget's own words
      const hidden = rating.review_count - shownTotal;
      box.append(el('p', 'note', s.say('widget.minStars', { stars: minStars, count: hidden })));
    }
    const list = el('ol');
    if (layout === 'carousel') {
      list.tabIndex = 0;
      list.setAttribute('aria-label', s.say('widget.scroll'));
    }
    for (const r of reviews) {
      const li = el('li');
      const meta = el('p', 'meta');
      const stars = el('span', 'stars', starsText(r.rating));
      stars.setAttribute('role', 'img');
      stars.setAttribute('aria-label', s.say('rating.outOf5', { value: r.rating }));
      meta.append(stars, ` · ${r.author.name} · ${s.date(r.date)}`);
      if (r.evidence) meta.append(` · ✓ ${mark(s, r.evidence)}`);
      li.append(meta);
      if (r.title) li.append(el('p', 'title', r.title));
      const text = r.text.trim();
      const body = el(
        'p',
        'text',
        text ? (text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT).replace(/\s+\S*$/, '')}…` : text) : s.say('review.ratedOnly', { rating: r.rating }),
      );
      // a review is in the business's language unless Google translated it into that language
      const translatedIn = r.translation?.language.split('-')[0];
      if (text && s.lang.split('-')[0] !== WORDS.language) body.lang = translatedIn === WORDS.language ? '' : WORDS.language;
      li.append(body);
      if (r.response) li.append(el('p', 'reply', s.say('widget.replied', { date: s.date(r.response.date) })));
      list.append(li);
    }
    box.append(list);
    if (layout === 'carousel' && reviews.length > 1) {
      const nav = el('div', 'nav');
      // right to left, the next review is further left
      const step = (dir: number) => () => list.scrollBy({ left: (s.dir === 'rtl' ? -dir : dir) * list.clientWidth * 0.85, behavior: 'smooth' });
      const prev = el('button', undefined, s.say('widget.previous'));
      const next = el('button', undefined, s.say('widget.next'));
      prev.type = 'button';
      next.type = 'button';
      prev.addEventListener('click', step(-1));
      next.addEventListener('click', step(1));
      nav.append(prev, next);
      box.append(nav);
    }
    const foot = el('p', 'note');
    foot.append(link(url, s.say('widget.all')));
    if (verified && verified.total > 0) foot.append(s.say('widget.verified', { count: verified.count, total: s.number(verified.total) }));
    box.append(foot);
    return box;
  }
}

/** A review's evidence in the widget's words ("verified by Trustpilot"). */
function mark(s: Speaker, evidence: NonNullable<WidgetReview['evidence']>): string {
  if (evidence.kind !== 'platform') return s.say(evidence.kind === 'job' ? 'review.evidence.job' : 'review.evidence.owner');
  const p = evidence.platform ?? '';
  return s.say('review.evidence.platform', { platform: p.charAt(0).toUpperCase() + p.slice(1) });
}

if (!customElements.get('reviews-widget')) customElements.define('reviews-widget', ReviewsWidget);
