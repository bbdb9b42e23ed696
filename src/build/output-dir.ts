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
