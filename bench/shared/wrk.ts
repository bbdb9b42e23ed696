// wrk (Debian's package), the load generator the small-file comparisons use: a C program
// with its own event loop, so on two cores it takes less from the server than a Node client.
import { spawnSync } from 'node:child_process';

export interface WrkLoad {
  rps: number;
  /** Requests completed in the run. */
  requests: number;
  p99Ms: number;
  non2xx3xx: number;
  errors: number;
}

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

export function wrk(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): WrkLoad {
  const args = ['-t', '1', '-c', String(options.connections), '-d', `${options.seconds}s`, '--latency'];
  for (const [name, value] of Object.entries(options.headers ?? {})) args.push('-H', `${name}: ${value}`);
  const run = spawnSync('wrk', [...args, url], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
  const out = run.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const p99 = /99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99Ms = p99 ? Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1) : Number.NaN;
  const non2xx3xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socket ? socket.slice(1).reduce((a, b) => a + Number(b), 0) : 0;
  return { rps, requests, p99Ms, non2xx3xx, errors };
}
