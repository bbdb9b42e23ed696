// The engine as a site names it before it is on the registry: a packed tarball kept inside the
// site (ENGINE_DIR) and named by a relative path, so the site installs wherever it is cloned.
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { CliError } from './errors.ts';

/** The site's folder that holds the engine's tarball; committed with the site. */
export const ENGINE_DIR = 'engine';

const TARBALL = /\.(tgz|tar\.gz|tar)$/i;

export interface EngineSpec {
  /** What package.json names: `^1.0.0`, `file:engine/reviews-service-1.0.0.tgz`, a URL … */
  spec: string;
  /** The tarball to copy into ENGINE_DIR, when the spec names one on this machine */
  tarball?: string;
}

/** `--engine` as the site will name it: a tarball on this machine becomes a copy inside the site. */
export function engineSpec(raw: string, siteDir: string, cwd = process.cwd()): EngineSpec {
  const path = raw.startsWith('file:') ? raw.slice(5) : raw;
  // a URL, git or registry spec (https:…/x.tgz, github:owner/name) is npm's to fetch, as written
  if (!raw.startsWith('file:') && /^[a-z][a-z0-9+.-]*:/i.test(raw)) return { spec: raw };
  const local = raw.startsWith('file:') || TARBALL.test(raw) || path.startsWith('.') || path.startsWith('/');
  if (!local) return { spec: raw };
  const absolute = resolve(cwd, path);
  if (!existsSync(absolute))
    throw new CliError(`--engine names ${absolute}, which does not exist; pack the engine first (npm pack) and name the .tgz it wrote.`);
  // a folder (an engine checkout) cannot be copied in: named from the site, it installs only beside it
  if (statSync(absolute).isDirectory()) return { spec: `file:${relative(siteDir, absolute)}` };
  if (!TARBALL.test(absolute)) throw new CliError(`--engine names ${absolute}, which is not a packed tarball (.tgz); name the file npm pack wrote.`);
  return { spec: `file:${ENGINE_DIR}/${basename(absolute)}`, tarball: absolute };
}

/** Copies a newer tarball into the site's ENGINE_DIR: its spec, whether it was copied now, the older tarballs to remove once installed. */
export function keepTarball(siteDir: string, tarball: string): { spec: string; copied: boolean; older: string[] } {
  const absolute = resolve(tarball);
  if (!existsSync(absolute) || !statSync(absolute).isFile() || !TARBALL.test(absolute))
    throw new CliError(`${absolute} is not a packed tarball (.tgz); name the file npm pack wrote, as in \`reviews upgrade ../reviews-service-1.1.0.tgz\`.`);
  const dir = join(siteDir, ENGINE_DIR);
  mkdirSync(dir, { recursive: true });
  const name = basename(absolute);
  const copied = !existsSync(join(dir, name));
  if (copied) copyFileSync(absolute, join(dir, name));
  const older = readdirSync(dir)
    .filter((f) => f !== name && TARBALL.test(f))
    .map((f) => join(dir, f));
  return { spec: `file:${ENGINE_DIR}/${name}`, copied, older };
}

export const removeAll = (files: string[]) => {
  for (const file of files) rmSync(file, { force: true });
};
