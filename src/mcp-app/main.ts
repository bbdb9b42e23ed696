// The MCP App: a host draws a tool's result with it in the conversation (SEP-1865). Everything
// it shows comes from tool results, the one the host sends and those it asks for with
// tools/call (the next page, a whole review); it makes no request of its own, as the default
// CSP wants. Review text is only ever set with textContent (src/client/card.ts).
import type { AppData } from '../core/site/app-data.ts';
import { type Bridge, connect, type HostContext, reportSize } from './bridge.ts';
import { type AppSpeaker, businessCard, el, type ListedReview, reviewItem, speaker } from './view.ts';

interface ToolResult {
  structuredContent?: Record<string, unknown>;
  content?: { type: string; text?: string }[];
  isError?: boolean;
}

interface ReviewPage {
  total: number;
  count: number;
  next_offset: number | null;
  since?: string;
  reviews: ListedReview[];
}

const data = JSON.parse(document.getElementById('app-data')?.textContent ?? '{}') as AppData;
const root = document.getElementById('app') as HTMLElement;
const context: HostContext = {};
let args: Record<string, unknown> = {};
let shown: ToolResult | undefined;
/** Reviews added by "next page" since the host's result, and where the list goes on. */
let more: { reviews: ListedReview[]; next: number | null; total: number } | undefined;

function applyContext(bridge: Bridge): void {
  const doc = document.documentElement;
  if (context.theme) doc.dataset.theme = context.theme;
  const font = context.styles?.variables?.['--font-sans'];
  if (font) doc.style.fontFamily = font;
  const max = context.containerDimensions?.maxHeight;
  if (max) doc.style.maxHeight = `${max}px`;
  if (shown) draw(bridge);
}

function statusText(s: AppSpeaker, total: number, count: number): string {
  if (total === 0) return s.say('search.none');
  const sort = args.sort;
  const order = s.say(sort === 'highest' ? 'search.orderHighest' : sort === 'lowest' ? 'search.orderLowest' : 'search.orderNewest');
  const message = s.matches[new Intl.PluralRules(s.tag).select(total)] ?? s.matches.other ?? '';
  return s.fill(message, { count: s.number(total), order, shown: s.number(count) });
}

function draw(bridge: Bridge): void {
  const s = speaker(data, context.locale);
  document.documentElement.lang = s.lang;
  const result = shown as ToolResult;
  const sc = result.structuredContent;
  if (result.isError || !sc) {
    root.replaceChildren(el('p', { class: 'muted', role: 'status' }, result.content?.find((c) => c.type === 'text')?.text ?? ''));
    return;
  }
  const whole = (id: string, item: HTMLLIElement) => void readWhole(bridge, s, id, item);
  if ('business' in sc && 'aggregate_rating' in sc) {
    const business = sc.business as { name: string };
    root.replaceChildren(businessCard(data, s, business.name, sc.aggregate_rating as Parameters<typeof businessCard>[3]));
  } else if (Array.isArray(sc.reviews)) {
    root.replaceChildren(reviewList(bridge, s, sc as unknown as ReviewPage, whole));
  } else if (typeof sc.id === 'string' && typeof sc.rating === 'number') {
    const list = el('ol', { class: 'reviews' });
    list.append(reviewItem(sc as unknown as ListedReview, s, whole));
    root.replaceChildren(list);
  }
}

function reviewList(bridge: Bridge, s: AppSpeaker, page: ReviewPage, whole: (id: string, item: HTMLLIElement) => void): HTMLElement {
  const section = el('section', { id: 'reviews', 'aria-labelledby': 'reviews-title' });
  section.append(el('h2', { id: 'reviews-title' }, data.name));
  const reviews = [...page.reviews, ...(more?.reviews ?? [])];
  const total = more?.total ?? page.total;
  const next = more ? more.next : page.next_offset;
  const status = el('p', { class: 'muted', role: 'status' }, statusText(s, total, reviews.length));
  const list = el('ol', { class: 'reviews' });
  for (const r of reviews) list.append(reviewItem(r, s, whole));
  section.append(status, list);
  if (next !== null) {
    const button = el('button', { type: 'button' }, s.say('search.more'));
    button.addEventListener('click', () => {
      if (more?.next !== null) void nextPage(bridge, s, page, more?.next ?? next, button, status, list, whole);
    });
    section.append(button);
  }
  return section;
}

/** The next page of the same call: tools/call with the same arguments and offset = next_offset, added below. */
async function nextPage(
  bridge: Bridge,
  s: AppSpeaker,
  page: ReviewPage,
  offset: number,
  button: HTMLButtonElement,
  status: HTMLElement,
  list: HTMLElement,
  whole: (id: string, item: HTMLLIElement) => void,
): Promise<void> {
  button.disabled = true;
  list.setAttribute('aria-busy', 'true');
  const name = page.since === undefined ? 'search_reviews' : 'get_reviews_since';
  try {
    const result = await bridge.request<ToolResult>('tools/call', { name, arguments: { ...args, offset } });
    const next = result.structuredContent as unknown as ReviewPage | undefined;
    if (result.isError || !next || !Array.isArray(next.reviews)) throw new Error(result.content?.find((c) => c.type === 'text')?.text ?? 'no result');
    more = { reviews: [...(more?.reviews ?? []), ...next.reviews], next: next.next_offset, total: next.total };
    const first = list.children.length;
    for (const r of next.reviews) list.append(reviewItem(r, s, whole));
    status.textContent = statusText(s, next.total, list.children.length);
    const heading = list.children[first]?.querySelector('h3');
    if (next.next_offset === null) button.remove();
    // keyboard users go on reading where the new reviews start
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  } catch (err) {
    status.textContent = s.fill(s.app['app.failed'], { message: (err as Error).message });
  } finally {
    button.disabled = false;
    list.removeAttribute('aria-busy');
  }
}

/** A review the list cut, whole: tools/call get_review, drawn in its place. */
async function readWhole(bridge: Bridge, s: AppSpeaker, id: string, item: HTMLLIElement): Promise<void> {
  const button = item.querySelector<HTMLButtonElement>('button.whole');
  if (button) button.disabled = true;
  try {
    const result = await bridge.request<ToolResult>('tools/call', { name: 'get_review', arguments: { id } });
    if (result.isError || !result.structuredContent) throw new Error(result.content?.find((c) => c.type === 'text')?.text ?? 'no result');
    const review = result.structuredContent as unknown as ListedReview;
    if (more) more.reviews = more.reviews.map((r) => (r.id === id ? review : r));
    const page = shown?.structuredContent as unknown as ReviewPage | undefined;
    if (page && Array.isArray(page.reviews)) page.reviews = page.reviews.map((r) => (r.id === id ? review : r));
    const fresh = reviewItem(review, s, () => {});
    item.replaceWith(fresh);
    const heading = fresh.querySelector('h3');
    if (heading) {
      heading.tabIndex = -1;
      heading.focus();
    }
  } catch (err) {
    if (button) button.disabled = false;
    item.querySelector('article')?.append(el('p', { class: 'muted', role: 'status' }, s.fill(s.app['app.failed'], { message: (err as Error).message })));
  }
}

function start(): void {
  const { bridge, ready } = connect({ name: 'reviews-app', version: '1.0.0' });
  bridge.on('ui/notifications/tool-input', (params) => {
    args = (params.arguments as Record<string, unknown> | undefined) ?? {};
  });
  bridge.on('ui/notifications/tool-result', (params) => {
    more = undefined;
    const result = params as ToolResult;
    const sc = result.structuredContent;
    if (sc && Array.isArray(sc.reviews) && args.fields !== undefined) {
      // a card needs every field: the same page again without `fields`, drawn when it is there
      const { fields: _, ...all } = args;
      args = all;
      const name = 'since' in sc ? 'get_reviews_since' : 'search_reviews';
      const done = (r: ToolResult) => {
        shown = r;
        draw(bridge);
      };
      bridge.request<ToolResult>('tools/call', { name, arguments: all }).then(done, () => done(result));
      return;
    }
    shown = result;
    draw(bridge);
  });
  bridge.on('ui/notifications/host-context-changed', (params) => {
    Object.assign(context, params);
    applyContext(bridge);
  });
  // Links open through the host (ui/open-link): a sandboxed frame may not navigate or open windows.
  root.addEventListener('click', (event) => {
    const link = (event.target as Element).closest('a');
    if (!link) return;
    event.preventDefault();
    bridge.request('ui/open-link', { url: link.href }).catch(() => {});
  });
  void ready.then((host) => {
    Object.assign(context, host);
    applyContext(bridge);
    reportSize(bridge);
  });
}

start();
