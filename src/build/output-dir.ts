import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { MANIFEST_FILE, type Manifest, parseManifest } from '../core/http/manifest.ts';

/**
 * OUT_DIR is a symbolic link to the newest good build under `.builds/`. A new build is
 * written beside it and swapped in with one rename, so readers (the sidecar, a deploy
 * step) see either the old build or the new one, never a half-written folder.
 */
export function buildsDir(outDir: string): string {
  return join(dirname(resolve(outDir)), '.builds');
}

export function newBuildDir(outDir: string, buildId: string): string {
  const dir = join(buildsDir(outDir), `${basename(outDir)}-${buildId}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export function readManifest(buildDir: string): Manifest | undefined {
  const file = join(buildDir, MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  return parseManifest(readFileSync(file, 'utf8'), file);
}

export function swapIn(outDir: string, buildDir: string): void {
  const target = resolve(outDir);
  const tmpLink = `${target}.swap-${process.pid}`;
  rmSync(tmpLink, { force: true });
  symlinkSync(buildDir, tmpLink, 'dir');
  const existing = existsSync(target) || isLink(target) ? lstatSync(target) : undefined;
  if (existing && !existing.isSymbolicLink()) rmSync(target, { recursive: true, force: true });
  renameSync(tmpLink, target);
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/** Removes failed and superseded builds, keeping the current one and the one before it. */
export function pruneBuilds(outDir: string, keep: string[]): void {
  const dir = buildsDir(outDir);
  const prefix = `${basename(outDir)}-`;
  const kept = new Set(keep.map((k) => resolve(k)));
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (name.startsWith(prefix) && !kept.has(full)) rmSync(full, { recursive: true, force: true });
  }
}

export function currentBuild(outDir: string): string | undefined {
  return isLink(outDir) ? resolve(dirname(resolve(outDir)), readlinkSync(outDir)) : undefined;
}

/** The pid a build id ends with (`<timestamp>-<pid>`), if any. */
function pidOf(name: string): number | undefined {
  const m = /-(\d+)$/.exec(name);
  return m ? Number(m[1]) : undefined;
}

/** Whether a process with this id exists (EPERM: it does, and is another user's). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Partial builds and Astro work folders left by builds that are no longer running (killed,
 * or failed where no cleanup could run), or, with `pid`, by that one build: removed so that
 * the space they hold is free again without a manual step. The current build is never touched.
 */
export function removeLeftovers(outDir: string, root: string, pid?: number): string[] {
  const current = currentBuild(outDir);
  const removed: string[] = [];
  const sweep = (dir: string, prefix: string, finished: (full: string) => boolean) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = join(dir, name);
      const owner = pidOf(name);
      if (!name.startsWith(prefix) || owner === undefined || full === current) continue;
      if (pid === undefined ? owner === process.pid || alive(owner) : owner !== pid) continue;
      if (finished(full)) continue;
      rmSync(full, { recursive: true, force: true });
      removed.push(full);
    }
  };
  // A build with its manifest is finished (written last, just before the swap): the previous
  // build is kept on purpose, and pruneBuilds retires the older ones.
  sweep(buildsDir(outDir), `${basename(outDir)}-`, (full) => existsSync(join(full, MANIFEST_FILE)));
  sweep(astroWorkDir(root), '', () => false);
  return removed;
}

/** Where a build's Astro intermediate files go, one folder per build id. */
export function astroWorkDir(root: string): string {
  return join(root, '.astro', 'work');
}
