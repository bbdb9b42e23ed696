// npm run bench:install: what a new site installs. Packs the engine, makes a site with
// `reviews init` and installs it from a warm npm cache (one install first warms it), then times a
// second install into a new site: seconds, packages, the size of node_modules. The site depends
// on the engine and on wrangler (for Cloudflare), as init writes it; the figures without
// wrangler are the engine's own. Targets: at most 400 packages and 450 MB. Baseline, measured in
// the same run: this repository's own node_modules, what a site that forks the engine installs.
// Then the sync workflow's first step in a checkout of the site (no node_modules: it fetches the
// engine's package alone from the npm cache), against the npm install it spares a quiet run and
// against the same step in this repository, which runs its own check.
import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { countPackages, diskBytes, installSite, packEngine, reviewsBin, SITE_PATH } from '../../test/helpers/new-site.ts';
import { NODE, ROOT, tempDir } from '../../scripts/run/processes.ts';
import { runStep, stepScript } from '../../test/helpers/workflow-step.ts';

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
  let installS = 0;
  for (const [label, withWrangler] of [
    ['engine + wrangler (as init writes it)', true],
    ['engine alone (a site that does not deploy to Cloudflare)', false],
  ] as const) {
    const result = installSite(newSite(withWrangler ? 'with-wrangler' : 'without-wrangler', withWrangler));
    if (withWrangler) installS = result.seconds;
    console.log(
      `${label}: npm install ${result.mode} in ${result.seconds.toFixed(1)} s, ` +
        `${result.packages} packages (${(result.packages / fork.packages).toFixed(2)}× the fork), ` +
        `node_modules ${(result.bytes / 1e6).toFixed(0)} MB ` +
        `(${(result.bytes / fork.bytes).toFixed(2)}×)`,
    );
  }

  const checkout = join(work, 'checkout');
  cpSync(join(work, 'with-wrangler'), checkout, { recursive: true, filter: (path) => basename(path) !== 'node_modules' });
  const median = async (dir: string, workflow: string, runs = 5) => {
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const run = await runStep(stepScript(workflow, 'check'), dir, join(work, 'runner'), { ...process.env, PATH: SITE_PATH, npm_config_offline: 'true' });
      if (run.status !== 0 || run.output !== 'run=false\n') throw new Error(`the check step failed (${run.status}):\n${run.out}`);
      times.push((performance.now() - started) / 1000);
    }
    return times.sort((a, b) => a - b)[Math.floor(runs / 2)] as number;
  };
  const siteS = await median(checkout, readFileSync(join(checkout, '.github/workflows/sync.yml'), 'utf8'));
  const ownS = await median(ROOT, readFileSync(join(ROOT, '.github/workflows/sync.yml'), 'utf8'));
  console.log(
    `the workflow's check step, nothing to do (median of 5): in the site ${siteS.toFixed(2)} s (the engine's ` +
      `package alone, from its file: dependency, npm offline), ${(siteS / installS).toFixed(2)}× the npm install ` +
      `above; in this repository ${ownS.toFixed(2)} s, so the site's is ${(siteS / ownS).toFixed(1)}× that`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
