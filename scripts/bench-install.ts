// npm run bench:install: what a new site installs. Packs the engine, makes a site with
// `reviews init` and installs it from a warm npm cache (one install first warms it), then times a
// second install into a new site: seconds, packages, the size of node_modules. The site depends
// on the engine and on wrangler (for Cloudflare), as init writes it; the figures without
// wrangler are the engine's own. Targets: at most 400 packages and 450 MB. Baseline, measured in
// the same run: this repository's own node_modules, what a site that forks the engine installs.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { countPackages, diskBytes, installSite, packEngine, reviewsBin, SITE_PATH } from './harness/new-site.ts';
import { NODE, ROOT, tempDir } from './harness/processes.ts';

const work = tempDir('bench-install');
try {
  const tarball = packEngine(work);
  const newSite = (name: string, withWrangler: boolean) => {
    const dir = join(work, name);
    const init = spawnSync(
      NODE,
      [reviewsBin(), 'init', dir, '--name', 'Bench Plumbing', '--time-zone', 'UTC', '--country', 'US', '--engine', `file:${tarball}`],
      {
        encoding: 'utf8',
        env: { ...process.env, PATH: SITE_PATH },
      },
    );
    if (init.status !== 0) throw new Error(`reviews init failed:\n${init.stderr}`);
    if (!withWrangler) {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      delete pkg.dependencies.wrangler;
      writeFileSync(join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
    }
    return dir;
  };
  const fork = { packages: countPackages(join(ROOT, 'node_modules')), bytes: diskBytes(join(ROOT, 'node_modules')) };
  console.log(`baseline, a fork of the engine (this repository's node_modules): ${fork.packages} packages, ${(fork.bytes / 1e6).toFixed(0)} MB`);
  installSite(newSite('warm-up', true));
  for (const [label, withWrangler] of [
    ['engine + wrangler (as init writes it)', true],
    ['engine alone (a site that does not deploy to Cloudflare)', false],
  ] as const) {
    const result = installSite(newSite(withWrangler ? 'with-wrangler' : 'without-wrangler', withWrangler));
    console.log(
      `${label}: npm install ${result.mode} in ${result.seconds.toFixed(1)} s, ${result.packages} packages (${(result.packages / fork.packages).toFixed(2)}× the fork), node_modules ${(result.bytes / 1e6).toFixed(0)} MB (${(result.bytes / fork.bytes).toFixed(2)}×)`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
