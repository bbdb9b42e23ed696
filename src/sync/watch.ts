// The no-server Worker's watch, runtime-free: every Cron Trigger asks each configured source for
// its newest reviews (one small page), compares them with what the live build holds (the marks
// the build carried in), and on news starts the sync workflow, at most one dispatch in flight.
// The Durable Object in sidecar/runtime/cloudflare/source-watch.ts keeps its state and logs its lines.
import { googleNewest, isNews, type SourceMark, trustpilotNewest } from '../core/import/newest.ts';
import type { SyncSettings } from '../settings/sync.ts';
import type { WatchSettings } from '../settings/watch.ts';
import { dispatchWorkflow, GITHUB } from './dispatch.ts';
import { type FailureKind, redact, SyncError } from './errors.ts';
import { type AccessToken, GOOGLE, getReviewsPage, googleTokens } from './google.ts';
import type { HttpOptions } from './http.ts';
import { getTrustpilotPage, TRUSTPILOT } from './trustpilot.ts';

/** Reviews asked for per check: the newest few are enough to see the newest change. */
export const WATCH_PAGE_SIZE = 10;
/** Longest wait for one answer: a check must end well before the next one starts. */
export const WATCH_TIMEOUT_S = 10;
/** A dispatch is in flight this long unless a new build goes live first; doubled while the same news stays unanswered. */
export const DISPATCH_HOLD_MS = 3_600_000;
const MAX_HOLD_MS = 24 * DISPATCH_HOLD_MS;

export type CheckOutcome = 'quiet' | 'news' | 'failed' | 'waiting';

export interface SourceCheck {
  at: string;
  outcome: CheckOutcome;
  /** What the source showed newest */
  seen?: SourceMark;
  kind?: FailureKind;
  error?: string;
  /** Epoch ms before which the source is not asked again (its Retry-After) */
  retryAt?: number;
}

export interface WatchState {
  sources: Record<string, SourceCheck>;
  /** The dispatch in flight: sent at, for which live build, how many times for the same build */
  dispatch?: { at: number; build: string; tries: number };
  /** The last dispatch attempt and how it went */
  lastDispatch?: { at: string; outcome: 'sent' | 'failed'; error?: string; retryAt?: number };
  googleToken?: AccessToken;
}

/** What the live build holds: its id and each source's newest review when it was synced. */
export interface LiveBuild {
  buildId: string;
  marks: Record<string, SourceMark>;
}

export interface WatchConfig {
  sync: Pick<SyncSettings, 'google' | 'trustpilot' | 'secrets'>;
  watch: WatchSettings;
}

export interface CheckResult {
  state: WatchState;
  /** One line per source and one for the dispatch, without any secret */
  lines: string[];
  dispatched: boolean;
}

const holdMs = (tries: number) => Math.min(MAX_HOLD_MS, DISPATCH_HOLD_MS * 2 ** Math.max(0, tries - 1));

/** The sources the settings turn on. */
export const watchedSources = (config: Pick<WatchConfig, 'sync'>) => [...(config.sync.google ? [GOOGLE] : []), ...(config.sync.trustpilot ? [TRUSTPILOT] : [])];

/** Whether the watch has something to do: a source and a repository to dispatch to. */
export const watchConfigured = (config: WatchConfig) => watchedSources(config).length > 0 && config.watch.repository !== '';

async function newestOf(
  source: string,
  config: Pick<WatchConfig, 'sync'>,
  http: HttpOptions,
  state: WatchState,
  secrets: string[],
): Promise<SourceMark | undefined> {
  const { google, trustpilot } = config.sync;
  if (source === GOOGLE && google) {
    const tokens = googleTokens(google, http, secrets, state.googleToken, (token) => {
      state.googleToken = token;
    });
    if (state.googleToken) secrets.push(state.googleToken.value);
    const res = await getReviewsPage(google, http, tokens, WATCH_PAGE_SIZE);
    return googleNewest(parsed(GOOGLE, res.text));
  }
  if (source === TRUSTPILOT && trustpilot) return trustpilotNewest(parsed(TRUSTPILOT, (await getTrustpilotPage(trustpilot, http, 1, WATCH_PAGE_SIZE)).text));
  return undefined;
}

function parsed(source: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SyncError(source, 'data', `${source}'s answer is not JSON`);
  }
}

/**
 * Asks every configured source not waiting out a Retry-After for its newest review and compares
 * it with `marks`; records each outcome in `state` (and the Google access token it used).
 * Returns the sources with news and one line each. `secrets` gains the access tokens.
 */
export async function askSources(
  config: Pick<WatchConfig, 'sync'>,
  marks: LiveBuild['marks'],
  state: WatchState,
  now: number,
  http: HttpOptions,
  secrets: string[],
): Promise<{ news: string[]; lines: string[] }> {
  const at = new Date(now).toISOString();
  const lines: string[] = [];
  const news: string[] = [];
  for (const source of watchedSources(config)) {
    const last = state.sources[source];
    if (last?.retryAt !== undefined && last.retryAt > now) {
      state.sources[source] = { ...last, at, outcome: 'waiting' };
      lines.push(`${source}: waiting until ${new Date(last.retryAt).toISOString()} (Retry-After)`);
      continue;
    }
    try {
      const seen = await newestOf(source, config, http, state, secrets);
      const isNew = isNews(seen, marks[source]);
      state.sources[source] = { at, outcome: isNew ? 'news' : 'quiet', ...(seen ? { seen } : {}) };
      if (isNew) news.push(source);
      lines.push(`${source}: ${isNew ? `news (${seen?.id} changed ${seen?.at})` : 'quiet'}`);
    } catch (err) {
      const e = err instanceof SyncError ? err : new SyncError(source, 'transient', (err as Error).message);
      // a token Google no longer takes is not kept
      if (source === GOOGLE && e.kind === 'authorisation') delete state.googleToken;
      const retryAt = e.retryAfterS !== undefined && e.retryAfterS > 0 ? now + e.retryAfterS * 1000 : undefined;
      state.sources[source] = {
        at,
        outcome: 'failed',
        kind: e.kind,
        error: redact(e.message, secrets),
        ...(retryAt ? { retryAt } : {}),
        ...(last?.seen ? { seen: last.seen } : {}),
      };
      lines.push(`${source}: failed (${e.kind}): ${e.message}`);
    }
  }
  return { news, lines: lines.map((line) => redact(line, secrets)) };
}

/** One check: asks the sources, then dispatches when something is news and no dispatch is in flight. */
export async function checkSources(config: WatchConfig, live: LiveBuild, before: WatchState, now: number, http: HttpOptions): Promise<CheckResult> {
  const state: WatchState = { ...before, sources: { ...before.sources } };
  const secrets = [...config.sync.secrets, ...(config.watch.token ? [config.watch.token] : [])];
  const at = new Date(now).toISOString();
  const { news, lines } = await askSources(config, live.marks, state, now, http, secrets);
  // A new build live ends the dispatch in flight: its sync read what was new.
  if (state.dispatch && state.dispatch.build !== live.buildId) delete state.dispatch;
  let dispatched = false;
  if (news.length > 0) {
    const inFlight = state.dispatch && now < state.dispatch.at + holdMs(state.dispatch.tries);
    const retryAt = state.lastDispatch?.retryAt;
    if (inFlight && state.dispatch) lines.push(`${GITHUB}: a dispatch is in flight since ${new Date(state.dispatch.at).toISOString()}; none sent`);
    else if (retryAt !== undefined && retryAt > now) lines.push(`${GITHUB}: waiting until ${new Date(retryAt).toISOString()} (Retry-After); none sent`);
    else {
      try {
        await dispatchWorkflow(config.watch, http);
        const tries = state.dispatch?.build === live.buildId ? state.dispatch.tries + 1 : 1;
        state.dispatch = { at: now, build: live.buildId, tries };
        state.lastDispatch = { at, outcome: 'sent' };
        dispatched = true;
        lines.push(`${GITHUB}: dispatched ${config.watch.workflow} on ${config.watch.ref} for ${news.join(', ')}`);
      } catch (err) {
        const e = err instanceof SyncError ? err : new SyncError(GITHUB, 'transient', (err as Error).message);
        const after = e.retryAfterS !== undefined && e.retryAfterS > 0 ? now + e.retryAfterS * 1000 : undefined;
        state.lastDispatch = { at, outcome: 'failed', error: e.message, ...(after ? { retryAt: after } : {}) };
        lines.push(`${GITHUB}: dispatch failed (${e.kind}): ${e.message}; the next check tries again`);
      }
    }
  }
  const scrub = (text: string) => redact(text, secrets);
  if (state.lastDispatch?.error) state.lastDispatch.error = scrub(state.lastDispatch.error);
  return { state, lines: lines.map(scrub), dispatched };
}

/** What `npm run status` shows of the state: never the access token. */
export function watchReport(state: WatchState, live: LiveBuild) {
  const { googleToken: _token, ...shown } = state;
  return { build: live.buildId, marks: live.marks, ...shown };
}
