// The Worker's timing (WORKER_SERVER_TIMING=1, what bench:hostile reads), on workerd: each
// answer tells the Worker's own time (`cpu`) apart from what it waited for (`wait`: the asset
// store, a Durable Object), and a Durable Object's answer its own time (`hub`, `session`); with
// the setting off, no answer carries any of it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '../../src/core/http/urls.ts';
import { SMALL_CONTENT } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { type RunningWorker, startWorker } from '../helpers/worker.ts';
import { initializeRequest, openSession, post, sessionHeaders } from '../helpers/mcp.ts';

const SITE = 'https://reviews.example';
let timed: RunningWorker;
let plain: RunningWorker;

/** The metrics' names in the answer's Server-Timing, in their order. */
const metricsOf = (headers: Headers) => [...(headers.get('server-timing') ?? '').matchAll(/(?:^|,)\s*([\w-]+);dur=[\d.]+/g)].map((m) => m[1]);

/** One of each path that reports its time: a built file, search, the hub's object, a 2025 session's object. */
async function answers(url: string): Promise<Record<string, Headers>> {
  const file = await fetch(`${url}/reviews.json`);
  await file.arrayBuffer();
  const search = await fetch(`${url}${PATHS.search}?query=great`);
  await search.arrayBuffer();
  const hub = await fetch(`${url}${PATHS.hub}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'hub.mode=nonsense',
  });
  await hub.arrayBuffer();
  const init = await post(`${url}/mcp`, initializeRequest());
  const session = await openSession(`${url}/mcp`);
  const list = await post(`${url}/mcp`, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, sessionHeaders(session));
  expect([file.status, search.status, hub.status, init.status, list.status]).toEqual([200, 200, 400, 200, 200]);
  return { file: file.headers, search: search.headers, hub: hub.headers, init: init.headers, list: list.headers };
}

beforeAll(async () => {
  const out = await sharedBuild(SMALL_CONTENT, SITE);
  timed = await startWorker({ outDir: out, env: { SITE_URL: SITE, WORKER_SERVER_TIMING: '1' } });
  plain = await startWorker({ outDir: out, env: { SITE_URL: SITE } });
});
afterAll(async () => {
  await timed?.stop();
  await plain?.stop();
});

describe('WORKER_SERVER_TIMING on the Worker', () => {
  it("tells the Worker's own time apart from its waits and from the Durable Object's own time", async () => {
    const got = await answers(timed.url);
    expect(metricsOf(got.file as Headers)).toEqual(['cpu', 'wait']);
    expect(metricsOf(got.search as Headers)).toEqual(['unpack', 'app', 'cpu', 'wait']);
    expect(metricsOf(got.hub as Headers)).toEqual(['hub', 'cpu', 'wait']);
    // the Worker's metrics, then the session object's own (it answered the Worker, which forwards it)
    expect(metricsOf(got.init as Headers)).toEqual(['unpack', 'app', 'cpu', 'wait', 'session']);
    expect(metricsOf(got.list as Headers)).toEqual(['unpack', 'app', 'cpu', 'wait', 'session']);
  });

  it('adds nothing when it is off', async () => {
    const got = await answers(plain.url);
    for (const headers of Object.values(got)) expect(headers.get('server-timing')).toBeNull();
  });
});
