// npm run publish [-- --after-deploy [--wait-s S]]: run after a build is deployed. Asks the
// running sidecar's WebSub hub to check the three topics; it compares each topic's ETag with the
// last one it distributed and notifies subscribers only of topics that changed (so publishing
// twice notifies nobody). The sidecar is at SIDECAR_URL, or SITE_URL when that is empty. With
// HUB_PUBLISH_SECRET set, the ping is signed, so the hub honours it outside the anonymous
// pings' shared limit.
// With --after-deploy (what a deploy runs), it first waits, for at most S seconds (60), until the
// site answers with the build in OUT_DIR, so the hub compares the new version; and what it cannot
// do it says in one line with the command to retry, exiting 0: the upload itself succeeded.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PUBLISH_SIGNATURE_HEADER, signPublish } from '../sidecar/hub/publish-signature.ts';
import { MANIFEST_FILE, type Manifest } from '../src/core/http/manifest.ts';
import { SURFACE } from '../src/core/http/surface.ts';
import { PATHS, siteUrls, topicUrls } from '../src/core/http/urls.ts';
import { readHubSettings } from '../src/settings/hub.ts';
import { readSettings } from '../src/settings/index.ts';

const ATTEMPTS = 5;
const RETRY = 'retry with `npm run publish` (`reviews publish`)';

const args = process.argv.slice(2);
const afterDeploy = args.includes('--after-deploy');
const waitArg = args[args.indexOf('--wait-s') + 1];
const waitS = args.includes('--wait-s') ? Number(waitArg) : 60;
if (!Number.isSafeInteger(waitS) || waitS < 0) {
  console.error('publish: --wait-s takes a number of seconds.');
  process.exit(1);
}

const settings = readSettings(process.env);
const { publishSecret } = readHubSettings(process.env);
const hubUrl = `${settings.sidecarUrl}${PATHS.hub}`;
const form = new URLSearchParams([['hub.mode', 'publish'], ...topicUrls(siteUrls(settings.siteUrl)).map((t) => ['hub.url', t])]);
const wait = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));
const reason = (error: unknown) => (error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error));

/** Stops: after a deploy with one line and status 0, else with status 1. */
function giveUp(sentence: string): never {
  if (afterDeploy) {
    console.error(`The deploy succeeded, but ${sentence}; no subscriber was notified: ${RETRY} once ${settings.siteUrl} answers.`);
    process.exit(0);
  }
  console.error(`Publish failed: ${sentence}.`);
  process.exit(1);
}

/** Undefined once the site answers the reviews document with the build's own; else what it answered. */
async function builtVersionAnswers(manifest: Manifest): Promise<string | undefined> {
  const path = SURFACE.reviews.path;
  const entry = manifest.resources[path];
  if (!entry) return undefined;
  const url = `${settings.sidecarUrl}${path}`;
  try {
    const res = await fetch(url, { headers: { 'if-none-match': entry.etag }, signal: AbortSignal.timeout(10_000) });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status === 304 || (res.status === 200 && res.headers.get('etag') === entry.etag)) return undefined;
    // with CLOUDFLARE_VALIDATORS=host the asset server answers with an ETag of its own: compare the bytes
    if (res.status === 200 && body.equals(readFileSync(join(settings.outDir, 'site', entry.file)))) return undefined;
    return res.status === 200 ? `${url} still answers with another build` : `${url} answered ${res.status}`;
  } catch (error) {
    return `${url} cannot be reached (${reason(error)})`;
  }
}

/** The build in OUT_DIR, which the site should now answer with; undefined when there is none here. */
function builtManifest(): Manifest | undefined {
  try {
    return JSON.parse(readFileSync(join(settings.outDir, MANIFEST_FILE), 'utf8')) as Manifest;
  } catch {
    return undefined;
  }
}

const manifest = afterDeploy ? builtManifest() : undefined;
if (manifest) {
  const deadline = Date.now() + waitS * 1000;
  for (;;) {
    const seen = await builtVersionAnswers(manifest);
    if (seen === undefined) break;
    if (Date.now() >= deadline) giveUp(`after ${waitS} s ${seen}`);
    await wait(Math.min(2, Math.max(0, (deadline - Date.now()) / 1000)));
  }
}

for (let attempt = 1; ; attempt++) {
  let retryAfterS = 2;
  try {
    const body = form.toString();
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    // Signed afresh on every attempt: the hub refuses a signature it has seen.
    if (publishSecret !== '') headers[PUBLISH_SIGNATURE_HEADER] = await signPublish(publishSecret, PATHS.hub, body, Date.now());
    const res = await fetch(hubUrl, { method: 'POST', headers, body });
    const text = (await res.text()).trim();
    if (res.status === 202) {
      console.log(`Published: ${text}`);
      break;
    }
    if (res.status !== 429 && res.status !== 503) giveUp(`${hubUrl} answered ${res.status}: ${text}`);
    retryAfterS = Math.min(60, Number(res.headers.get('retry-after')) || retryAfterS);
    console.error(`${hubUrl} answered ${res.status} (${text})`);
  } catch (error) {
    // The sidecar may be restarting after the deploy.
    console.error(`Cannot reach ${hubUrl}: ${reason(error)}`);
  }
  if (attempt === ATTEMPTS) giveUp(`${hubUrl} did not take the ping after ${ATTEMPTS} attempts`);
  await wait(retryAfterS);
}
