// npm run preview:pages and preview:netlify, as a developer runs them: the host's own tool
// in front of the local sidecar, at one origin, leaving the repository as it was.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NODE, ROOT } from '../helpers/paths.ts';

const gitStatus = () => spawnSync('git', ['status', '--porcelain', '--ignored'], { cwd: ROOT, encoding: 'utf8' }).stdout;

function startPreview(host: string): Promise<{ child: ChildProcess; url: string; log: () => string }> {
  const child = spawn(NODE, [join(ROOT, 'scripts', 'preview.ts'), host], { cwd: ROOT, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`preview ${host} did not start:\n${log}`)), 150_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /Preview of .*? on (http:\/\/\S+) /.exec(log);
      if (m) {
        clearTimeout(timer);
        resolve({ child, url: m[1] as string, log: () => log });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`preview ${host} exited (${code}):\n${log}`)));
  });
}

describe.each(['pages', 'netlify'])('npm run preview:%s', (host) => {
  it('serves the built files and the sidecar at one origin, and leaves the repository as it was', async () => {
    const before = gitStatus();
    const preview = await startPreview(host);
    try {
      const page = await fetch(`${preview.url}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html');
      const search = await fetch(`${preview.url}/api/reviews/search?limit=1`);
      expect(search.status).toBe(200);
      expect((await search.json()).count).toBe(1);
      expect(preview.log()).not.toMatch(/compatibility[_ ]date|No compatibility/i);
    } finally {
      const exited = new Promise((resolve) => preview.child.once('exit', resolve));
      preview.child.kill('SIGTERM');
      await exited;
    }
    expect(gitStatus()).toBe(before);
    expect(existsSync(join(ROOT, '.wrangler'))).toBe(false);
    expect(existsSync(join(ROOT, '.netlify'))).toBe(false);
  });
});
