// The hub under preview:worker (its Durable Object in workerd), behind the same interface as the
// in-process Node hub of harness.ts, so a suite runs against both (runtimes.ts). Content changes
// are real: a new build of a content folder of its own, then a publish ping once it is served.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestPki } from '../pki.ts';
import { tempDir } from '../../../scripts/run/processes.ts';
import { siteUrls } from '../../../src/core/http/urls.ts';
import { buildInProcess } from '../build.ts';
import { SMALL_CONTENT } from '../paths.ts';
import { type RunningWorker, startWorker } from '../worker.ts';
import { SITE, TEST_ENV, type TestHub } from './harness.ts';
import { sleep, waitFor } from './subscriber.ts';

/** What both runtimes offer a suite: the in-process hub's handle and pings() are Node's alone. */
export type HubUnderTest = Omit<TestHub, 'hub' | 'pings'> & {
  /** Makes the changes set so far what GET serves, without a publish ping (the Worker: a rebuild, as a deploy). */
  deploy(): Promise<void>;
};

export async function startWorkerHub(pki: TestPki, env: Record<string, string> = {}): Promise<HubUnderTest & { worker: RunningWorker }> {
  const dir = tempDir('worker-hub');
  const content = join(dir, 'content');
  const out = join(dir, 'dist');
  cpSync(SMALL_CONTENT, content, { recursive: true });
  await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
  const worker = await startWorker({ outDir: out, env: { ...TEST_ENV, SITE_URL: SITE, NODE_EXTRA_CA_CERTS: pki.caFile, ...env } });
  const urls = siteUrls(SITE);
  const hubUrl = `${worker.url}/api/websub/hub`;
  const lines = () => worker.output().split('\n');
  let changes = 0;
  let deployed = 0;

  async function deploy() {
    if (deployed === changes) return;
    deployed = changes;
    const title = `Changed for the hub test ${changes} ${Date.now()}`;
    const file = join(content, 'reviews.json');
    const reviews = JSON.parse(readFileSync(file, 'utf8')) as Array<{ title: string }>;
    (reviews[0] as { title: string }).title = title;
    writeFileSync(file, JSON.stringify(reviews));
    await buildInProcess({ CONTENT_DIR: content, OUT_DIR: out, SITE_URL: SITE });
    for (let i = 0; !(await (await fetch(`${worker.url}/reviews.json`)).text()).includes(title); i++) {
      if (i > 300) throw new Error('the Worker did not serve the new build');
      await sleep(200);
    }
  }

  const post = (form: Record<string, string> | string, contentType = 'application/x-www-form-urlencoded') =>
    fetch(hubUrl, { method: 'POST', headers: { 'content-type': contentType }, body: typeof form === 'string' ? form : new URLSearchParams(form).toString() });
  const request = async (mode: 'subscribe' | 'unsubscribe', callback: string, topic: string, extra: Record<string, string> = {}) => {
    const res = await post({ 'hub.mode': mode, 'hub.callback': callback, 'hub.topic': topic, ...extra });
    if (res.status !== 202) throw new Error(`${mode} answered ${res.status}: ${await res.text()}`);
  };

  return {
    worker,
    urls,
    hubUrl,
    get logs() {
      return lines();
    },
    // The built topics change together: every change makes a new build with a new first review title.
    setContent: () => {
      changes += 1;
    },
    deploy,
    async publish() {
      await deploy();
      const res = await post({ 'hub.mode': 'publish', 'hub.url': urls.reviews });
      const text = await res.text();
      if (res.status !== 202) throw new Error(`publish answered ${res.status}: ${text}`);
      return text.startsWith('Changed') ? (text.split(': ')[1]?.trim().split(' ') ?? []) : [];
    },
    post,
    request,
    async subscribe(callback, topic, extra = {}) {
      const seen = lines().length;
      await request('subscribe', callback, topic, extra);
      const done = (l: string) => l.startsWith('hub: subscribe ') && l.endsWith(`: ${new URL(callback).href} ${topic}`);
      await waitFor(
        `verification of ${callback}`,
        () =>
          lines()
            .slice(seen - 1)
            .some(done),
        15_000,
      );
      return lines()
        .slice(seen - 1)
        .some((l) => done(l) && l.startsWith('hub: subscribe verified'));
    },
    waitLog: (part, timeoutMs = 15_000) => waitFor(`log "${part}"`, () => lines().some((l) => l.includes(part)), timeoutMs),
    async close() {
      await worker.stop();
    },
  };
}
