// npm run sync:check [-- --sweep | --full] (in a site: reviews sync-check): whether a sync pass has
// anything to do, asked with Node alone (no `npm install`: it imports nothing but Node's built-ins
// and this package's own files), so a workflow run the Worker's watch started for nothing ends in
// seconds. A site's workflow runs it from the engine's tarball alone (.github/workflows/sync.yml).
// Settings as every command reads them: reviews.config.json, .env, the environment.
// Asks each configured source for its newest review (as the Worker's watch does) and compares it
// with what the content's last sync read (imports.json `newest`); a release left unfinished
// (SYNC_DIR/status.json) or a source that cannot be asked means the pass runs. With --sweep (the
// daily safety sweep) the pass also runs when a source's last complete read is older than
// SYNC_FULL_SWEEP_S, so edits and deletions the newest reviews do not show come in.
// With --full the pass runs whenever a source is configured. Writes `run=true|false` to $GITHUB_OUTPUT and says why in a `::notice::` line.
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMPORTS_FILE_NAME } from '../src/core/content/file-names.ts';
import { isObject } from '../src/core/import/incoming.ts';
import type { SourceMark } from '../src/core/import/newest.ts';
import { readSettings } from '../src/settings/index.ts';
import { readSyncDir, readSyncSecrets, readSyncSettings } from '../src/settings/sync.ts';
import type { Env } from '../src/settings/table.ts';
import { redact } from '../src/sync/errors.ts';
import { askSources, WATCH_TIMEOUT_S, type WatchState, watchedSources } from '../src/sync/watch.ts';
import { readSiteEnv } from './cli/site-env.ts';

let secrets = readSyncSecrets(process.env);
const decide = (run: boolean, why: string): never => {
  console.log(`::notice::${redact(why, secrets)}`);
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `run=${run}\n`);
  process.exit(0);
};

let env: Env;
let sync: ReturnType<typeof readSyncSettings>;
try {
  env = readSiteEnv(process.cwd()).env;
  secrets = readSyncSecrets(env);
  sync = readSyncSettings(env);
} catch (err) {
  decide(true, `the sync's settings are wrong; the pass runs to report it: ${(err as Error).message}`);
  throw err;
}
if (watchedSources({ sync }).length === 0)
  decide(
    false,
    'No source is configured (set GOOGLE_LOCATION with the Google OAuth secrets, or TRUSTPILOT_BUSINESS_UNIT_ID with TRUSTPILOT_API_KEY): nothing to sync.',
  );

if (process.argv.includes('--full')) decide(true, 'A complete sweep was asked for: the pass runs.');

const readJson = (file: string): unknown => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const release = readJson(join(readSyncDir(env), 'status.json'));
if (isObject(release) && isObject(release.release) && release.release.content !== release.release.published)
  decide(true, 'The last pass did not finish its release (build, deploy or publish ping): the pass runs again.');

if (process.argv.includes('--sweep') && isObject(release) && isObject(release.sources)) {
  const sources = release.sources;
  const stale = watchedSources({ sync }).filter((source) => {
    const s = sources[source];
    const last = isObject(s) ? (source === 'google' ? s.last_full_sweep_at : s.last_success_at) : undefined;
    return typeof last !== 'string' || Date.now() - Date.parse(last) >= sync.fullSweepS * 1000;
  });
  if (stale.length > 0) decide(true, `The last complete read of ${stale.join(', ')} is older than SYNC_FULL_SWEEP_S: the sweep runs.`);
} else if (process.argv.includes('--sweep')) decide(true, 'No earlier pass is known (SYNC_DIR/status.json): the sweep runs.');

const imports = readJson(join(readSettings(env).contentDir, IMPORTS_FILE_NAME));
const marks: Record<string, SourceMark> = {};
if (isObject(imports))
  for (const [source, record] of Object.entries(imports)) {
    const newest = isObject(record) && isObject(record.newest) ? record.newest : undefined;
    if (newest && typeof newest.id === 'string' && typeof newest.at === 'string') marks[source] = { id: newest.id, at: newest.at };
  }

const state: WatchState = { sources: {} };
const http = { timeoutS: WATCH_TIMEOUT_S, timeoutWhy: 'the check waits no longer', retries: 1, maxRetryAfterS: 10, log: () => {} };
const { news, lines } = await askSources({ sync }, marks, state, Date.now(), http, secrets);
for (const line of lines) console.log(line);
const failed = Object.entries(state.sources).filter(([, s]) => s.outcome !== 'quiet' && s.outcome !== 'news');
if (failed.length > 0) decide(true, `${failed.map(([source]) => source).join(', ')} could not be asked: the pass runs and reports it.`);
if (news.length > 0) decide(true, `New at ${news.join(', ')}: the pass runs.`);
decide(false, 'Nothing new at the sources since the last sync: nothing to do.');
