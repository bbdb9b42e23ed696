// SYNC_INTERVAL_S > 0: the sidecar runs `scripts/sync.ts` as a child process on that schedule, so
// fetching, merging and building never run on the thread that answers requests. The pass's own
// lock (SYNC_DIR) keeps it to one pass at a time across processes, cron included.
import { type ChildProcess, spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { createInterface } from 'node:readline';

export interface SyncSchedulerOptions {
  intervalS: number;
  /** CPU niceness of each pass (0 normal, 19 lowest): raising it needs no privilege */
  niceness: number;
  /** Delay before the first pass */
  firstDelayMs: number;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  log: (message: string) => void;
}

export interface SyncScheduler {
  /** Stops scheduling and ends a running pass (its lock is released by the OS, its content writes are atomic). */
  stop(): Promise<void>;
}

export function startSyncScheduler(o: SyncSchedulerOptions): SyncScheduler {
  let timer: NodeJS.Timeout | undefined;
  let child: ChildProcess | undefined;
  let stopped = false;
  let exited: Promise<void> = Promise.resolve();

  const schedule = (ms: number) => {
    timer = setTimeout(run, ms);
  };
  const run = () => {
    if (stopped) return;
    const started = Date.now();
    o.log('sync: pass started');
    const c = spawn(o.command, o.args, { cwd: o.cwd, env: o.env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = c;
    // The pass (and the build inside it) yields the CPU to the requests this process answers.
    try {
      if (c.pid !== undefined && o.niceness > 0) setPriority(c.pid, o.niceness);
    } catch {
      // not allowed here: the pass runs at normal priority
    }
    for (const stream of [c.stdout, c.stderr]) {
      createInterface({ input: stream }).on('line', (line) => {
        if (line.trim()) o.log(line.startsWith('sync: ') ? line : `sync: ${line}`);
      });
    }
    exited = new Promise((resolve) =>
      c.on('close', (code, signal) => {
        child = undefined;
        o.log(`sync: pass ended (${code === 0 ? 'ok' : `exit ${code ?? signal}`}) after ${((Date.now() - started) / 1000).toFixed(1)} s`);
        if (!stopped) schedule(Math.max(0, o.intervalS * 1000 - (Date.now() - started)));
        resolve();
      }),
    );
    c.on('error', (err) => o.log(`sync: cannot start a pass: ${err.message}`));
  };
  schedule(o.firstDelayMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      child?.kill('SIGTERM');
      await exited;
    },
  };
}
