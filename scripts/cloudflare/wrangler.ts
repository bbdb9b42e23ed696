// wrangler as our commands run it: the package's own copy, from a temporary folder (wrangler
// keeps its state, .wrangler/, where it runs: never in the site), without sending metrics.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { tempDir } from '../harness/processes.ts';

/** wrangler's command-line entry, wherever npm put the package (nested or hoisted). */
export const WRANGLER = join(dirname(createRequire(import.meta.url).resolve('wrangler/package.json')), 'bin', 'wrangler.js');

export interface WranglerRun {
  /** Passed on: 'inherit' shows wrangler's output (and its prompts); 'pipe' keeps it. */
  stdio: 'inherit' | 'pipe';
  env?: NodeJS.ProcessEnv;
  /** Given to wrangler's stdin (piped); without it stdin is ours. */
  input?: string;
}

export function runWrangler(args: string[], { stdio, env = process.env, input }: WranglerRun): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [WRANGLER, ...args], {
    cwd: tempDir('wrangler'),
    env: { ...env, WRANGLER_SEND_METRICS: 'false' },
    encoding: 'utf8',
    stdio: input === undefined ? ['inherit', stdio, stdio] : ['pipe', stdio, stdio],
    ...(input === undefined ? {} : { input }),
    maxBuffer: 64 * 1024 * 1024,
  });
}
