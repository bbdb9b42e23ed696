// A new user's site, made as a new user makes it: the engine packed (npm pack, which compiles it
// to JavaScript), `reviews init` into an empty folder depending on that tarball, `npm install`
// from the npm cache. Shared by test/package/new-site.test.ts and `npm run bench:install`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { NODE, ROOT } from '../../scripts/run/processes.ts';

/** The site's commands run on the Node that runs this (a site has no pinned Node of its own); npm too. */
export const SITE_PATH = `${dirname(NODE)}:${process.env.PATH ?? ''}`;

/** Packs the engine into `dest`; returns the tarball's path. */
export function packEngine(dest: string): string {
  const run = spawnSync('npm', ['pack', '--json', '--pack-destination', dest], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PATH: SITE_PATH } });
  if (run.status !== 0) throw new Error(`npm pack failed (${run.status}):\n${run.stderr}`);
  const [packed] = JSON.parse(run.stdout.slice(run.stdout.indexOf('['))) as { filename: string }[];
  return join(dest, (packed as { filename: string }).filename);
}

/** `reviews` of an installed site (its compiled bin), or of the repository when `site` is undefined. */
export function reviewsBin(site?: string): string {
  return site ? join(site, 'node_modules', 'reviews-service', 'bin', 'reviews.js') : join(ROOT, 'bin', 'reviews.js');
}

export interface Install {
  seconds: number;
  /** `--offline`, or `--prefer-offline` when the cache lacked a package's metadata */
  mode: string;
  packages: number;
  bytes: number;
}

/** `npm install` in a new site from the npm cache: offline, or where the cache lacks a package's metadata, preferring the cache. */
export function installSite(dir: string): Install {
  const started = performance.now();
  let mode = '--offline';
  const npm = (flag: string) =>
    spawnSync('npm', ['install', flag, '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, PATH: SITE_PATH },
    });
  let run = npm(mode);
  if (run.status !== 0 && /ENOTCACHED/.test(run.stderr)) {
    mode = '--prefer-offline';
    run = npm(mode);
  }
  if (run.status !== 0) throw new Error(`npm install ${mode} failed (${run.status}):\n${run.stderr}`);
  const seconds = (performance.now() - started) / 1000;
  return { seconds, mode, packages: countPackages(join(dir, 'node_modules')), bytes: diskBytes(join(dir, 'node_modules')) };
}

/** Packages installed under a node_modules folder, nested ones included (what `npm ls --all` lists). */
export function countPackages(nodeModules: string): number {
  let count = 0;
  const visit = (dir: string) => {
    count += 1;
    if (existsSync(join(dir, 'node_modules'))) countIn(join(dir, 'node_modules'));
  };
  const countIn = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
      const path = join(folder, entry.name);
      if (entry.name.startsWith('@')) {
        for (const scoped of readdirSync(path, { withFileTypes: true })) if (scoped.isDirectory()) visit(join(path, scoped.name));
      } else visit(path);
    }
  };
  countIn(nodeModules);
  return count;
}

/** The bytes of the files under `dir`, each once: esbuild's and workerd's install steps hard-link their binaries. */
export function diskBytes(dir: string, seen = new Set<string>()): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += diskBytes(path, seen);
    else if (entry.isFile()) {
      const stat = statSync(path);
      if (seen.has(`${stat.dev}:${stat.ino}`)) continue;
      seen.add(`${stat.dev}:${stat.ino}`);
      total += stat.size;
    }
  }
  return total;
}
