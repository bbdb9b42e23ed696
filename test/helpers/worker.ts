// Starts `npm run preview:worker` (scripts/preview-worker.ts: wrangler dev, workerd) on a build,
// for the tests (test/helpers/worker.ts) and bench:worker's hub part, as processes.ts starts the
// sidecar. bench:worker's throughput and timing run without wrangler dev (workerd-direct.ts).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../../scripts/run/host-emulators.ts';
import { ROOT, tempDir } from '../../scripts/run/processes.ts';
import { spawnGroup } from './processes.ts';

export interface WorkerOptions {
  /** The build (OUT_DIR) whose deploy/worker/ folder is served. */
  outDir: string;
  /** Durable Object storage; a new temporary folder when not given. Restarts keep it. */
  stateDir?: string;
  /** More settings for preview:worker (HUB_*, NODE_EXTRA_CA_CERTS, SITE_URL…). */
  env?: Record<string, string>;
  /** Milliseconds to wait for wrangler to be ready. */
  timeoutMs?: number;
}

export interface RunningWorker {
  url: string;
  port: number;
  stateDir: string;
  /** The preview process; wrangler and workerd run in its process group. */
  pid: number;
  output: () => string;
  /** False once preview:worker has exited. */
  running: () => boolean;
  /** SIGTERM to preview:worker, which stops wrangler and workerd; resolves when all have exited. */
  stop: () => Promise<void>;
  /** SIGKILL to the whole process group (preview, wrangler, workerd): a crash, nothing flushed. */
  kill9: () => Promise<void>;
  /** Starts it again on the same port and state folder (after stop or kill9). */
  restart: () => Promise<RunningWorker>;
}

export async function startWorker(options: WorkerOptions, port?: number): Promise<RunningWorker> {
  const stateDir = options.stateDir ?? join(tempDir('worker-state'), 'state');
  port ??= await freePort();
  const siteUrl = (JSON.parse(readFileSync(join(options.outDir, 'manifest.json'), 'utf8')) as { site_url: string }).site_url;
  const env = { SITE_URL: siteUrl, ...options.env, OUT_DIR: options.outDir, HOST: '127.0.0.1', PORT: String(port), WORKER_STATE_DIR: stateDir };
  const proc = spawnGroup('preview:worker', [join(ROOT, 'scripts', 'preview-worker.ts')], {
    cwd: ROOT,
    env,
    ready: /Listening on http:\/\/\S+ \(worker/,
    timeoutMs: options.timeoutMs,
  });
  const handle: RunningWorker = {
    url: `http://127.0.0.1:${port}`,
    port,
    stateDir,
    pid: proc.pid,
    output: proc.output,
    running: proc.running,
    stop: () => proc.end('SIGTERM', false),
    kill9: () => proc.end('SIGKILL', true),
    restart: () => startWorker({ ...options, stateDir }, port),
  };
  await proc.ready;
  return handle;
}
