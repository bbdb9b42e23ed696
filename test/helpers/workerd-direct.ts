// A Worker folder (the build's deploy/worker/, or any folder with a wrangler.json) on workerd with
// no dev server in front, for bench:worker. wrangler's own reading of the configuration
// (`unstable_readConfig`, `unstable_getMiniflareWorkerOptions`: the same bindings, Durable Objects
// with SQLite, static assets with their router and vars as `wrangler dev`) is handed to Miniflare,
// which runs one workerd; clients connect to a socket of that workerd bound to the Worker itself
// (Miniflare's `unsafeDirectSockets`), so a request meets what it meets at Cloudflare's edge
// (the assets router, then our Worker) and neither wrangler dev's proxy Worker (a second workerd,
// one Durable Object all requests queue through, each request logged through Node) nor
// Miniflare's entry Worker. Miniflare's entry socket is kept and reported (`entryUrl`) to measure
// that layer apart. Run as a script, it serves WORKER_DIR at PORT (Durable Object storage in
// WORKER_STATE_DIR/v3, as `wrangler dev --persist-to`) and prints "Listening on <url> (…)".
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { convertV4MiniflareOptions, Miniflare } from 'miniflare';
import { unstable_getMiniflareWorkerOptions, unstable_readConfig } from 'wrangler';
import { WORKER_CONFIG, workerSecrets, workerVars } from '../../src/build/deploy/worker.ts';
import { freePort } from '../../scripts/run/host-emulators.ts';
import { tempDir } from '../../scripts/run/processes.ts';
import { spawnGroup } from './processes.ts';

export interface DirectWorker {
  /** The socket bound to the Worker itself. */
  url: string;
  /** Miniflare's entry socket: the same Worker behind Miniflare's entry Worker. */
  entryUrl: string;
  /** The script's process; workerd is its child, in its process group. */
  pid: number;
  output: () => string;
  /** SIGTERM; resolves once the script and workerd have exited. */
  stop: () => Promise<void>;
}

/** Starts this file as a script on `workerDir`, with more Worker variables (WORKER_SERVER_TIMING…) in `env`. */
export async function startDirectWorker(options: { workerDir: string; stateDir?: string; env?: Record<string, string> }): Promise<DirectWorker> {
  const port = await freePort();
  const env = {
    ...options.env,
    WORKER_DIR: options.workerDir,
    PORT: String(port),
    WORKER_STATE_DIR: options.stateDir ?? join(tempDir('workerd-state'), 'state'),
  };
  const proc = spawnGroup('workerd', [fileURLToPath(import.meta.url)], {
    cwd: tempDir('workerd'),
    env,
    ready: /Listening on (http:\/\/\S+) \(workerd, entry (http:\/\/\S+)\)/,
    // stdin is a pipe from us: its end (our exit, even a crash) stops the runner
    stdin: 'pipe',
  });
  const [, url, entryUrl] = await proc.ready;
  return { url: url as string, entryUrl: entryUrl as string, pid: proc.pid, output: proc.output, stop: () => proc.end('SIGTERM', false) };
}

async function serve(): Promise<void> {
  const workerDir = process.env.WORKER_DIR as string;
  const port = Number(process.env.PORT);
  const config = unstable_readConfig({ config: join(workerDir, WORKER_CONFIG) });
  const { workerOptions, main } = unstable_getMiniflareWorkerOptions(config);
  if (!main) throw new Error(`${workerDir}/${WORKER_CONFIG} names no main script`);
  // The script is one ES module (no_bundle, find_additional_modules off), so no module rules apply.
  const { modulesRules: _, ...options } = workerOptions as typeof workerOptions & { bindings?: Record<string, string> };
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: '127.0.0.1',
      port: 0,
      logRequests: false,
      resourcePersistencePath: join(process.env.WORKER_STATE_DIR || tempDir('workerd-state'), 'v3'),
      workers: [
        {
          ...options,
          name: config.name,
          modules: true,
          modulesRoot: workerDir,
          scriptPath: main,
          bindings: { ...options.bindings, ...workerVars(process.env), ...workerSecrets(process.env) },
          unsafeDirectSockets: [{ host: '127.0.0.1', port }],
        },
      ],
    }),
  );
  const entry = await mf.ready;
  console.log(`Listening on http://127.0.0.1:${port} (workerd, entry ${entry.origin})`);
  const stop = () => {
    void mf.dispose().finally(() => process.exit(0));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdin.on('end', stop);
  process.stdin.resume();
}

if (import.meta.main) await serve();
