// The one harness that runs the real build and the real sidecar in child processes, shared by
// the tests (test/helpers) and the benchmarks (bench/).
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

/** Resolves once every process of the group led by `pid` has exited (what frees its ports and files), or after 10 s. */
export async function groupGone(pid: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    try {
      process.kill(-pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A child process leading its own process group (what it starts runs in that group). */
export interface ProcessGroup {
  pid: number;
  output: () => string;
  /** False once the leader has exited. */
  running: () => boolean;
  /** Sends `signal` to the leader, or to the whole group, and resolves once every process of the group is gone. */
  end: (signal: NodeJS.Signals, group: boolean) => Promise<void>;
  /** The first match of `ready` in its output; rejects if it exits first, or after `timeoutMs` (the group is then killed). */
  ready: Promise<RegExpExecArray>;
}

/**
 * Spawns the pinned Node on `args` in a process group of its own, collecting stdout and stderr.
 * `stdin: 'pipe'` gives it a pipe from us, whose end (our exit, even a crash) it can watch.
 */
export function spawnGroup(
  what: string,
  args: string[],
  options: { cwd: string; env: Record<string, string>; ready: RegExp; timeoutMs?: number | undefined; stdin?: 'ignore' | 'pipe' },
): ProcessGroup {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const child: ChildProcess = spawn(NODE, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: [options.stdin ?? 'ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const pid = child.pid as number;
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals, group: boolean) => {
    try {
      process.kill(group ? -pid : pid, signal);
    } catch {}
    await exited;
    await groupGone(pid);
  };
  const ready = new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      void end('SIGKILL', true);
      reject(new Error(`${what} did not start within ${timeoutMs} ms:\n${log}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = options.ready.exec(log);
      if (!m) return;
      clearTimeout(timer);
      resolve(m);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited (${code}) before it was ready:\n${log}`));
    });
  });
  return { pid, output: () => log, running: () => child.exitCode === null && child.signalCode === null, end, ready };
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
