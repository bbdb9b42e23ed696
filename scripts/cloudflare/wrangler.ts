// wrangler as our commands run it: the package's own copy, from a temporary folder (wrangler
// keeps its state, .wrangler/, where it runs: never in the site), without sending metrics.
import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { tempDir, toolBin } from '../run/processes.ts';

export interface WranglerRun {
  /** Passed on: 'inherit' shows wrangler's output (and its prompts); 'pipe' keeps it. */
  stdio: 'inherit' | 'pipe';
  env?: NodeJS.ProcessEnv;
  /** Given to wrangler's stdin (piped); without it stdin is ours. */
  input?: string;
}

export function runWrangler(args: string[], { stdio, env = process.env, input }: WranglerRun): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [toolBin('wrangler', 'bin/wrangler.js'), ...args], {
    cwd: tempDir('wrangler'),
    env: { ...env, WRANGLER_SEND_METRICS: 'false' },
    encoding: 'utf8',
    stdio: input === undefined ? ['inherit', stdio, stdio] : ['pipe', stdio, stdio],
    ...(input === undefined ? {} : { input }),
    maxBuffer: 64 * 1024 * 1024,
  });
}
