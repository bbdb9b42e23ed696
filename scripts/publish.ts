// npm run publish: run after a build is deployed. Asks the running sidecar's WebSub hub to
// check the three topics; it compares each topic's ETag with the last one it distributed and
// notifies subscribers only of topics that changed (so publishing twice notifies nobody).
// The sidecar is at SIDECAR_URL, or SITE_URL when that is empty. With HUB_PUBLISH_SECRET set,
// the ping is signed, so the hub honours it outside the anonymous pings' shared limit.
import { PUBLISH_SIGNATURE_HEADER, signPublish } from '../sidecar/hub/publish-signature.ts';
import { PATHS, siteUrls, topicUrls } from '../src/core/http/urls.ts';
import { readHubSettings } from '../src/settings/hub.ts';
import { readSettings } from '../src/settings/index.ts';

const ATTEMPTS = 5;

const settings = readSettings(process.env);
const { publishSecret } = readHubSettings(process.env);
const hubUrl = `${settings.sidecarUrl}${PATHS.hub}`;
const form = new URLSearchParams([['hub.mode', 'publish'], ...topicUrls(siteUrls(settings.siteUrl)).map((t) => ['hub.url', t])]);
const wait = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));

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
    if (res.status !== 429 && res.status !== 503) {
      console.error(`Publish failed: ${hubUrl} answered ${res.status}: ${text}`);
      process.exit(1);
    }
    retryAfterS = Math.min(60, Number(res.headers.get('retry-after')) || retryAfterS);
    console.error(`${hubUrl} answered ${res.status} (${text})`);
  } catch (error) {
    // The sidecar may be restarting after the deploy.
    console.error(`Cannot reach ${hubUrl}: ${error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error)}`);
  }
  if (attempt === ATTEMPTS) {
    console.error(`Publish failed after ${ATTEMPTS} attempts.`);
    process.exit(1);
  }
  await wait(retryAfterS);
}
