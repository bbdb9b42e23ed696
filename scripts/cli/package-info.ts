// This package's own root and version, found from the running file: the repository when run from
// source, node_modules/reviews-service when installed (the compiled files sit in its lib/).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const up = dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
  return dir;
}

export interface PackageJson {
  name: string;
  version: string;
  peerDependencies?: Record<string, string>;
}

export function packageJson(): PackageJson {
  return JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as PackageJson;
}
