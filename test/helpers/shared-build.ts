// One build per content folder and site URL for the whole test run, made in process and shared
// by every test file that only reads it (serves it, mounts it, reads its files). A test that
// builds into its OUT_DIR again, or checks a build's exit status or output, makes its own
// (test/helpers/build.ts). The cache folder lives for one run (test/helpers/global-setup.ts),
// so a changed page or core function is always built anew. The packed engine is made once the
// same way.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildInProcess } from './build.ts';
import { packEngine } from './new-site.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder that holds this run's shared builds, one subfolder per content and site URL. */
    buildCache: string;
  }
}

/** The content's bytes and the site URL: two test files asking for the same build get the same folder. */
function buildKey(contentDir: string, siteUrl: string): string {
  const hash = createHash('sha256').update(siteUrl).update('\0');
  for (const entry of readdirSync(contentDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isFile())
      hash
        .update(entry.name)
        .update('\0')
        .update(readFileSync(join(contentDir, entry.name)))
        .update('\0');
  }
  return hash.digest('hex').slice(0, 20);
}

/**
 * The OUT_DIR of a build of `contentDir` for `siteUrl`, made once per test run. Read it, never
 * build into it.
 */
export async function sharedBuild(contentDir: string, siteUrl = 'https://reviews.example'): Promise<string> {
  const dir = await oncePerRun(buildKey(contentDir, siteUrl), (into) =>
    buildInProcess({ CONTENT_DIR: contentDir, OUT_DIR: join(into, 'dist'), SITE_URL: siteUrl }),
  );
  return join(dir, 'dist');
}

/**
 * The engine packed once per test run (npm pack compiles lib/ afresh, so two packs at once would
 * tar each other's half-written lib/), copied into `dest`; returns the copy's path.
 */
export async function sharedEngine(dest: string): Promise<string> {
  const dir = await oncePerRun('engine', async (into) => {
    packEngine(into);
  });
  const name = readdirSync(dir).find((f) => f.endsWith('.tgz')) as string;
  copyFileSync(join(dir, name), join(dest, name));
  return join(dest, name);
}

/**
 * A folder of the run's cache, named `key`, that `make` fills once per test run. Test files run in
 * several workers at once: the first to create the folder makes it, the others wait for its
 * `done` (or `failed`) marker.
 */
async function oncePerRun(key: string, make: (dir: string) => Promise<void>): Promise<string> {
  const dir = join(inject('buildCache'), key);
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return await madeByAnother(dir);
  }
  try {
    await make(dir);
  } catch (error) {
    writeFileSync(join(dir, 'failed'), String((error as Error).stack ?? error));
    throw error;
  }
  writeFileSync(join(dir, 'done'), '');
  return dir;
}

async function madeByAnother(dir: string): Promise<string> {
  for (;;) {
    if (existsSync(join(dir, 'done'))) return dir;
    if (existsSync(join(dir, 'failed'))) throw new Error(`The shared ${dir} failed in another test file:\n${readFileSync(join(dir, 'failed'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
