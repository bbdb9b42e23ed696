import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { SERVE as SERVE_PROFILE } from '../../scripts/cli/serve-profile.ts';
import { buildOrThrow, NODE, ROOT, type RunningProcess, startListening, tempDir } from '../../scripts/run/processes.ts';
import { generateContent, writeContent } from '../../tools/sample/generate.ts';

export { NODE, ROOT, tempDir };

/** CPU a Worker request may take on Cloudflare's Free plan (https://developers.cloudflare.com/workers/platform/limits/). */
export const FREE_PLAN_CPU_MS = 10;

/** The environment and node flags the server runs with, so that every benchmark measures it as it is run. */
const SERVE = { env: SERVE_PROFILE.env, flags: SERVE_PROFILE.nodeFlags };
export const SIDECAR_NODE_FLAGS: string[] = SERVE.flags;

export function generate(dir: string, reviewCount: number): void {
  writeContent(dir, generateContent({ seed: 7, reviewCount, endDate: '2026-11-15', years: 5 }));
}

export function build(env: Record<string, string>): number {
  return buildOrThrow(env).seconds;
}

export type Server = RunningProcess;

/** Starts a script that prints "Listening on <url>" on port 0; its log goes to our stderr. */
export function startProcess(args: string[], env: Record<string, string> = {}): Promise<Server> {
  return startListening(args, env, { echo: true });
}

/** `npm run serve` on `outDir`; `root` is another copy of the code to run instead (bench:hostile's baseline). */
export function startSidecar(outDir: string, env: Record<string, string> = {}, root = ROOT): Promise<Server> {
  return startProcess([...SIDECAR_NODE_FLAGS, join(root, 'sidecar/runtime/node/main.ts')], {
    ...SERVE.env,
    OUT_DIR: outDir,
    RELOAD_INTERVAL_MS: '60000',
    HUB_DB: join(tempDir('hub'), 'hub.sqlite'),
    ...env,
  });
}

export function startPlain(bodyFile: string, headers: Record<string, string>): Promise<Server> {
  return startProcess([join(ROOT, 'bench/shared/plain-server.ts'), bodyFile, JSON.stringify(headers)]);
}

export interface Load {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export async function load(url: string, options: { connections?: number; seconds?: number; headers?: Record<string, string> } = {}): Promise<Load> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 32,
    duration: options.seconds ?? 5,
    headers: options.headers ?? {},
  });
  return loadOf(result);
}

type LoadResult = Awaited<ReturnType<typeof autocannon>>;

export function loadOf(result: LoadResult): Load {
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

/** autocannon's options beyond the few that bench/shared/autocannon.d.ts declares. */
interface PostLoadOptions {
  url: string;
  connections: number;
  duration: number;
  requests: { method: 'POST'; headers: Record<string, string>; setupRequest: (req: Record<string, unknown>) => Record<string, unknown> }[];
}

/** JSON-RPC `method` posted to `${base}/mcp` by 32 connections for `seconds`; every request gets its own id, as the spec requires. */
export function loadMcp(
  base: string,
  headers: Record<string, string>,
  method: string,
  params: Record<string, unknown> | undefined,
  seconds: number,
): Promise<LoadResult> {
  let next = 1;
  const options: PostLoadOptions = {
    url: `${base}/mcp`,
    connections: 32,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        headers,
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ jsonrpc: '2.0', id: next++, method, ...(params && { params }) }) }),
      },
    ],
  };
  return autocannon(options as unknown as Parameters<typeof autocannon>[0]);
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

/** The middle value (the upper one of an even count). */
export const median = (xs: number[]): number => xs.toSorted((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

export function table(rows: Record<string, string | number>[]): void {
  console.table(rows);
}
