// One build per content folder and site URL for the whole test run, made in process and shared
// by every test file that only reads it (serves it, mounts it, reads its files). A test that
// builds into its OUT_DIR again, or checks a build's exit status or output, makes its own
// (test/helpers/build.ts). The cache folder lives for one run (test/helpers/global-setup.ts),
// so a changed page or core function is always built anew.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { buildInProcess } from './build.ts';

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
 * The OUT_DIR of a build of `contentDir` for `siteUrl`, made once per test run. Test files run
 * in several workers at once: the first to create the build's folder builds it, the others wait
 * for its `done` (or `failed`) marker. Read it, never build into it.
 */
export async function sharedBuild(contentDir: string, siteUrl = 'https://reviews.example'): Promise<string> {
  const dir = join(inject('buildCache'), buildKey(contentDir, siteUrl));
  const outDir = join(dir, 'dist');
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return await builtByAnother(dir, outDir);
  }
  try {
    await buildInProcess({ CONTENT_DIR: contentDir, OUT_DIR: outDir, SITE_URL: siteUrl });
  } catch (error) {
    writeFileSync(join(dir, 'failed'), String((error as Error).stack ?? error));
    throw error;
  }
  writeFileSync(join(dir, 'done'), '');
  return outDir;
}

async function builtByAnother(dir: string, outDir: string): Promise<string> {
  for (;;) {
    if (existsSync(join(dir, 'done'))) return outDir;
    if (existsSync(join(dir, 'failed')))
      throw new Error(`The shared build in ${dir} failed in another test file:\n${readFileSync(join(dir, 'failed'), 'utf8')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
