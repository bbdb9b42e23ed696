// npm run sync [-- --full] [-- --content-only]: one pass over every configured source (Google
// Business Profile, Trustpilot) into CONTENT_DIR; when the content changed, build, DEPLOY_COMMAND
// and the publish ping. Exit 0 when the pass succeeded (changed or not), 1 when it failed.
// Nothing this prints ever holds a secret: every line goes through redact().
import { fileURLToPath } from 'node:url';
import { ContentError } from '../src/core/content/dataset.ts';
import { ENTRIES, entryFile } from '../src/package/entries.ts';
import { readSettings } from '../src/settings/index.ts';
import { readSyncDir, readSyncSecrets, readSyncSettings, SYNC_SECRETS } from '../src/settings/sync.ts';
import { watchCron } from '../src/settings/watch.ts';
import { redact } from '../src/sync/errors.ts';
import { runPass } from '../src/sync/pass.ts';
import { recordFailedStart } from '../src/sync/status.ts';
import { argumentsOr } from './run/arguments.ts';

const USAGE = `usage: npm run sync [-- options]
  --full            read every Google page (a complete sweep) whatever SYNC_FULL_SWEEP_S says
  --content-only    merge into CONTENT_DIR only; the next pass builds, deploys and publishes`;

const root = fileURLToPath(new URL('..', import.meta.url));
// Before the settings are read, so even a settings error is scrubbed.
const secrets = readSyncSecrets(process.env);
const say = (line: string) => process.stdout.write(`${redact(line, secrets)}\n`);
const warn = (line: string) => process.stderr.write(`sync: ${redact(line, secrets)}\n`);

const args = argumentsOr({
  options: { full: { type: 'boolean', default: false }, 'content-only': { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
});
if (typeof args === 'string') {
  warn(`${args}\n${USAGE}`);
  process.exit(1);
}
const { values } = args;
if (values.help) {
  say(USAGE);
  process.exit(0);
}

let sync: ReturnType<typeof readSyncSettings>;
try {
  sync = readSyncSettings(process.env);
} catch (err) {
  const message = `the settings are wrong, nothing changed: ${(err as Error).message}`;
  warn(message);
  try {
    recordFailedStart(readSyncDir(process.env), message, secrets);
  } catch {
    // no usable SYNC_DIR either: the message above is all there is
  }
  process.exit(1);
}

// Read once; from here on nothing in this process (the build runs in it) sees them in the environment.
for (const name of SYNC_SECRETS) delete process.env[name];

try {
  const settings = readSettings(process.env);
  // the same array: access tokens fetched during the pass join it
  sync.secrets = secrets;
  const outcome = await runPass({
    settings,
    sync,
    env: process.env,
    full: values.full,
    contentOnly: values['content-only'],
    // where the deploy command and the ping run: the site's folder, wherever the engine is installed
    root: process.cwd(),
    node: process.execPath,
    build: async () => {
      const started = performance.now();
      try {
        // loaded only when a build is due: Astro is most of the start-up of a pass
        const { buildSite } = await import('../src/build/build-site.ts');
        const r = await buildSite(settings, root, new Date(), { watchCron: watchCron(process.env) });
        const seconds = ((performance.now() - started) / 1000).toFixed(1);
        return {
          ok: true,
          output: `Built ${r.reviewCount} reviews into ${r.files} files (${(r.bytes / 1e6).toFixed(1)} MB) in ${seconds} s → ${settings.outDir}`,
        };
      } catch (err) {
        return { ok: false, output: err instanceof ContentError ? err.message : String((err as Error).stack ?? err) };
      }
    },
    publishScript: entryFile(ENTRIES.publish),
    say,
    warn,
  });
  say(`Sync pass ${outcome === 'ok' ? 'succeeded' : outcome === 'skipped' ? 'skipped' : 'failed'}.`);
  process.exitCode = outcome === 'failed' ? 1 : 0;
} catch (err) {
  warn(`failed, nothing changed: ${(err as Error).message}`);
  process.exitCode = 1;
}
