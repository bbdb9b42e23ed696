// The hosts' own local tools (wrangler pages dev, netlify dev) that `reviews preview` runs the
// deploy folders under; the deploy tests and bench:deploy start them too.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { COMPATIBILITY_DATE } from '../../src/build/deploy/worker.ts';
import { NODE, tempDir, toolBin } from './processes.ts';

export interface RunningHost {
  url: string;
  /** The tool's process; its children (workerd, servers) are below it. */
  pid: number;
  output: () => string;
  stop: () => Promise<void>;
}

/** A port that was free a moment ago, for tools that cannot listen on port 0 and report it. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A host's tool started from a temporary folder in a process group of its own, resolved once its output matches `ready`. */
export function startTool(args: string[], ready: RegExp, url: string, env: Record<string, string>, timeoutMs = 120_000): Promise<RunningHost> {
  const child: ChildProcess = spawn(NODE, args, {
    // Both tools write state where they run (.wrangler/, .netlify/, a rewritten .gitignore): never in the repository.
    cwd: tempDir('host'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      // The tools start children of their own (workerd, the static server): end the group.
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
    }
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${args[0]} did not start within ${timeoutMs} ms:\n${log}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (ready.test(log)) {
        clearTimeout(timer);
        resolve({ url, pid: child.pid as number, output: () => log, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args[0]} exited (${code}) before it was ready:\n${log}`));
    });
  });
}

/** `wrangler pages dev <dir>`: Cloudflare's asset server and the folder's `_worker.js` in workerd, offline. */
export async function startWrangler(dir: string, bindings: Record<string, string> = {}, port?: number): Promise<RunningHost> {
  port ??= await freePort();
  const inspector = await freePort();
  const args = [toolBin('wrangler', 'bin/wrangler.js'), 'pages', 'dev', dir];
  args.push('--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspector), '--compatibility-date', COMPATIBILITY_DATE);
  args.push('--show-interactive-dev-session=false');
  for (const [name, value] of Object.entries(bindings)) args.push('--binding', `${name}=${value}`);
  return startTool(args, /Ready on http:\/\/127\.0\.0\.1:\d+/, `http://127.0.0.1:${port}`, { WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' });
}

/** `netlify dev --offline` serving a folder as Netlify does, with its `_headers` and `_redirects`. */
export async function startNetlify(dir: string, port?: number): Promise<RunningHost> {
  port ??= await freePort();
  const args = [
    toolBin('netlify-cli', 'bin/run.js'),
    'dev',
    '--offline',
    '--internal-disable-edge-functions',
    '--dir',
    dir,
    '--port',
    String(port),
    '--no-open',
  ];
  return startTool(args, /Local dev server ready/, `http://localhost:${port}`, {
    NETLIFY_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    BROWSER: 'none',
  });
}
