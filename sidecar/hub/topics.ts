import { TOPIC_PATHS } from '../../src/core/http/urls.ts';
import type { SiteSnapshot } from '../site/snapshot.ts';
import type { TopicContent } from './ports.ts';

/** Each topic exactly as GET serves it from this build: bytes, Content-Type and strong ETag. */
export function topicContents(snapshot: SiteSnapshot): TopicContent[] {
  return TOPIC_PATHS.map((path) => {
    const entry = snapshot.manifest.resources[path];
    const body = snapshot.bytes(path);
    if (!entry || !body) throw new Error(`build ${snapshot.manifest.build_id} has no ${path}`);
    return { topic: `${snapshot.urls.base}${path}`, body, contentType: entry.content_type, etag: entry.etag };
  });
}
