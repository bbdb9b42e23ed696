// An in-process hub mounted in a Hono app on 127.0.0.1:0, with topics the test can change.
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import type { TestPki } from '../pki.ts';
import { nodeClientAddress } from '../../../sidecar/runtime/node/client-address.ts';
import { createHub, type Hub, type HubTimings, readHubSettings, type TopicContent } from '../../../sidecar/runtime/node/hub/index.ts';
import { strongEtag } from '../../../src/core/http/etag.ts';
import { contentTypeFor } from '../../../src/core/http/media.ts';
import { type SiteUrls, siteUrls } from '../../../src/core/http/urls.ts';
import { waitFor } from './subscriber.ts';

/**
 * Short retry timings so the whole file runs in seconds, but generous request timeouts: a
 * paused CI runner must not turn a healthy subscriber's answer into a timeout.
 */
export const TEST_ENV = {
  HUB_ALLOW_PRIVATE_CALLBACKS: '1',
  HUB_RETRY_BASE_MS: '50',
  HUB_VERIFY_TIMEOUT_MS: '5000',
  HUB_DELIVERY_TIMEOUT_MS: '5000',
  HUB_CONNECT_TIMEOUT_MS: '5000',
  HUB_SLOW_HOST_TIMEOUT_MS: '5000',
  HUB_LEASE_MIN_S: '1',
  HUB_SUBSCRIBE_RATE_PER_MIN: '10000',
  HUB_PUBLISH_RATE_PER_MIN: '10000',
};

export const SITE = 'https://reviews.example';

export function topicContent(topic: string, body: string): TopicContent {
  const bytes = Buffer.from(body);
  return { topic, body: bytes, contentType: contentTypeFor(new URL(topic).pathname), etag: strongEtag(bytes) };
}

export interface TestHub {
  hub: Hub;
  urls: SiteUrls;
  hubUrl: string;
  logs: string[];
  /** How many publish pings reached onPublished. */
  pings(): number;
  /** Changes a topic's content (seen at the next publish). */
  setContent(topic: string, body: string): void;
  publish(): Promise<string[]>;
  post(form: Record<string, string> | string, contentType?: string): Promise<Response>;
  /** POSTs a (un)subscribe request and expects 202. */
  request(mode: 'subscribe' | 'unsubscribe', callback: string, topic: string, extra?: Record<string, string>): Promise<void>;
  /** Subscribes and waits until the hub has verified (or rejected) the request. */
  /** `timeoutMs`: how long to wait for the verification's outcome (waitFor's default otherwise). */
  subscribe(callback: string, topic: string, extra?: Record<string, string>, timeoutMs?: number): Promise<boolean>;
  waitLog(part: string, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTestHub(
  pki: TestPki,
  env: Record<string, string> = {},
  timings: Partial<HubTimings> = {},
  /** Where the hub learns a request's address: its socket, as in the sidecar, or a fixed address (none: it cannot tell). */
  peer?: 'socket' | string,
): Promise<TestHub> {
  const dir = mkdtempSync(join(tmpdir(), 'hub-test-'));
  const settings = readHubSettings({ ...TEST_ENV, HUB_DB: join(dir, 'hub.sqlite'), NODE_EXTRA_CA_CERTS: pki.caFile, ...env });
  const urls = siteUrls(SITE);
  const content = new Map<string, TopicContent>();
  for (const topic of [urls.atomFeed, urls.jsonFeed, urls.reviews]) content.set(topic, topicContent(topic, `initial ${topic}`));
  const logs: string[] = [];
  let pings = 0;
  const hub = createHub({
    settings,
    urls,
    topics: async () => [...content.values()],
    log: (m) => logs.push(m),
    onPublished: () => {
      pings += 1;
    },
    timings,
    ...(peer === undefined ? {} : { peer: peer === 'socket' ? nodeClientAddress : () => peer }),
  });
  const app = new Hono();
  app.route('/', hub.routes);
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const hubUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/websub/hub`;
  hub.start();
  await hub.checkTopics();

  const post = (form: Record<string, string> | string, contentType = 'application/x-www-form-urlencoded') =>
    fetch(hubUrl, { method: 'POST', headers: { 'content-type': contentType }, body: typeof form === 'string' ? form : new URLSearchParams(form).toString() });
  const waitLog = (part: string, timeoutMs = 15_000) => waitFor(`log "${part}"`, () => logs.some((l) => l.includes(part)), timeoutMs);
  const request = async (mode: 'subscribe' | 'unsubscribe', callback: string, topic: string, extra: Record<string, string> = {}) => {
    const res = await post({ 'hub.mode': mode, 'hub.callback': callback, 'hub.topic': topic, ...extra });
    if (res.status !== 202) throw new Error(`${mode} answered ${res.status}: ${await res.text()}`);
  };
  return {
    hub,
    urls,
    hubUrl,
    logs,
    pings: () => pings,
    setContent: (topic, body) => content.set(topic, topicContent(topic, body)),
    publish: async () => (await hub.checkTopics()).changed,
    post,
    request,
    async subscribe(callback, topic, extra = {}, timeoutMs) {
      const seen = logs.length;
      await request('subscribe', callback, topic, extra);
      const done = (l: string) => l.startsWith('hub: subscribe ') && l.endsWith(`: ${new URL(callback).href} ${topic}`);
      await waitFor(`verification of ${callback}`, () => logs.slice(seen).some(done), timeoutMs);
      return logs.slice(seen).some((l) => done(l) && l.startsWith('hub: subscribe verified'));
    },
    waitLog,
    async close() {
      await new Promise((resolve) => {
        server.close(resolve);
        (server as Server).closeAllConnections();
      });
      await hub.close();
    },
  };
}
