// The hub's front, in every runtime: its identity (topics, user agent, each topic's Link), and
// the rooms a request walks through, each given the runtime's dependencies (front-deps.ts) once:
// the routes (routes.ts), their answers (answer.ts) and the topic check a ping asks for (topic-check.ts).
import { topicLink } from '../../src/core/http/media.ts';
import { type SiteUrls, topicUrls } from '../../src/core/http/urls.ts';
import { createAnswer } from './answer.ts';
import type { FrontDeps } from './front-deps.ts';
import { hubRoutes } from './routes.ts';
import { createTopicCheck } from './topic-check.ts';

/** What the hub says it is: its topics, the User-Agent of its requests, the Link header of each topic. */
export function hubIdentity(urls: SiteUrls) {
  const topics = topicUrls(urls);
  return {
    topics,
    userAgent: `reviews-service-websub-hub/1.0 (+${urls.hub})`,
    links: Object.fromEntries(topics.map((t) => [t, topicLink(new URL(t).pathname, urls) ?? ''])),
  };
}

export function createFront(d: FrontDeps) {
  const { topics } = hubIdentity(d.urls);
  const check = createTopicCheck(d, topics);
  return {
    routes: hubRoutes(createAnswer(d, topics, check), d.peer),
    checkTopics: () => check.run(),
    /** Settles once the checks begun so far have ended. */
    checked: check.settled,
    /** Runs the check a ping written down still asks for (one answered 202 before a crash). */
    resume: check.resume,
  };
}
