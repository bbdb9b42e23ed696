// Publishing, in every runtime: compare each topic's current version with the last one
// distributed, store the new content and queue a delivery for every live subscription of a
// topic that changed (one row per subscription: a queued older version is replaced).
import type { TopicContent } from './ports.ts';
import type { HubStore } from './store.ts';

export function publishChanges(
  store: Pick<HubStore, 'purgeExpired' | 'topicEtag' | 'publishTopic'>,
  contents: readonly TopicContent[],
  topics: readonly string[],
  now: number,
  log: (msg: string) => void,
): { changed: string[]; queued: number } {
  store.purgeExpired(now);
  const changed: string[] = [];
  let queued = 0;
  for (const c of contents) {
    if (!topics.includes(c.topic)) {
      log(`hub: ignoring ${c.topic}, not a topic of this hub`);
      continue;
    }
    if (store.topicEtag(c.topic) === c.etag) continue;
    const n = store.publishTopic({ topic: c.topic, etag: c.etag, contentType: c.contentType, body: c.body }, now);
    queued += n;
    changed.push(c.topic);
    log(`hub: ${c.topic} changed (${c.etag}), ${n} notification(s) queued`);
  }
  return { changed, queued };
}
