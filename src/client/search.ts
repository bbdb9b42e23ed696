// The home page's search and filters (src/components/SearchPanel.astro), in the browser.
// Progressive enhancement: the form stays hidden without this script. The URL holds the
// search (?query=…&rating=5), so a search can be shared and the back button restores it.
// Review text is only ever set with textContent.
import type { ClientWords } from '../core/site/translation-label.ts';
import { type CardLinks, type ReviewJson, readWords, renderCard } from './card.ts';

const FIELDS = ['query', 'rating', 'mentions_technician', 'mentions_service', 'service_area', 'source', 'sort', 'has_text'] as const;
const PAGE = 50;

interface Links {
  technicians: [string, string][];
  services: [string, string, string][];
  areas: [string, string][];
  sources: [string, string][];
}

function paramsFromForm(form: HTMLFormElement): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    const v = String(value).trim();
    if (v && (key !== 'sort' || v !== 'newest')) params.set(key, v);
  }
  return params;
}

function fillForm(form: HTMLFormElement, params: URLSearchParams): void {
  for (const name of FIELDS) {
    const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    if (!field) continue;
    const value = params.get(name) ?? '';
    if (field instanceof HTMLInputElement && field.type === 'checkbox') field.checked = value === 'true';
    else field.value = value || (name === 'sort' ? 'newest' : '');
  }
}

/** Only the parameters the form knows; anything else in the URL is ignored. */
function known(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const name of FIELDS) {
    const v = params.get(name);
    if (v) out.set(name, v);
  }
  return out;
}

export function startSearch(): void {
  const form = document.getElementById('search') as HTMLFormElement | null;
  const list = document.getElementById('review-list');
  const status = document.getElementById('search-status');
  const linksBlock = document.getElementById('search-links');
  const wordsBlock = document.getElementById('search-words');
  if (!form || !list || !status || !linksBlock || !wordsBlock) return;
  const words = readWords(JSON.parse(wordsBlock.textContent ?? '{}') as ClientWords);
  const plurals = new Intl.PluralRules(words.tag);
  const raw = JSON.parse(linksBlock.textContent ?? '{}') as Links;
  const links: CardLinks = {
    technicians: new Map(raw.technicians),
    services: new Map(raw.services.map(([id, name, path]) => [id, [name, path]])),
    areas: new Map(raw.areas),
    sources: new Map(raw.sources),
  };
  const original = [...list.children];
  const heading = document.getElementById('reviews-title');
  const originalHeading = heading?.textContent ?? '';
  const more = document.createElement('button');
  more.type = 'button';
  more.textContent = words.say('search.more');
  more.hidden = true;
  list.after(more);
  let current = new URLSearchParams();
  let shown = 0;
  let request = 0;

  async function run(params: URLSearchParams, append: boolean): Promise<void> {
    const id = ++request;
    const query = new URLSearchParams(params);
    query.set('limit', String(PAGE));
    query.set('offset', String(append ? shown : 0));
    status!.textContent = words.say('search.searching');
    let body: { total: number; count: number; reviews: ReviewJson[]; message?: string };
    try {
      const res = await fetch(`/api/reviews/search?${query}`, { headers: { Accept: 'application/json' } });
      body = await res.json();
      if (!res.ok) throw new Error(body.message ?? `HTTP ${res.status}`);
    } catch (err) {
      if (id === request) status!.textContent = words.say('search.failed', { message: (err as Error).message });
      return;
    }
    if (id !== request) return;
    if (!append) {
      list!.replaceChildren();
      shown = 0;
    }
    for (const r of body.reviews) list!.append(renderCard(r, links, words));
    shown += body.count;
    more.hidden = shown >= body.total;
    const sort = params.get('sort');
    const order = words.say(sort === 'highest' ? 'search.orderHighest' : sort === 'lowest' ? 'search.orderLowest' : 'search.orderNewest');
    if (heading) heading.textContent = words.say('search.results');
    const matches = words.matches[plurals.select(body.total)] ?? words.matches.other ?? '';
    status!.textContent =
      body.total === 0 ? words.say('search.none') : words.fill(matches, { count: words.number(body.total), order, shown: words.number(shown) });
  }

  function apply(params: URLSearchParams): void {
    current = known(params);
    fillForm(form!, current);
    if ([...current.keys()].length === 0) {
      request += 1;
      list!.replaceChildren(...original);
      more.hidden = true;
      status!.textContent = '';
      if (heading) heading.textContent = originalHeading;
      return;
    }
    void run(current, false);
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const params = paramsFromForm(form);
    const search = params.toString();
    history.pushState(null, '', search ? `?${search}#reviews` : `${location.pathname}#reviews`);
    apply(params);
  });
  form.addEventListener('reset', () => {
    // after the browser has cleared the fields
    setTimeout(() => {
      history.pushState(null, '', location.pathname);
      apply(new URLSearchParams());
    });
  });
  more.addEventListener('click', () => void run(current, true));
  window.addEventListener('popstate', () => apply(new URLSearchParams(location.search)));
  form.hidden = false;
  if (location.search) apply(new URLSearchParams(location.search));
}
