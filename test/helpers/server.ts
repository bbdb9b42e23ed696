import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { NODE, ROOT, tempDir } from './paths.ts';

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Starts the real sidecar (`sidecar/main.ts`) on port 0 and resolves once it listens. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  const child = spawn(NODE, [join(ROOT, 'sidecar', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', RELOAD_INTERVAL_MS: '100', HUB_DB: join(tempDir('hub'), 'hub.sqlite'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
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
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${log}`)));
  });
}
