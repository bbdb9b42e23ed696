// The no-server deploy as its commands run it: `npm run deploy:worker -- --dry-run` writes
// what would be uploaded without an account; `npm run preview:worker` changes nothing in the
// repository, and survives a kill -9 of the whole process group with a restart on its state.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE, ROOT, tempDir } from '../../scripts/run/processes.ts';
import { compactManifest, DURABLE_OBJECT_MIGRATIONS, DURABLE_OBJECTS, expandManifest, MCP_NEW_SESSIONS } from '../../sidecar/runtime/cloudflare/bindings.ts';
import { WORKERS } from '../../src/build/deploy/limits.ts';
import { workerRateLimits } from '../../src/build/deploy/worker.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import { readSettings } from '../../src/settings/index.ts';
import { SMALL_CONTENT } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';
import { type RunningWorker, startWorker } from '../helpers/worker.ts';

const SITE = 'https://reviews.example';
let out: string;
const gitStatus = () => execFileSync('git', ['status', '--porcelain', '--ignored=matching'], { cwd: ROOT, encoding: 'utf8' });

beforeAll(async () => {
  out = await sharedBuild(SMALL_CONTENT, SITE);
});

describe('npm run deploy:worker -- --dry-run', () => {
  it('writes the bundle that would be uploaded, with its bindings, and no account', () => {
    const outdir = join(tempDir('dry-run'), 'upload');
    const run = spawnSync(NODE, [join(ROOT, 'scripts', 'deploy-worker.ts'), '--no-build', '--dry-run', '--outdir', outdir], {
      cwd: ROOT,
      env: { ...process.env, OUT_DIR: out, SITE_URL: SITE, HUB_LEASE_MIN_S: '120', CLOUDFLARE_API_TOKEN: '', CLOUDFLARE_ACCOUNT_ID: '' },
      encoding: 'utf8',
    });
    const log = `${run.stdout}\n${run.stderr}`;
    expect(run.status, log).toBe(0);
    const script = readFileSync(join(outdir, 'worker.js'));
    expect(script.length).toBeGreaterThan(10_000);
    expect(script.length).toBeLessThan(WORKERS.scriptBytes);
    for (const [binding, className] of Object.entries(DURABLE_OBJECTS)) expect(log).toContain(`env.${binding} (${className})`);
    expect(log).toContain('env.ASSETS');
    expect(log).toContain(`env.${MCP_NEW_SESSIONS}`);
    expect(log).toContain(`env.SITE_URL ("${SITE}")`);
    // a setting given at deploy time goes with it
    expect(log).toMatch(/env\.HUB_LEASE_MIN_S \(/);
    expect(log).not.toMatch(/✘|\[ERROR\]/);
  });

  it('deploys a folder whose configuration holds the assets, the Durable Objects and their SQLite migration', () => {
    const config = JSON.parse(readFileSync(join(out, 'deploy', 'worker', 'wrangler.json'), 'utf8'));
    expect(config.assets).toMatchObject({ directory: 'assets', binding: 'ASSETS', run_worker_first: true });
    expect(config.durable_objects.bindings).toEqual(Object.entries(DURABLE_OBJECTS).map(([name, class_name]) => ({ name, class_name })));
    expect(config.migrations).toEqual(DURABLE_OBJECT_MIGRATIONS);
    expect(config.vars.SITE_URL).toBe(SITE);
    // new MCP sessions per client address, counted by a namespace of this Worker's own
    const [limit] = workerRateLimits(config.name, readSettings(process.env).mcpNewSessionsPerMinute);
    expect(config.ratelimits).toEqual([limit]);
    expect(limit).toMatchObject({ name: MCP_NEW_SESSIONS, namespace_id: expect.stringMatching(/^\d+$/), simple: { period: 60 } });
    expect(workerRateLimits('reviews-other-business-example', 60)[0]?.namespace_id).not.toBe(limit?.namespace_id);
    // the packed search index lies among the assets, beside every built file; the reviews' JSON stays in /reviews.json
    expect(readdirSync(join(out, 'deploy', 'worker', 'assets', '_worker')).sort()).toEqual(['search-columns.bin', 'search-postings.bin', 'search-text.bin']);
    // the manifest the script carries, compacted, gives back every entry but its file name (assets are read by path)
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
    const expanded = expandManifest(JSON.parse(JSON.stringify(compactManifest(manifest))));
    expect(expanded).toEqual({ ...manifest, resources: Object.fromEntries(Object.entries(manifest.resources).map(([p, e]) => [p, { ...e, file: '' }])) });
  });
});

describe('npm run preview:worker', () => {
  let worker: RunningWorker | undefined;
  afterAll(() => worker?.kill9());

  it('changes nothing in the repository, and comes back after kill -9 on the same port and state', async () => {
    const before = gitStatus();
    worker = await startWorker({ outDir: out });
    expect((await fetch(`${worker.url}/api/reviews/search?query=plumb`)).status).toBe(200);
    expect(worker.output()).not.toMatch(/sidecar\/main\.ts/);
    await worker.kill9();
    // the whole group is gone: wrangler and workerd with it, and the port is free again
    expect(() => process.kill(-worker!.pid, 0)).toThrow();
    worker = await worker.restart();
    expect((await fetch(`${worker.url}/reviews.json`)).status).toBe(200);
    expect(readdirSync(worker.stateDir).length).toBeGreaterThan(0);
    await worker.stop();
    expect(existsSync(join(ROOT, '.wrangler'))).toBe(false);
    expect(gitStatus()).toBe(before);
  });
});
