// Runs one of this package's entry scripts as a child process with the site's settings: its
// own Node, its own flags, signals passed on, its exit status returned. From the repository the
// scripts are TypeScript; from an installed package they are the JavaScript compiled at pack time.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ENTRY_EXT, type Entry, entryFile } from '../../src/package/entries.ts';
import type { Env } from '../../src/settings/table.ts';
import { CliError } from './errors.ts';

export interface ScriptRun {
  script: Entry;
  args?: readonly string[];
  env: Env;
  nodeFlags?: readonly string[];
}

export function runScript({ script, args = [], env, nodeFlags = [] }: ScriptRun): Promise<number> {
  const file = entryFile(script);
  if (!existsSync(file))
    throw new CliError(
      `This version of the engine has no ${script}${ENTRY_EXT}; update the package (npm update reviews-service) or use a command listed by reviews --help.`,
    );
  const child = spawn(process.execPath, [...nodeFlags, file, ...args], { stdio: 'inherit', env: env as NodeJS.ProcessEnv });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal === 'SIGINT' ? 130 : 143));
    });
  });
}
