// preview:worker's count of the hub's subscriptions, kept beside WORKER_STATE_DIR as the Node hub
// keeps one beside HUB_DB (sidecar/runtime/node/hub/marker.ts, the same file format and words):
// a state folder deleted, emptied or replaced is reported at start instead of starting over in
// silence. The Durable Object cannot write here; it logs its count when it changes
// (SUBSCRIPTION_COUNT_LINE), and this reads wrangler's output for it.
import { existsSync, readdirSync } from 'node:fs';
import { DURABLE_OBJECTS } from '../../sidecar/runtime/cloudflare/bindings.ts';
import { SUBSCRIPTION_COUNT_LINE } from '../../sidecar/runtime/cloudflare/hub/store-failure.ts';
import { type LossContext, lossWarning, readMarker, writeMarker } from '../../sidecar/runtime/node/hub/marker.ts';

/** Whether the folder holds a hub object's database (`--persist-to` keeps each object's SQLite file under v3/do/<script>-<class>/). */
function hasHubDatabase(stateDir: string): boolean {
  if (!existsSync(stateDir)) return false;
  return (readdirSync(stateDir, { recursive: true }) as string[]).some(
    (f) => f.includes(`-${DURABLE_OBJECTS.HUB}/`) && f.endsWith('.sqlite') && !f.endsWith('metadata.sqlite'),
  );
}

/** Checks the folder now; returns what to call with each line of wrangler's output. */
export function watchSubscriptionCount(stateDir: string, log: (line: string) => void): (line: string) => void {
  const context: LossContext = {
    store: `WORKER_STATE_DIR (${stateDir})`,
    advice: 'Stop preview:worker, put the folder back from a copy and start it again (on Cloudflare: docs/security.md, "Recovering the hub\'s storage").',
  };
  const existed = hasHubDatabase(stateDir);
  const marker = readMarker(stateDir);
  let warned = false;
  let seen = false;
  let written = marker?.subscriptions;
  const warn = (existedThen: boolean) => {
    const warning = lossWarning(stateDir, existedThen, 0, marker, context);
    if (warning === undefined) return;
    log(warning);
    warned = true;
  };
  if (!existed) warn(false);
  return (line) => {
    const at = line.indexOf(SUBSCRIPTION_COUNT_LINE);
    if (at < 0) return;
    const count = Number(line.slice(at + SUBSCRIPTION_COUNT_LINE.length).trim());
    if (!Number.isSafeInteger(count)) return;
    if (!seen && existed && count === 0) warn(true);
    seen = true;
    // After a warning the count it warned of stays until the hub sees a real change (as on Node).
    if (count === written || (warned && count === 0)) return;
    warned = false;
    written = count;
    try {
      writeMarker(stateDir, count, new Date());
    } catch (error) {
      log(`preview:worker: cannot write the subscription count beside WORKER_STATE_DIR: ${(error as Error).message}`);
    }
  };
}
