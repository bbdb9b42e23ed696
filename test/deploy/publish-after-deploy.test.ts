// The publish ping a deploy ends with (`scripts/publish.ts --after-deploy`): it waits until the
// site answers with the build just deployed, so the hub compares the new version, then pings;
// what it cannot do within its bound it says in one line with the command to retry, and it
// exits 0, the upload having succeeded. The site is the real sidecar, following a link that is
// swapped to the new build while the ping waits, as a host swaps versions.
import { execFile } from 'node:child_process';
import { cpSync, readFileSync, realpathSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECRET_SETTING_NAMES } from '../../src/settings/all.ts';
import { NODE, ROOT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';
import { sharedBuild } from '../helpers/shared-build.ts';

const SITE = 'https://reviews.example';
let oldBuild: string;
let newBuild: string;
let live: string;
let server: RunningServer;

/** Points the link the sidecar follows at `build`, atomically. */
function serve(build: string): void {
  const next = `${live}.next`;
  symlinkSync(build, next);
  renameSync(next, live);
}

function publish(outDir: string, waitS: number) {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !SECRET_SETTING_NAMES.includes(name)));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((done) => {
    execFile(
      NODE,
      [join(ROOT, 'scripts', 'publish.ts'), '--after-deploy', '--wait-s', String(waitS)],
      { cwd: ROOT, env: { ...inherited, SITE_URL: SITE, SIDECAR_URL: server.url, OUT_DIR: outDir } },
      (error, stdout, stderr) => done({ status: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

beforeAll(async () => {
  // two builds whose reviews document differs: the content before and after a review's reply
  const before = join(tempDir('publish-content'), 'content');
  cpSync(SMALL_CONTENT, before, { recursive: true });
  const reviews = join(before, 'reviews.json');
  writeFileSync(reviews, readFileSync(reviews, 'utf8').replace('"We are sorry & will call you."', '"We are sorry."'));
  oldBuild = realpathSync(await sharedBuild(before, SITE));
  newBuild = realpathSync(await sharedBuild(SMALL_CONTENT, SITE));
  live = join(tempDir('publish-after-deploy'), 'dist');
  serve(oldBuild);
  server = await startServer({ OUT_DIR: live, SITE_URL: SITE });
});

afterAll(() => server?.stop());

describe('the publish ping after a deploy', () => {
  it('says in one line that the site still answers with the previous build, with the command to retry, and exits 0', async () => {
    const run = await publish(newBuild, 1);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(/Published/);
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(
        /^The deploy succeeded, but after 1 s http:\/\/127\.0\.0\.1:\d+\/reviews\.json still answers with another build; no subscriber was notified: retry with `npm run publish` \(`reviews publish`\) once https:\/\/reviews\.example answers\.$/,
      ),
    ]);
  });

  it('waits for the new build to answer, then pings the hub', async () => {
    let ended = false;
    const waiting = publish(newBuild, 60).finally(() => {
      ended = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    // still waiting for the site, the old build answering
    expect(ended).toBe(false);
    serve(newBuild);
    const run = await waiting;
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Published: /m);
    expect(run.stderr).toBe('');
  });
});
