// npm run dev: Astro's own dev server renders the pages from the content the build would read.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/run/host-emulators.ts';
import { NODE, ROOT, SMALL_CONTENT } from '../helpers/paths.ts';

let child: ChildProcess;
let url: string;
let log = '';
beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  // as a developer runs it: without the test runner's own environment (NODE_ENV=test, VITEST…), which Astro's Vite reads
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== 'NODE_ENV' && !k.startsWith('VITEST')));
  child = spawn(NODE, [join(ROOT, 'scripts', 'dev.ts')], {
    cwd: ROOT,
    env: { ...env, CONTENT_DIR: SMALL_CONTENT, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm run dev did not start:\n${log}`)), 120_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes(url) && log.includes('watching for file changes')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`npm run dev exited (${code}):\n${log}`)));
  });
});
afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
});

/** The dev server may still be optimising its dependencies for a moment after it says it is ready. */
async function getWhenReady(path: string): Promise<Response> {
  for (let i = 0; ; i++) {
    const res = await fetch(`${url}${path}`);
    if (res.status === 200 || i === 50) return res;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('npm run dev', () => {
  it('serves the pages from CONTENT_DIR through Astro’s dev server', async () => {
    const home = await getWhenReady('/');
    expect(home.status, log).toBe(200);
    const html = await home.text();
    expect(html).toContain('Tiny &amp; Sons &lt;Plumbing&gt;');
    const facet = await getWhenReady('/technicians/jose-martinez/');
    expect(facet.status).toBe(200);
    expect(await facet.text()).toContain('José Martínez');
    expect(log).not.toMatch(/error/i);
  });
});
