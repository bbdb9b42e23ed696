// The topic check a publish ping asks for: the topics compared with the last versions
// distributed and deliveries queued, one check at a time and from the pings written down, so a
// ping answered 202 is checked after a crash too.
import type { FrontDeps } from './front-deps.ts';
import { publishChanges } from './publish.ts';

export interface TopicCheck {
  /** Runs a check after those begun so far. With `pending`, only when a ping is written down still. */
  run(pending?: boolean): Promise<{ changed: string[] }>;
  /** The check an accepted publish ping asks for: `onPublished` first, then `run`. */
  afterPing(): Promise<{ changed: string[] }>;
  /** Settles once the checks begun so far have ended. */
  settled(): Promise<unknown>;
  /** Runs the check a ping written down still asks for (one answered 202 before a crash). */
  resume(): Promise<unknown>;
}

type CheckDeps = Pick<FrontDeps, 'readTopics' | 'withStore' | 'onPublished' | 'checked' | 'wake' | 'log'>;

export function createTopicCheck(d: CheckDeps, topics: readonly string[]): TopicCheck {
  let checking: Promise<unknown> = Promise.resolve();

  function run(pending = false): Promise<{ changed: string[] }> {
    const next = checking.then(async () => {
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
    checking = next.catch(() => undefined);
    return next;
  }

  return {
    run,
    async afterPing() {
      await d.onPublished?.();
      return run();
    },
    settled: () => checking,
    resume: () => run(true).catch((error: unknown) => d.log(`hub: publish check failed: ${error instanceof Error ? error.message : String(error)}`)),
  };
}
