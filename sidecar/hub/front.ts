// The hub's front, in every runtime: its identity (topics, user agent, each topic's Link), the
// routes with their answers (answer.ts), and the topic check a publish ping asks for, one at a
// time and from the pings written down, so a ping answered 202 is checked after a crash too.
import type { Context } from 'hono';
import { topicLink } from '../../src/core/http/media.ts';
import { type SiteUrls, topicUrls } from '../../src/core/http/urls.ts';
import type { HubSettings } from '../../src/settings/hub.ts';
import { type AnswerDeps, createAnswer } from './answer.ts';
import type { TopicContent } from './ports.ts';
import { publishChanges } from './publish.ts';
import { type HubAnswer, hubRoutes } from './routes.ts';
import type { HubStore } from './store.ts';

/** What the hub says it is: its topics, the User-Agent of its requests, the Link header of each topic. */
export function hubIdentity(urls: SiteUrls) {
  const topics = topicUrls(urls);
  return {
    topics,
    userAgent: `reviews-service-websub-hub/1.0 (+${urls.hub})`,
    links: Object.fromEntries(topics.map((t) => [t, topicLink(new URL(t).pathname, urls) ?? ''])),
  };
}

export interface FrontDeps {
  settings: HubSettings;
  urls: SiteUrls;
  /** The topics' content exactly as GET serves it now (picking up a new build where the runtime must). */
  readTopics: () => Promise<TopicContent[]>;
  /** Runs `f` on the store; undefined when the store is out of service. */
  withStore: <T>(f: (s: HubStore) => T) => T | undefined;
  unavailable: () => HubAnswer;
  checkCallbackHost: AnswerDeps['checkCallbackHost'];
  /** Awaited on each accepted publish ping, before the topics are read. */
  onPublished?: (() => void | Promise<void>) | undefined;
  /** Rows were queued for the job loop. */
  wake: () => void;
  /** A publish ping was written down, before its check. */
  recorded?: (() => void) | undefined;
  /** A topic check ended (written to the store or not). */
  checked?: () => void;
  /** The remote address of a request's socket (Node): pings from this machine are the operator's. */
  peer?: ((c: Context) => string | undefined) | undefined;
  log: (msg: string) => void;
}

export function createFront(d: FrontDeps) {
  const { topics } = hubIdentity(d.urls);
  let checking: Promise<unknown> = Promise.resolve();

  /**
   * Compares the topics with the last versions distributed and queues deliveries; then the pings
   * written down so far are done. With `pending`, only when a ping is written down still.
   */
  function checkTopics(pending = false): Promise<{ changed: string[] }> {
    const run = checking.then(async () => {
      const upTo = d.withStore((s) => s.lastPublish());
      if (pending && upTo === undefined) return { changed: [] };
      const contents = await d.readTopics();
      let changed: string[] = [];
      let queued = 0;
      d.withStore((s) => {
        ({ changed, queued } = publishChanges(s, contents, topics, Date.now(), d.log));
        if (upTo !== undefined) s.publishChecked(upTo);
      });
      d.checked?.();
      if (queued > 0) d.wake();
      return { changed };
    });
    checking = run.catch(() => undefined);
    return run;
  }

  const answer = createAnswer({
    settings: d.settings,
    topics,
    withStore: d.withStore,
    unavailable: d.unavailable,
    checkCallbackHost: d.checkCallbackHost,
    publish: async () => {
      await d.onPublished?.();
      return checkTopics();
    },
    recorded: d.recorded,
    wake: d.wake,
    log: d.log,
  });

  return {
    routes: hubRoutes(answer, d.peer),
    checkTopics: () => checkTopics(),
    /** Settles once the checks begun so far have ended. */
    checked: () => checking,
    /** Runs the check a ping written down still asks for (one answered 202 before a crash). */
    resume: (): Promise<unknown> =>
      checkTopics(true).catch((error: unknown) => d.log(`hub: publish check failed: ${error instanceof Error ? error.message : String(error)}`)),
  };
}
