// `reviews upgrade PATH.tgz`: a newer packed engine kept in the site's engine/ folder in place of
// the older one, installed with npm, so the site still installs wherever it is cloned.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { keepTarball, removeAll } from './engine-tarball.ts';
import { CliError } from './errors.ts';

export function upgrade(argv: string[], siteDir: string): number {
  if (argv.length !== 1)
    throw new CliError(
      'Name the newer tarball, as in `reviews upgrade ../reviews-service-1.1.0.tgz`; from the registry, `npm update reviews-service` upgrades.',
    );
  const { spec, copied, older } = keepTarball(siteDir, argv[0] as string);
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', spec], { cwd: siteDir, stdio: 'inherit' });
  if (npm.status !== 0) {
    // the site stays on the engine it had (npm leaves package.json as it was), without the new copy
    if (copied) rmSync(join(siteDir, spec.slice('file:'.length)), { force: true });
    console.error(`reviews: npm install ${spec} failed (${npm.status ?? npm.signal}); the site still depends on the engine it had.`);
    return 1;
  }
  removeAll(older);
  console.log(`The site now depends on ${spec}. Commit engine/, package.json and package-lock.json.`);
  return 0;
}
