// The two shapes of the service a black-box suite runs against: the Node sidecar
// (test/helpers/server.ts) and the Cloudflare Worker under wrangler dev (test/helpers/worker.ts).
import { startServer } from './server.ts';
import { startWorker } from './worker.ts';

export const TARGETS = ['sidecar', 'worker'] as const;
export type Target = (typeof TARGETS)[number];

export interface RunningTarget {
  url: string;
  /** Everything it wrote to stdout and stderr. */
  output: () => string;
  /** False once its process has exited. */
  running: () => boolean;
  stop: () => Promise<void>;
}

/** Starts `target` on the build in `env.OUT_DIR`, with the other settings in `env`. */
export async function startTarget(target: Target, env: Record<string, string> & { OUT_DIR: string }): Promise<RunningTarget> {
  if (target === 'sidecar') {
    const server = await startServer(env);
    return { ...server, running: () => server.process.exitCode === null && server.process.signalCode === null };
  }
  const { OUT_DIR, ...rest } = env;
  return startWorker({ outDir: OUT_DIR, env: rest });
}
