// npm run status [-- --json]: the deployed Worker's watch of the sources: each source's last
// check (quiet, news, failed, waiting out a Retry-After), the dispatch in flight and the last
// one. Asks the Worker at SIDECAR_URL (SITE_URL when that is empty) with a request signed with
// HUB_PUBLISH_SECRET, as `npm run publish` signs its ping; the Worker answers nobody else.
import { PUBLISH_SIGNATURE_HEADER, signPublish } from '../sidecar/hub/publish-signature.ts';
import { WATCH_STATUS_PATH } from '../sidecar/runtime/cloudflare/bindings.ts';
import { readHubSettings } from '../src/settings/hub.ts';
import { readSettings } from '../src/settings/index.ts';
import type { SourceCheck, watchReport } from '../src/sync/watch.ts';

const settings = readSettings(process.env);
const { publishSecret } = readHubSettings(process.env);
if (publishSecret === '') {
  console.error('status: set HUB_PUBLISH_SECRET (the value the Worker has) to sign the request');
  process.exit(1);
}
const url = `${settings.sidecarUrl}${WATCH_STATUS_PATH}`;
// a body of its own makes each signature new: the Worker refuses one it has seen
const body = `nonce=${crypto.randomUUID()}`;
let res: Response;
try {
  res = await fetch(url, {
    method: 'POST',
    headers: { [PUBLISH_SIGNATURE_HEADER]: await signPublish(publishSecret, WATCH_STATUS_PATH, body, Date.now()) },
    body,
  });
} catch (error) {
  console.error(`status: cannot reach ${url}: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}`);
  process.exit(1);
}
const text = await res.text();
if (res.status !== 200) {
  let reason = text.trim();
  try {
    reason = String((JSON.parse(text) as { error?: unknown }).error ?? reason);
  } catch {
    // not JSON: the text itself
  }
  console.error(`status: ${url} answered ${res.status}: ${reason}`);
  process.exit(1);
}
if (process.argv.includes('--json')) {
  process.stdout.write(text);
  process.exit(0);
}
const report = JSON.parse(text) as ReturnType<typeof watchReport>;
const line = (source: string, c: SourceCheck) => {
  const seen = c.seen ? `; newest ${c.seen.id} at ${c.seen.at}` : '';
  const held = report.marks[source] ? `; the live build holds ${report.marks[source].id} at ${report.marks[source].at}` : '; the live build holds none';
  const retry = c.retryAt ? `; asked again after ${new Date(c.retryAt).toISOString()}` : '';
  return `${source}: ${c.outcome} at ${c.at}${c.error ? ` (${c.kind}: ${c.error})` : ''}${seen}${held}${retry}`;
};
console.log(`live build ${report.build}`);
const sources = Object.entries(report.sources);
if (sources.length === 0) console.log('no check has run yet (is SYNC_DISPATCH_REPOSITORY set with a source, and the cron deployed?)');
for (const [source, check] of sources) console.log(line(source, check));
if (report.dispatch) console.log(`dispatch in flight since ${new Date(report.dispatch.at).toISOString()} (for build ${report.dispatch.build})`);
if (report.lastDispatch)
  console.log(
    `last dispatch: ${report.lastDispatch.outcome} at ${report.lastDispatch.at}${report.lastDispatch.error ? ` (${report.lastDispatch.error})` : ''}`,
  );
