// Builds that clean up after themselves: a killed build's partial output and Astro work folder
// are removed by the next build, a stopped one removes its own, and a build that fails on a
// full or read-only disk says so, removes what it wrote, and the next build succeeds once the
// space is free, with no manual step.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuild } from '../helpers/build.ts';
import { NODE, ROOT, SMALL_CONTENT, tempDir } from '../helpers/paths.ts';

const SITE = 'https://reviews.example';
const WORK = join(ROOT, '.astro', 'work');

/** The folders a build with this pid leaves: its partial build under .builds, its Astro work folder. */
function leftovers(outDir: string, pid: number): string[] {
  const builds = join(outDir, '..', '.builds');
  const mine = (dir: string) => (existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith(`-${pid}`)) : []).map((n) => join(dir, n));
  return [...mine(builds), ...mine(WORK)];
}

/** Starts a build and resolves once it has both folders in place (Astro is running). */
async function startBuild(outDir: string): Promise<{ child: ChildProcess; exited: Promise<string>; output: () => string }> {
  const child = spawn(NODE, [join(ROOT, 'scripts', 'build.ts')], {
    cwd: ROOT,
    env: { ...process.env, CONTENT_DIR: SMALL_CONTENT, OUT_DIR: outDir, SITE_URL: SITE },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c));
  child.stderr?.on('data', (c: Buffer) => (output += c));
  // the exit code, or the signal that ended it
  const exited = new Promise<string>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? String(code))));
  const pid = child.pid as number;
  const started = Date.now();
  while (leftovers(outDir, pid).length < 2) {
    if (child.exitCode !== null) throw new Error(`build ended before it could be stopped:\n${output}`);
    if (Date.now() - started > 60_000) throw new Error('build never started');
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, exited, output: () => output };
}

describe('a build that does not finish', () => {
  it('killed with SIGKILL: the next build removes its partial output and work folder, and succeeds', async () => {
    const out = join(tempDir('build-killed'), 'dist');
    const b = await startBuild(out);
    const pid = b.child.pid as number;
    b.child.kill('SIGKILL');
    await b.exited;
    expect(leftovers(out, pid)).toHaveLength(2);
    const next = runBuild({ CONTENT_DIR: SMALL_CONTENT, OUT_DIR: out, SITE_URL: SITE });
    expect(next.status, next.stderr).toBe(0);
    expect(leftovers(out, pid)).toEqual([]);
    expect(readdirSync(join(out, '..', '.builds'))).toHaveLength(1);
  });

  it('stopped with SIGTERM: removes its own partial output and says so', async () => {
    const out = join(tempDir('build-stopped'), 'dist');
    const b = await startBuild(out);
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe('SIGTERM');
    expect(leftovers(out, b.child.pid as number)).toEqual([]);
    expect(b.output()).toContain('partial output was removed');
    expect(existsSync(out)).toBe(false);
  });
});

/** A small tmpfs of our own, where we are allowed to mount one (root with CAP_SYS_ADMIN). */
function mountTmpfs(dir: string, size: string): boolean {
  mkdirSync(dir, { recursive: true });
  return spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]).status === 0;
}
const probe = join(tempDir('mount-probe'), 'm');
const canMount = mountTmpfs(probe, '1m') && spawnSync('umount', [probe]).status === 0;
// Outside CI a machine without the right to mount skips these; in CI (`.ci/run` sets REQUIRE_EVERY_TEST=1) they must run, and fail if they cannot.
const mustRun = process.env.REQUIRE_EVERY_TEST === '1';

describe.skipIf(!canMount && !mustRun)('a build on a full or read-only disk (a tmpfs of 4 MiB)', () => {
  it('fails naming the full disk, removes its partial output, and succeeds once space is free', () => {
    const disk = join(tempDir('build-full'), 'disk');
    expect(mountTmpfs(disk, '4m')).toBe(true);
    try {
      // leave about 300 KB: the build writes about 740 KB
      writeFileSync(join(disk, 'ballast'), Buffer.alloc(4 * 1024 * 1024 - 300 * 1024));
      const out = join(disk, 'dist');
      const env = { CONTENT_DIR: SMALL_CONTENT, OUT_DIR: out, SITE_URL: SITE };
      for (let attempt = 0; attempt < 2; attempt++) {
        const failed = runBuild(env);
        expect(failed.status).toBe(1);
        expect(failed.stderr).toContain('The disk is full');
        expect(failed.stderr).toContain("this build's partial output was removed");
        expect(readdirSync(join(disk, '.builds'))).toEqual([]);
        expect(deadWorkFolders()).toEqual([]);
      }
      rmSync(join(disk, 'ballast'));
      const ok = runBuild(env);
      expect(ok.status, ok.stderr).toBe(0);
      expect(existsSync(join(out, 'site', 'reviews.json'))).toBe(true);

      // read-only: the same disk remounted, a new OUT_DIR on it
      expect(spawnSync('mount', ['-o', 'remount,ro', disk]).status).toBe(0);
      const ro = runBuild({ ...env, OUT_DIR: join(disk, 'other', 'dist') });
      expect(ro.status).toBe(1);
      expect(ro.stderr).toMatch(/read-only/);
      expect(ro.stderr).not.toMatch(/^ENOENT/m);
    } finally {
      spawnSync('umount', [disk]);
    }
  });
});

/** Astro work folders whose build process is gone (each is named <timestamp>-<pid>). */
function deadWorkFolders(): string[] {
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  return (existsSync(WORK) ? readdirSync(WORK) : []).filter((n) => !alive(Number(/-(\d+)$/.exec(n)?.[1])));
}
