// npm run bench:freshness: how soon a new review reaches subscribers on the no-server deploy, and
// what that costs in GitHub Actions minutes. A review is written at HTTPS fakes of Google or
// Trustpilot at a random moment; the Worker (preview:worker, workerd) runs its Cron Trigger at
// every whole minute as Cloudflare does (through /__scheduled), dispatches to the fake of GitHub's
// API, and the workflow's steps run here (sync:check, then the sync: merge, build, the build
// picked up by preview:worker in place of `wrangler deploy`, the signed publish ping) until an
// HTTPS WebSub subscriber and an MCP session subscribed to /reviews.json are notified.
// Then: quiet checks (dispatches while nothing changes, requests per check, the check's CPU in
// Node) and the Actions minutes a month at BENCH_FRESHNESS_REVIEWS_PER_MONTH reviews (default 30)
// against the old 15-minute schedule, with a complete read every BENCH_FRESHNESS_FULL_SWEEP_DAYS
// (default 7, the workflow's SYNC_FULL_SWEEP_S). BENCH_FRESHNESS_ROUNDS (default 3), BENCH_FRESHNESS_INSTALL_S (what
// `npm install` takes on GitHub's runner, not measurable here; default 60), BENCH_FRESHNESS_SETUP_S
// (checkout, setup-node, cache; default 10).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { siteUrls, topicUrls } from '../../src/core/http/urls.ts';
import { googleNewest, isNews, trustpilotNewest } from '../../src/core/import/newest.ts';
import { readSyncSettings } from '../../src/settings/sync.ts';
import { askSources } from '../../src/sync/watch.ts';
import { googleReviews, newGoogleReview } from '../../test/helpers/google-export.ts';
import { envNumber } from '../shared/env.ts';
import { median, NODE, ROOT, table, tempDir } from '../shared/lib.ts';
import { ACCOUNT, freshContent, LOCATION, startBenchFakes, UNIT } from '../sync/sync-fakes.ts';
import { cpuNs, openSession, workerdOf } from '../worker/worker-mcp.ts';
import { trustpilotReviews } from '../../test/helpers/stand-ins/fake-apis.ts';
import { makeTestPki } from '../../test/helpers/pki.ts';
import { startWorker } from '../../test/helpers/worker.ts';

const ROUNDS = envNumber('BENCH_FRESHNESS_ROUNDS', 3);
const INSTALL_S = envNumber('BENCH_FRESHNESS_INSTALL_S', 60);
const SETUP_S = envNumber('BENCH_FRESHNESS_SETUP_S', 10);
const PER_MONTH = envNumber('BENCH_FRESHNESS_REVIEWS_PER_MONTH', 30);
/** The workflow's SYNC_FULL_SWEEP_S: how often the daily run reads every page. */
const FULL_SWEEP_DAYS = envNumber('BENCH_FRESHNESS_FULL_SWEEP_DAYS', 7);
const QUIET_CHECKS = 20;
const SITE = 'https://reviews.example';
const REPO = 'acme/reviews-site';
const PUBLISH_SECRET = 'bench-publish-secret-0123456789';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const s = (ms: number) => (ms / 1000).toFixed(1);

const pki = makeTestPki();
const fake = await startBenchFakes(pki, { githubRepository: REPO, githubToken: 'github_pat_bench_0000000000' });
fake.googleReviews.push(...googleReviews({ count: 120, account: ACCOUNT, location: LOCATION, seed: 5 }));
fake.trustpilotReviews.push(...trustpilotReviews(30, UNIT));

const { content, out, syncDir } = freshContent('bench-freshness');
const env: Record<string, string> = {
  ...fake.settings(),
  CONTENT_DIR: content,
  OUT_DIR: out,
  SYNC_DIR: syncDir,
  SITE_URL: SITE,
  NODE_EXTRA_CA_CERTS: pki.caFile,
  HUB_PUBLISH_SECRET: PUBLISH_SECRET,
};

/** A child process, timed, without blocking this one (the fakes answer from it). */
function timed(args: string[], extra: Record<string, string> = {}): Promise<{ ms: number; out: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, args, { cwd: ROOT, env: { ...process.env, ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (c: Buffer) => {
      text += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      text += c.toString();
    });
    child.on('close', (code) =>
      code === 0 ? resolve({ ms: performance.now() - started, out: text }) : reject(new Error(`${args.join(' ')} exited ${code}:\n${text}`)),
    );
  });
}

await timed([join(ROOT, 'scripts/sync.ts'), '--content-only']);
await timed([join(ROOT, 'scripts/build.ts')]);
const worker = await startWorker({
  outDir: out,
  env: { ...fake.settings(), NODE_EXTRA_CA_CERTS: pki.caFile, HUB_PUBLISH_SECRET: PUBLISH_SECRET, HUB_ALLOW_PRIVATE_CALLBACKS: '1', RELOAD_INTERVAL_MS: '200' },
});
// whatever ends this process, preview:worker's process group (wrangler, workerd) ends with it
const groups = [worker.pid];
process.on('exit', () => {
  for (const pid of groups)
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // stopped already
    }
});
env.SIDECAR_URL = worker.url;
// `wrangler deploy` returns once the new version is live; here the deploy is preview:worker
// picking up the new build, so the step waits until the Worker answers with its /reviews.json.
env.DEPLOY_COMMAND =
  `${NODE} -e "const ` +
  "want=require(process.env.DEPLOY_DIR+'/manifest.json').resources['/reviews.json'].etag;(async()=>{for(;;){const " +
  'r=await ' +
  `fetch('${worker.url}/reviews.json',{method:'HEAD'});if(r.headers.get('etag')===want)return;await ` +
  'new Promise(r=>setTimeout(r,50))}})()"';

// An HTTPS WebSub subscriber of the JSON feed: each delivery's arrival and body.
const deliveries: { at: number; body: string }[] = [];
const subscriber = createServer({ key: pki.key, cert: pki.cert }, (req, res) => {
  const url = new URL(req.url ?? '/', 'https://x');
  if (req.method === 'GET') return void res.end(url.searchParams.get('hub.challenge') ?? '');
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    deliveries.push({ at: Date.now(), body: Buffer.concat(chunks).toString() });
    res.end();
  });
});
await new Promise<void>((resolve) => subscriber.listen(0, '127.0.0.1', resolve));
const topic = topicUrls(siteUrls(SITE)).find((t) => t.endsWith('.json') && t.includes('feed')) ?? (topicUrls(siteUrls(SITE))[0] as string);
const subscribe = await fetch(`${worker.url}/api/websub/hub`, {
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({
    'hub.mode': 'subscribe',
    'hub.topic': topic,
    'hub.callback': `https://127.0.0.1:${(subscriber.address() as AddressInfo).port}/cb`,
  }),
});
if (subscribe.status !== 202) throw new Error(`subscribe answered ${subscribe.status}`);

// An MCP session subscribed to /reviews.json, its stream reopened whenever it ends (a deploy ends it).
const mcpUrl = `${worker.url}/mcp`;
const session = await openSession(worker.url);
const sessionHeaders = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-06-18', accept: 'application/json, text/event-stream' };
await fetch(mcpUrl, {
  method: 'POST',
  headers: { ...sessionHeaders, 'content-type': 'application/json' },
  body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: `${SITE}/reviews.json` } }),
}).then((r) => r.text());
const updates: number[] = [];
let listening = true;
void (async () => {
  while (listening) {
    try {
      const res = await fetch(mcpUrl, { headers: sessionHeaders });
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (new TextDecoder().decode(value).includes('notifications/resources/updated')) updates.push(Date.now());
      }
    } catch {}
    await sleep(100);
  }
})();

// The Cron Trigger, at every whole minute.
const crons: number[] = [];
let ticking = true;
void (async () => {
  while (ticking) {
    await sleep(60_000 - (Date.now() % 60_000));
    if (!ticking) break;
    crons.push(Date.now());
    await fetch(`${worker.url}/__scheduled?cron=*+*+*+*+*`).then((r) => r.text());
  }
})();

// GitHub: the dispatched workflow's steps, one run at a time (its concurrency group).
const runs: { dispatchedAt: number; checkMs: number; syncMs: number; ran: boolean }[] = [];
let running = Promise.resolve();
fake.onDispatch = () => {
  const dispatchedAt = Date.now();
  running = running.then(async () => {
    const output = join(tempDir('gh'), 'output');
    writeFileSync(output, '');
    const check = await timed([join(ROOT, 'scripts/sync-check.ts')], { GITHUB_OUTPUT: output });
    const ran = readFileSync(output, 'utf8').includes('run=true');
    const sync = ran ? await timed([join(ROOT, 'scripts/sync.ts')]) : { ms: 0 };
    runs.push({ dispatchedAt, checkMs: check.ms, syncMs: sync.ms, ran });
  });
};

const until = async (what: string, ok: () => boolean, ms = 240_000) => {
  for (const end = Date.now() + ms; !ok(); await sleep(50)) if (Date.now() > end) throw new Error(`no ${what} within ${ms / 1000} s`);
};

const rounds: Record<string, string | number>[] = [];
const totals: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  await sleep(Math.random() * 60_000);
  const source = i % 2 === 0 ? 'google' : 'trustpilot';
  const text = `Bench review ${i} ${Date.now()}: they fixed the boiler the same day.`;
  const [delivered, updated, dispatched] = [deliveries.length, updates.length, fake.dispatches.length];
  const writtenAt = Date.now();
  if (source === 'google') fake.googleReviews.push(newGoogleReview(100 + i, text, { account: ACCOUNT, location: LOCATION }));
  else
    fake.trustpilotReviews.push({
      ...(trustpilotReviews(1, UNIT)[0] as object),
      id: `bench${String(i).padStart(19, '0')}`,
      text,
      createdAt: new Date().toISOString(),
    });
  await until('WebSub delivery', () => deliveries.slice(delivered).some((d) => d.body.includes(text.slice(0, 20))));
  await until('MCP notification', () => updates.length > updated);
  await until('the end of the run', () => runs.some((r) => r.dispatchedAt >= writtenAt));
  const run = runs.find((r) => r.dispatchedAt >= writtenAt);
  const cronAt = fake.dispatches[dispatched]?.at ?? Number.NaN;
  const websubAt = deliveries.slice(delivered).find((d) => d.body.includes(text.slice(0, 20)))?.at ?? Number.NaN;
  totals.push(websubAt - writtenAt);
  rounds.push({
    round: i + 1,
    source,
    'to the cron run (s)': s(cronAt - writtenAt),
    'sync:check (s)': s(run?.checkMs ?? 0),
    'sync, build, deploy, ping (s)': s(run?.syncMs ?? 0),
    'to WebSub (s)': s(websubAt - writtenAt),
    'to MCP (s)': s((updates[updated] as number) - writtenAt),
  });
}
ticking = false;

// Quiet checks: nothing changes, the cron runs again and again.
const beforeQuiet = { dispatches: fake.dispatches.length, requests: fake.requests.length };
const quietMs: number[] = [];
const workerd = workerdOf(worker.pid, worker.url);
const workerdBefore = cpuNs(workerd);
for (let i = 0; i < QUIET_CHECKS; i++) {
  const t = performance.now();
  await fetch(`${worker.url}/__scheduled`).then((r) => r.text());
  quietMs.push(performance.now() - t);
}
const workerdMs = (cpuNs(workerd) - workerdBefore) / 1e6 / QUIET_CHECKS;
const quietDispatches = fake.dispatches.length - beforeQuiet.dispatches;
const perCheck = (fake.requests.length - beforeQuiet.requests) / QUIET_CHECKS;

// The check's own CPU in Node, the same code the Worker runs (Node's fetch does TLS in JS; workerd's does not count it).
setDefaultCACertificates([...getCACertificates('default'), readFileSync(pki.caFile, 'utf8')]);
const sync = readSyncSettings(fake.settings());
const marks = { google: googleNewest({ reviews: fake.googleReviews }), trustpilot: trustpilotNewest({ reviews: fake.trustpilotReviews }) } as Record<
  string,
  { id: string; at: string }
>;
const state = { sources: {} };
const http = { timeoutS: 10, retries: 0, maxRetryAfterS: 0, log: () => {} };
await askSources({ sync }, marks, state, Date.now(), http, []);
const cpuStart = process.cpuUsage();
for (let i = 0; i < QUIET_CHECKS; i++) await askSources({ sync }, marks, state, Date.now(), http, []);
const cpu = process.cpuUsage(cpuStart);
const cpuMs = (cpu.user + cpu.system) / 1000 / QUIET_CHECKS;
// The check's work on the answers alone (parse both pages, find each newest review, compare): what
// the isolate runs besides fetch, whose TLS and HTTP workerd does outside it.
const pages = [fake.googleReviews, fake.trustpilotReviews].map((reviews) => JSON.stringify({ reviews: reviews.slice(-10) }));
const PARSES = 2000;
const parseStart = process.cpuUsage();
for (let i = 0; i < PARSES; i++) {
  isNews(googleNewest(JSON.parse(pages[0] as string)), marks.google);
  isNews(trustpilotNewest(JSON.parse(pages[1] as string)), marks.trustpilot);
}
const parse = process.cpuUsage(parseStart);
const parseUs = (parse.user + parse.system) / PARSES;

listening = false;
await worker.stop();

// The same scheduled run on the same build with the watch off (no source, no repository): the
// entry, the call to the Durable Object and its log line under wrangler dev, without the check.
const idle = await startWorker({ outDir: out, env: { NODE_EXTRA_CA_CERTS: pki.caFile } });
groups.push(idle.pid);
const idleWorkerd = workerdOf(idle.pid, idle.url);
await fetch(`${idle.url}/__scheduled`).then((r) => r.text());
const idleBefore = cpuNs(idleWorkerd);
for (let i = 0; i < QUIET_CHECKS; i++) await fetch(`${idle.url}/__scheduled`).then((r) => r.text());
const idleMs = (cpuNs(idleWorkerd) - idleBefore) / 1e6 / QUIET_CHECKS;
await idle.stop();
subscriber.close();
subscriber.closeAllConnections();
await fake.close();

console.log(`\n1. A new review to subscribers, ${ROUNDS} rounds (a review at a random moment; the cron at every whole minute):`);
table(rounds);
console.log(
  `median ${s(median(totals))} s, worst ${s(Math.max(...totals))} s from the review to the WebSub subscriber (target: at most 90 s, cron cadence included).`,
);
console.log("GitHub's queue (dispatch to the job starting) is not in these figures: GitHub publishes no figure for it.");

console.log(`\n2. Quiet: ${QUIET_CHECKS} cron runs while nothing changes:`);
console.log(
  `   dispatches: ${quietDispatches} (target 0); requests to the sources per check: ${perCheck.toFixed(2)} (the access token is cached for its lifetime)`,
);
console.log(`   wall time of a check through /__scheduled: median ${median(quietMs).toFixed(0)} ms`);
console.log(
  `   CPU of the Worker's workerd per check: ${workerdMs.toFixed(2)} ms (all it did: the entry, the Durable ` +
    "Object and its storage, both HTTPS requests with their TLS; an upper bound of the isolate's CPU)",
);
console.log(
  `   the same scheduled run with the watch off: ${idleMs.toFixed(2)} ms, so the check ` +
    `itself adds ${(workerdMs - idleMs).toFixed(2)} ms, its two HTTPS requests included`,
);
console.log(`   CPU of parsing both answers and comparing them, per check: ${parseUs.toFixed(0)} µs`);
console.log(
  `   CPU of the check's code in Node, per check: ${cpuMs.toFixed(2)} ms (Node's fetch does TLS in JavaScript; workerd's does it outside the isolate)`,
);

const checkS = median(runs.map((r) => r.checkMs)) / 1000;
const syncS = median(runs.filter((r) => r.ran).map((r) => r.syncMs)) / 1000;
const billed = (seconds: number) => Math.ceil(seconds / 60);
const oldRun = billed(SETUP_S + INSTALL_S + syncS);
const newsRun = billed(SETUP_S + checkS + INSTALL_S + syncS);
const quietRun = billed(SETUP_S + checkS);
const today = 96 * 30 * oldRun;
// the daily run: a complete read every FULL_SWEEP_DAYS, else only sync:check
const fullSweeps = Math.ceil(30 / FULL_SWEEP_DAYS);
const month = PER_MONTH * newsRun + fullSweeps * oldRun + (30 - fullSweeps) * quietRun;
const everyDayFull = PER_MONTH * newsRun + 30 * oldRun;
console.log(`\n3. GitHub Actions minutes a month at ${PER_MONTH} reviews (jobs are billed by the minute, rounded up):`);
console.log(
  `   a run: setup ${SETUP_S} s + sync:check ${checkS.toFixed(1)} s (measured) + npm install ${INSTALL_S} s (assumed) + sync ${syncS.toFixed(1)} s (measured)`,
);
table([
  { schedule: 'every 15 minutes (before)', runs: 96 * 30, 'minutes a run': oldRun, 'minutes a month': today },
  {
    schedule: `watch; daily run, complete every ${FULL_SWEEP_DAYS} days`,
    runs: PER_MONTH + 30,
    'minutes a run': `${newsRun} (news), ${oldRun} (complete), ${quietRun} (quiet)`,
    'minutes a month': month,
  },
  { schedule: 'watch; daily run, complete every day', runs: PER_MONTH + 30, 'minutes a run': `${newsRun} / ${oldRun}`, 'minutes a month': everyDayFull },
]);
console.log(
  `   target: at most 100 minutes a month; ${(today / month).toFixed(0)}× fewer than ` +
    `before (${(today / everyDayFull).toFixed(0)}× with a complete read every day).`,
);
process.exit(0);
