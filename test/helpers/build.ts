import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { NODE, ROOT } from './paths.ts';

export interface BuildRun {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real build (`scripts/build.ts`) in a child process with the given settings. */
export function runBuild(env: Record<string, string>): BuildRun {
  const run = spawnSync(NODE, [join(ROOT, 'scripts', 'build.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

export function buildOrThrow(env: Record<string, string>): BuildRun {
  const run = runBuild(env);
  if (run.status !== 0) throw new Error(`build failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  return run;
}
