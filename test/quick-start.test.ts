// The README's "Try the sample" from a fresh clone of this repository's last commit: npm install
// (from the npm cache this machine already holds), npm start, then the request the README shows.
import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, tempDir } from './helpers/paths.ts';

const readme = execFileSync('git', ['show', 'HEAD:README.md'], { cwd: ROOT, encoding: 'utf8' });
const section = readme.slice(readme.indexOf('## Try the sample'), readme.indexOf('\n## ', readme.indexOf('## Try the sample') + 1));
const clone = join(tempDir('quick-start'), 'clone');
let server: ReturnType<typeof spawn> | undefined;

afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(clone, { recursive: true, force: true });
});

describe("the README's quick start, from a fresh clone", () => {
  it('installs, starts and answers the request it shows', { timeout: 900_000 }, async () => {
    const commands = [...section.matchAll(/^(npm [a-z]+|curl [^#\n]+?)\s*(?:#.*)?$/gm)].map((m) => (m[1] as string).trim());
    expect(commands[0]).toBe('npm install');
    expect(commands[1]).toBe('npm start');
    const curl = commands.find((c) => c.startsWith('curl ')) as string;
    const example = new URL(/'([^']+)'/.exec(curl)?.[1] as string);

    execFileSync('git', ['clone', '--quiet', '--depth', '1', `file://${ROOT}`, clone], { stdio: 'pipe' });
    execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: clone, stdio: 'pipe', timeout: 600_000 });
    // PORT=0: any free port, named in the "Listening on" line, instead of the README's 4321
    server = spawn('npm', ['start'], { cwd: clone, env: { ...process.env, PORT: '0', HOST: '127.0.0.1' }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let log = '';
    const origin = await new Promise<string>((resolve, reject) => {
      server?.stdout?.on('data', (chunk: Buffer) => {
        log += chunk;
        const m = /Listening on (http:\/\/\S+)/.exec(log);
        if (m) resolve(m[1] as string);
      });
      server?.stderr?.on('data', (chunk: Buffer) => {
        log += chunk;
      });
      server?.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${log}`)));
    });
    const response = await fetch(`${origin}${example.pathname}${example.search}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { reviews: { text?: string }[] };
    expect(body.reviews.length).toBeGreaterThan(0);
    expect(body.reviews.every((r) => /furnace/i.test(JSON.stringify(r)))).toBe(true);
  });
});
