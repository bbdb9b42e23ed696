// The watch's Durable Object (binding WATCH, one instance): the Cron Trigger's check of the
// sources (src/sync/watch.ts) runs here, so its state (each source's last outcome, the dispatch
// in flight, the cached Google access token) is in one durable place, and two checks never
// overlap. Its own object rather than the hub's: a check never waits behind the hub's deliveries,
// and a damaged hub store never stops the watch. The operator reads its state with a request
// signed like the publish ping (`npm run status`).

import { redact } from '../../../src/sync/errors.ts';
import { checkSources, type LiveBuild, WATCH_TIMEOUT_S, type WatchConfig, type WatchState, watchConfigured, watchReport } from '../../../src/sync/watch.ts';
import { PUBLISH_SIGNATURE_HEADER, publishVerifier } from '../../hub/publish-signature.ts';
import { WATCH_STATUS_PATH, type WorkerBuild, type WorkerEnv } from './bindings.ts';
import { objectNamed } from './object-stub.ts';
import { hubSettings, syncSecrets, watchConfig } from './settings.ts';
import type { DurableObjectState } from './types.ts';

declare const __WORKER_BUILD__: WorkerBuild;

const WATCH_NAME = 'watch';
const STATE_KEY = 'state';
/** The path the entry's scheduled handler asks; no client reaches it (only the entry holds the binding). */
const CHECK_PATH = '/check';

const json = (status: number, body: unknown) => new Response(`${JSON.stringify(body, null, 1)}\n`, { status, headers: { 'content-type': 'application/json' } });

export class WatchObject {
  readonly #storage: DurableObjectState['storage'];
  readonly #env: WorkerEnv;
  readonly #live: LiveBuild;
  #checking = false;
  #verifier: ReturnType<typeof publishVerifier> | undefined;

  constructor(state: DurableObjectState, env: WorkerEnv) {
    this.#storage = state.storage;
    this.#env = env;
    this.#live = { buildId: __WORKER_BUILD__.manifest.build_id, marks: __WORKER_BUILD__.marks };
  }

  async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    if (path === CHECK_PATH && request.method === 'POST') return json(200, await this.check());
    if (path === WATCH_STATUS_PATH) return this.status(request);
    return json(404, { error: 'not found' });
  }

  /** One check; its outcome per source is logged, one line each, and stored. */
  async check(): Promise<{ ran: boolean; dispatched: boolean }> {
    const log = (line: string) => console.info(`watch: ${line}`);
    if (this.#checking) {
      log('the last check is still running; this one is skipped');
      return { ran: false, dispatched: false };
    }
    this.#checking = true;
    try {
      let config: WatchConfig;
      try {
        config = watchConfig(this.#env);
      } catch (err) {
        log(`the settings are wrong, nothing checked: ${redact((err as Error).message, syncSecrets(this.#env))}`);
        return { ran: false, dispatched: false };
      }
      if (!watchConfigured(config)) {
        log('no source or no SYNC_DISPATCH_REPOSITORY is set: nothing to watch');
        return { ran: false, dispatched: false };
      }
      const before = (await this.#storage.get<WatchState>(STATE_KEY)) ?? { sources: {} };
      const http = { timeoutS: WATCH_TIMEOUT_S, timeoutWhy: 'the watch waits no longer', retries: 0, maxRetryAfterS: 0, log };
      const result = await checkSources(config, this.#live, before, Date.now(), http);
      await this.#storage.put(STATE_KEY, result.state);
      for (const line of result.lines) log(line);
      return { ran: true, dispatched: result.dispatched };
    } finally {
      this.#checking = false;
    }
  }

  async status(request: Request): Promise<Response> {
    if (request.method !== 'POST')
      return new Response('Use POST, signed like the publish ping (npm run status)\n', { status: 405, headers: { allow: 'POST' } });
    const body = await request.text();
    this.#verifier ??= publishVerifier(hubSettings(this.#env).publishSecret);
    const checked = await this.#verifier.check(request.headers.get(PUBLISH_SIGNATURE_HEADER) ?? '', WATCH_STATUS_PATH, body, Date.now());
    if (!checked.ok) return json(403, { error: checked.reason });
    const state = (await this.#storage.get<WatchState>(STATE_KEY)) ?? { sources: {} };
    return json(200, watchReport(state, this.#live));
  }
}

/** The entry's scheduled handler: one check in the one WatchObject. */
export function runWatch(env: WorkerEnv): Promise<Response> {
  return objectNamed(env.WATCH, WATCH_NAME).fetch(new Request(`https://watch.internal${CHECK_PATH}`, { method: 'POST' }));
}

/** The operator's status request, to the one WatchObject. */
export function forwardToWatch(request: Request, env: WorkerEnv): Promise<Response> {
  return objectNamed(env.WATCH, WATCH_NAME).fetch(request);
}
