// What a runtime gives the hub's front (front.ts), once: the front hands this one object to each
// part that needs some of it (topic-check.ts, answer.ts, routes.ts), which picks what it reads.
import type { Context } from 'hono';
import type { SiteUrls } from '../../src/core/http/urls.ts';
import type { HubSettings } from '../../src/settings/hub.ts';
import type { TopicContent } from './ports.ts';
import type { HubAnswer } from './routes.ts';
import type { HubStore } from './store.ts';

export interface FrontDeps {
  settings: HubSettings;
  urls: SiteUrls;
  /** The topics' content exactly as GET serves it now (picking up a new build where the runtime must). */
  readTopics: () => Promise<TopicContent[]>;
  /** Runs `f` on the store; undefined when the store is out of service. */
  withStore: <T>(f: (s: HubStore) => T) => T | undefined;
  unavailable: () => HubAnswer;
  /** Throws a RefusedCallback (its message said to the client) for a callback host that may not be called. */
  checkCallbackHost: (host: string) => Promise<void>;
  /** Awaited on each accepted publish ping, before the topics are read. */
  onPublished?: (() => void | Promise<void>) | undefined;
  /** Rows were queued for the job loop. */
  wake: () => void;
  /** A publish ping was written down, before its check (a Durable Object sets an alarm that checks it should it be killed before). */
  recorded?: (() => void) | undefined;
  /** A topic check ended (written to the store or not). */
  checked?: () => void;
  /** The remote address of a request's socket (Node): pings from this machine are the operator's. */
  peer?: ((c: Context) => string | undefined) | undefined;
  log: (msg: string) => void;
  now?: () => number;
}
