// A stand-alone hub for tests and the benchmark: settings from the environment, topics read
// from feed.xml, api/feed.json and reviews.json in TOPICS_DIR (laid out like dist/site).
// Prints "Listening on http://host:port", as sidecar/runtime/node/main.ts does, once it has checked its topics.
// GET /api/reviews/search?query= is a stand-in for the sidecar's search, for latency probes.
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createHub, readHubSettings, type TopicContent } from '../../../sidecar/runtime/node/hub/index.ts';
import { strongEtag } from '../../../src/core/http/etag.ts';
import { contentTypeFor } from '../../../src/core/http/media.ts';
import { siteUrls } from '../../../src/core/http/urls.ts';

const env = process.env;
const dir = env.TOPICS_DIR ?? 'dist/site';
const urls = siteUrls(env.SITE_URL || 'http://localhost:4321');
const files: Array<[string, string]> = [
  [urls.atomFeed, 'feed.xml'],
  [urls.jsonFeed, 'api/feed.json'],
  [urls.reviews, 'reviews.json'],
];
/** The stand-in search: each review with its JSON text, made once per check. */
let reviews: Array<[unknown, string]> = [];

async function topics(): Promise<TopicContent[]> {
  return Promise.all(
    files.map(async ([topic, file]) => {
      const body = await readFile(join(dir, file));
      if (file === 'reviews.json') reviews = ((JSON.parse(body.toString()) as { reviews?: unknown[] }).reviews ?? []).map((r) => [r, JSON.stringify(r)]);
      return { topic, body, contentType: contentTypeFor(file), etag: strongEtag(body) };
    }),
  );
}

const hub = createHub({ settings: readHubSettings(env), urls, topics, log: (m) => console.error(m) });
const app = new Hono();
app.route('/', hub.routes);
app.get('/api/reviews/search', (c) => {
  const query = c.req.query('query') ?? '';
  return c.json({
    reviews: reviews
      .filter(([, text]) => text.includes(query))
      .slice(0, 20)
      .map(([r]) => r),
  });
});

const server = serve({ fetch: app.fetch, port: Number(env.PORT ?? 0), hostname: env.HOST ?? '127.0.0.1' }, async (info: AddressInfo) => {
  hub.start();
  await hub.checkTopics();
  console.log(`Listening on http://${info.address}:${info.port}`);
});

process.on('SIGTERM', () => {
  server.close();
  void hub.close().then(() => process.exit(0));
});
