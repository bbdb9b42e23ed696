// npm run sync:check, the workflow's first step: Node alone (a copy of the sources without
// node_modules, as on a runner before `npm install`) decides whether the pass has anything to do.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeApis } from '../helpers/stand-ins/fake-apis.ts';
import type { TestPki } from '../helpers/pki.ts';
import { runStep, stepScript } from '../helpers/workflow-step.ts';
import { NODE, ROOT, tempDir } from '../helpers/paths.ts';
import { finished } from '../helpers/processes.ts';
import { newGoogleReview, readJson, runSync, SECRETS, useFakeApis, workspace } from '../helpers/sync.ts';

let pki: TestPki;
let fake: FakeApis;
const bare = tempDir('sync-check');

beforeAll(() => {
  for (const dir of ['src', 'scripts']) cpSync(join(ROOT, dir), join(bare, dir), { recursive: true });
  cpSync(join(ROOT, 'package.json'), join(bare, 'package.json'));
});
useFakeApis((p, f) => {
  pki = p;
  fake = f;
});

/** The check as a child process, not blocking this one (the fakes answer from it). */
async function check(env: Record<string, string>, ...args: string[]): Promise<{ run: string; out: string }> {
  const output = join(tempDir('gh-output'), 'output');
  writeFileSync(output, '');
  const { status, out } = await finished(
    spawn(NODE, [join(bare, 'scripts', 'sync-check.ts'), ...args], { cwd: bare, env: { PATH: process.env.PATH, GITHUB_OUTPUT: output, ...env } }),
  );
  expect(status, out).toBe(0);
  return { run: readFileSync(output, 'utf8').trim(), out };
}

describe('npm run sync:check', { timeout: 120_000 }, () => {
  it("is the workflow's first step in this repository: its own script, no package fetched", async () => {
    const workflow = readFileSync(join(ROOT, '.github/workflows/sync.yml'), 'utf8');
    const temp = tempDir('runner');
    const quiet = await runStep(stepScript(workflow, 'check', '--sweep'), bare, temp, { PATH: process.env.PATH });
    expect(quiet.status, quiet.out).toBe(0);
    expect(quiet.output).toBe('run=false\n');
    expect(quiet.out).toMatch(/^::notice::No source is configured/m);
    expect(existsSync(join(temp, 'reviews-engine'))).toBe(false);

    const w = workspace();
    const env = { PATH: process.env.PATH, ...fake.settings(), CONTENT_DIR: w.content, SYNC_DIR: w.syncDir, NODE_EXTRA_CA_CERTS: pki.caFile };
    const news = await runStep(stepScript(workflow, 'check'), bare, temp, env);
    expect(news.output, news.out).toBe('run=true\n');
    expect(news.out).toMatch(/^::notice::New at google, trustpilot: the pass runs/m);
  });

  it('ends green with a notice when no source is configured, even for a full run', async () => {
    for (const args of [[], ['--full'], ['--sweep']]) {
      const r = await check({}, ...args);
      expect(r.run).toBe('run=false');
      expect(r.out).toMatch(/^::notice::No source is configured/m);
    }
  });

  it('finds nothing to do when the sources show what the last sync read, and a pass to run when one has news, fails, or a release is unfinished', async () => {
    const w = workspace();
    const env = { ...fake.settings(), CONTENT_DIR: w.content, OUT_DIR: w.out, SYNC_DIR: w.syncDir, NODE_EXTRA_CA_CERTS: pki.caFile };
    const merged = await runSync(env, ['--content-only']);
    expect(merged.status, merged.stderr).toBe(0);
    // --content-only leaves the release to the next pass: that alone is a reason to run
    expect((await check(env)).out).toMatch(/did not finish its release/);
    const status = readJson(join(w.syncDir, 'status.json'));
    status.release.published = status.release.content;
    writeFileSync(join(w.syncDir, 'status.json'), JSON.stringify(status));

    const quiet = await check(env);
    expect(quiet.run, quiet.out).toBe('run=false');
    expect(quiet.out).toMatch(/::notice::Nothing new at the sources/);
    // the daily sweep: a complete read today needs no other
    expect((await check(env, '--sweep')).run).toBe('run=false');
    status.sources.google.last_full_sweep_at = '2020-01-01T00:00:00.000Z';
    writeFileSync(join(w.syncDir, 'status.json'), JSON.stringify(status));
    expect((await check(env, '--sweep')).out).toMatch(/older than SYNC_FULL_SWEEP_S: the sweep runs/);

    fake.googleReviews.push(newGoogleReview(7));
    const news = await check(env);
    expect(news.run).toBe('run=true');
    expect(news.out).toMatch(/::notice::New at google: the pass runs/);

    fake.hook = (r) => (r.path.includes('/business-units/') ? { status: 500, body: '{}' } : undefined);
    fake.googleReviews.pop();
    const failing = await check(env);
    expect(failing.run).toBe('run=true');
    expect(failing.out).toMatch(/trustpilot could not be asked/);
    for (const secret of Object.values(SECRETS)) expect(news.out + failing.out + quiet.out).not.toContain(secret);
  });
});
