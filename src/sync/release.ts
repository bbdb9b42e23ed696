// After the content changed: build, deploy, publish ping, each in a child process (a build
// never runs in the sidecar's own process), each with an environment without the secrets.
import { spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { SYNC_SECRETS } from '../settings/sync.ts';

export interface StepResult {
  ok: boolean;
  output: string;
}

/** The environment minus every secret the sync holds: the build, the deploy and the ping need none. */
export function childEnv(env: NodeJS.ProcessEnv, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...env, ...extra };
  for (const name of SYNC_SECRETS) delete out[name];
  return out;
}

export function runStep(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string): Promise<StepResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      output += c.toString();
    });
    child.on('error', (err) => resolve({ ok: false, output: `${output}${err.message}` }));
    child.on('close', (code, signal) => resolve({ ok: code === 0, output: `${output}${code === 0 ? '' : `(exit ${code ?? signal})`}` }));
  });
}

/** The build folder OUT_DIR points at (it is a link swapped per build). */
export function deployDir(outDir: string): string {
  return realpathSync(outDir);
}
