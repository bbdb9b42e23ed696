// What the commands run things with: a host's tool wherever npm put it, a temporary folder, the
// real build and the real sidecar in child processes (preview; the tests and benchmarks use them too).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENTRIES, entryFile } from '../../src/package/entries.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The pinned Node 24 from the `node` package in the repository; an installed engine runs on the site's own Node. */
export const NODE = existsSync(join(ROOT, 'node_modules', '.bin', 'node')) ? join(ROOT, 'node_modules', '.bin', 'node') : process.execPath;

/** A tool's command file wherever npm put its package: the repository's node_modules or a site's. */
export function toolBin(pkg: string, bin: string): string {
  try {
    return join(dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`)), bin);
  } catch {
    throw new Error(`${pkg} is not installed: add it to the site (npm install --save-dev ${pkg}) and run the command again`);
  }
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `reviews-${prefix}-`));
}

export interface BuildRun {
  status: number | null;
  stdout: string;
  stderr: string;
  seconds: number;
}

/** Runs the real build (`scripts/build.ts`) in a child process with the given settings. */
export function runBuild(env: Record<string, string>): BuildRun {
  const started = performance.now();
  const run = spawnSync(NODE, [entryFile(ENTRIES.build)], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, seconds: (performance.now() - started) / 1000 };
}

export function buildOrThrow(env: Record<string, string>): BuildRun {
  const run = runBuild(env);
  if (run.status !== 0) throw new Error(`build failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  return run;
}

export interface RunningProcess {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/**
 * Starts a script that prints "Listening on <url>" (the sidecar, a bench server) on port 0
 * and resolves once it listens. `echo` copies its stderr to ours.
 */
export function startListening(args: string[], env: Record<string, string>, options: { echo?: boolean } = {}): Promise<RunningProcess> {
  const child = spawn(NODE, args, { cwd: ROOT, env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const m = /Listening on (http:\/\/\S+)/.exec(log);
      if (m) {
        resolve({
          url: m[1] as string,
          process: child,
          output: () => log,
          stop: async (signal = 'SIGTERM') => {
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            await exited;
          },
        });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (options.echo) process.stderr.write(chunk);
    });
    child.once('exit', (code) => reject(new Error(`${args.at(-1)} exited (${code}) before listening:\n${log}`)));
  });
}
