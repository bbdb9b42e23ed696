import { buildSite } from '../../src/build/build-site.ts';
import { readSettings } from '../../src/settings/index.ts';
import { watchCron } from '../../src/settings/watch.ts';
import { ROOT } from './paths.ts';

/** `npm run build` as a child process: for a test of the command itself (its exit status, what it prints, a kill). */
export { type BuildRun, buildOrThrow, runBuild } from '../../scripts/run/processes.ts';

/**
 * A build of its own in this process (`buildSite`, as `npm run build` makes it, without a
 * Node and an Astro to start): for a test that builds into its OUT_DIR again or builds
 * content of its own. A test that only reads a build shares one (test/helpers/shared-build.ts).
 */
export async function buildInProcess(env: Record<string, string>): Promise<void> {
  await buildSite(readSettings(env), ROOT, new Date(), { watchCron: watchCron(env) });
}
