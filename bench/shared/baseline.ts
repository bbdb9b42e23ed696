import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './lib.ts';

/** The code at git `ref` (only `paths` of it, when given) in a new folder named for `name`, beside our node_modules. */
export function baselineCode(ref: string, name: string, paths: string[] = []): string {
  const root = join(tempDir(name), 'code');
  mkdirSync(root);
  const archive = execFileSync('git', ['archive', '--format=tar', ref, ...paths], { cwd: ROOT, maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', root], { input: archive });
  symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
  return root;
}
