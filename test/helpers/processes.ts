// Child processes that lead their own process group, for the tests' and benchmarks' servers
// (the Worker under preview:worker, workerd): ended with everything they started.
import { type ChildProcess, spawn } from 'node:child_process';
import { NODE } from '../../scripts/run/processes.ts';

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

/** How a child process ended, and what it printed. */
export interface Finished {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** stdout and stderr, interleaved as they came */
  out: string;
}

/**
 * Collects what `child` prints until its output is closed, writing `input` to its stdin when
 * it was given a pipe. A command may end without reading its input: the EPIPE that follows says
 * nothing of the command, so it is not raised.
 */
export function finished(child: ChildProcess, input?: string): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk;
    out += chunk;
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk;
    out += chunk;
  });
  if (child.stdin) {
    child.stdin.on('error', () => {});
    child.stdin.end(input ?? '');
  }
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (status, signal) => resolve({ status, signal, stdout, stderr, out }));
  });
}
