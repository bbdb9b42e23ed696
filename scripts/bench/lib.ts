import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { generateContent, writeContent } from '../sample/generate.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const NODE = process.execPath;

/**
 * The node flags of `npm run serve` (package.json), so that every benchmark measures the
 * sidecar as it is run, not a differently tuned copy.
 */
export const SIDECAR_NODE_FLAGS: string[] = (() => {
  const serve = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.serve ?? '';
  const m = /^(?:exec\s+)?node\s+(.*?)\s*sidecar\/main\.ts$/.exec(serve);
  if (!m) throw new Error(`package.json scripts.serve is not "node [flags] sidecar/main.ts": ${serve}`);
  return m[1] ? m[1].split(/\s+/) : [];
})();

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `bench-${prefix}-`));
}

export function generate(dir: string, reviewCount: number): void {
  writeContent(dir, generateContent({ seed: 7, reviewCount, endDate: '2026-11-15', years: 5 }));
}

export function build(env: Record<string, string>): number {
  const started = performance.now();
  const run = spawnSync(NODE, [join(ROOT, 'scripts/build.ts')], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`build failed:\n${run.stdout}\n${run.stderr}`);
  return (performance.now() - started) / 1000;
}

export interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts a script that prints "Listening on <url>", and waits for that line. */
export function startProcess(args: string[], env: Record<string, string> = {}): Promise<Server> {
  const child = spawn(NODE, args, { cwd: ROOT, env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /Listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        resolve({
          url: m[1] as string,
          child,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`process exited (${code}): ${out}`)));
  });
}

export function startSidecar(outDir: string, env: Record<string, string> = {}): Promise<Server> {
  return startProcess([...SIDECAR_NODE_FLAGS, join(ROOT, 'sidecar/main.ts')], { OUT_DIR: outDir, RELOAD_INTERVAL_MS: '60000', HUB_DB: join(tempDir('hub'), 'hub.sqlite'), ...env });
}

export function startPlain(bodyFile: string, headers: Record<string, string>): Promise<Server> {
  return startProcess([join(ROOT, 'scripts/bench/plain-server.ts'), bodyFile, JSON.stringify(headers)]);
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
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Math.round(kb / 1024);
}

export function table(rows: Record<string, string | number>[]): void {
  console.table(rows);
}
