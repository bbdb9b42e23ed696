import { join } from 'node:path';
import { ROOT, type RunningProcess, startListening, tempDir } from '../../scripts/run/processes.ts';

export type RunningServer = RunningProcess;

/** Starts the real sidecar (`sidecar/runtime/node/main.ts`) on port 0, with its own hub database, and resolves once it listens. */
export function startServer(env: Record<string, string>): Promise<RunningServer> {
  return startListening([join(ROOT, 'sidecar', 'runtime', 'node', 'main.ts')], {
    RELOAD_INTERVAL_MS: '100',
    HUB_DB: join(tempDir('hub'), 'hub.sqlite'),
    ...env,
  });
}
