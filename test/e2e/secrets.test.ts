// A secret given to the build, preview:worker and `deploy:worker --dry-run` is found nowhere
// it should not be: in no file they wrote but the one private file wrangler reads it from (0600,
// in a 0700 folder, gone once they exit), on no command line any process had while they ran
// (/proc/*/cmdline, sampled), in no response and in no line they printed. preview:worker's
// folder goes however it ends; a SIGKILLed run's goes at the next start.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE, ROOT } from '../../scripts/run/processes.ts';
import { signPublish } from '../../sidecar/hub/publish-signature.ts';
import { PATHS } from '../../src/core/http/urls.ts';
import { SMALL_CONTENT } from '../helpers/paths.ts';
import { finished } from '../helpers/processes.ts';
import { type RunningWorker, startWorker } from '../helpers/worker.ts';

const SITE = 'https://reviews.example';
const TOKEN = randomBytes(12).toString('hex');
// A quote and a dollar sign: the secrets files must carry it as written, with no expansion.
const SECRET = `known-secret-${TOKEN}-$HOME'x`;
/** The files that may hold it: each a private file in a private folder, removed at exit. */
const SECRET_FILES = new Set(['.dev.vars', 'secrets.json']);

const scratch = mkdtempSync(join(tmpdir(), 'reviews-secrets-test-'));
/** The children's temporary folder and wrangler's config home: everything they write outside OUT_DIR lands here. */
const TMP = join(scratch, 'tmp');
const OUT = join(scratch, 'dist');
const SECRET_ENV = { HUB_PUBLISH_SECRET: SECRET, GOOGLE_CLIENT_SECRET: SECRET, TRUSTPILOT_API_KEY: SECRET };
const childEnv = { TMPDIR: TMP, XDG_CONFIG_HOME: join(scratch, 'config'), WRANGLER_SEND_METRICS: 'false', SITE_URL: SITE, ...SECRET_ENV };

/** Every process's command line, read again and again while something runs. */
function sampleCommandLines() {
  const leaks = new Set<string>();
  let samples = 0;
  const sample = () => {
    samples += 1;
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const line = readFileSync(`/proc/${pid}/cmdline`, 'latin1');
        if (line.includes(TOKEN)) leaks.add(line.replaceAll('\0', ' '));
      } catch {}
    }
  };
  const timer = setInterval(sample, 25);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return { leaks: [...leaks], samples };
    },
  };
}

/** Files under `dir` that hold the secret, but the allowed private files; each of those is checked to be private. */
function filesWithSecret(dir: string): string[] {
  const found: string[] = [];
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    if (!readFileSync(path).includes(TOKEN)) continue;
    const base = name.split('/').pop() as string;
    if (SECRET_FILES.has(base)) {
      expect(stat.mode & 0o777, path).toBe(0o600);
      expect(statSync(join(path, '..')).mode & 0o777, path).toBe(0o700);
    } else found.push(path);
  }
  return found;
}

const privateFolders = (prefix: string) => (existsSync(TMP) ? readdirSync(TMP).filter((n) => n.startsWith(`reviews-${prefix}-`)) : []);

async function run(script: string, args: string[], env: Record<string, string>): Promise<{ status: number | null; log: string }> {
  const { status, out } = await finished(
    spawn(NODE, [join(ROOT, 'scripts', script), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] }),
  );
  return { status, log: out };
}

beforeAll(() => {
  mkdirSync(TMP, { recursive: true });
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('a secret given to the build, preview:worker and deploy:worker', () => {
  let worker: RunningWorker | undefined;
  afterAll(async () => {
    await worker?.stop();
  });

  it('is in no file the build writes, on no command line, in no line it prints', async () => {
    const sampler = sampleCommandLines();
    const build = await run('build.ts', [], { ...childEnv, CONTENT_DIR: SMALL_CONTENT, OUT_DIR: OUT });
    const { leaks } = sampler.stop();
    expect(build.status, build.log).toBe(0);
    expect(leaks).toEqual([]);
    expect(build.log).not.toContain(TOKEN);
    expect(filesWithSecret(OUT)).toEqual([]);
    expect(filesWithSecret(TMP)).toEqual([]);
  });

  it('reaches the Worker under preview:worker as a secret: in no file but .dev.vars, no command line, response or log line', async () => {
    const sampler = sampleCommandLines();
    worker = await startWorker({ outDir: OUT, env: childEnv });
    const [folder] = privateFolders('preview-worker');
    expect(folder).toBeDefined();
    const dir = join(TMP, folder as string);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readFileSync(join(dir, '.dev.vars'), 'utf8')).toContain(SECRET);
    expect(readFileSync(join(dir, 'wrangler.json'), 'utf8')).not.toContain('HUB_PUBLISH_SECRET');
    // the Worker has it: a ping signed with it is honoured
    const body = new URLSearchParams({ 'hub.mode': 'publish', 'hub.url': `${SITE}/reviews.json` }).toString();
    const signed = await fetch(`${worker.url}${PATHS.hub}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-hub-publish-signature': await signPublish(SECRET, PATHS.hub, body, Date.now()) },
      body,
    });
    const answers = [await signed.text()];
    expect(signed.status, answers[0]).toBe(202);
    for (const path of ['/', '/reviews.json', '/api/reviews/search?query=great', '/llms.txt', '/openapi.json', '/api/nothing', PATHS.hub]) {
      const res = await fetch(`${worker.url}${path}`);
      answers.push(`${[...res.headers].join('\n')}\n${await res.text()}`);
    }
    expect(answers.filter((a) => a.includes(TOKEN))).toEqual([]);
    expect(filesWithSecret(TMP)).toEqual([]);
    await worker.stop();
    expect(worker.output()).not.toContain(TOKEN);
    worker = undefined;
    expect(sampler.stop().leaks).toEqual([]);
    expect(existsSync(dir)).toBe(false);
  });

  it('is uploaded by deploy:worker --dry-run from a private file, removed after, never as a var or an argument', async () => {
    const outdir = join(scratch, 'upload');
    const sampler = sampleCommandLines();
    const deploy = await run('deploy-worker.ts', ['--no-build', '--dry-run', '--outdir', outdir], {
      ...childEnv,
      OUT_DIR: OUT,
      CLOUDFLARE_API_TOKEN: '',
      CLOUDFLARE_ACCOUNT_ID: '',
    });
    const { leaks, samples } = sampler.stop();
    expect(deploy.status, deploy.log).toBe(0);
    expect(samples).toBeGreaterThan(3);
    expect(leaks).toEqual([]);
    expect(deploy.log).not.toContain(TOKEN);
    // wrangler lists a secret's binding with its value hidden (a --var's would show)
    expect(deploy.log).toContain('env.HUB_PUBLISH_SECRET ("(hidden)")');
    expect(filesWithSecret(outdir)).toEqual([]);
    expect(filesWithSecret(TMP)).toEqual([]);
    expect(filesWithSecret(join(scratch, 'config'))).toEqual([]);
    expect(privateFolders('deploy-secrets')).toEqual([]);
  });
});

describe("preview:worker's temporary folder", () => {
  it('is removed on SIGTERM; one left by a SIGKILLed run is removed at the next start', async () => {
    const before = new Set(privateFolders('preview-worker'));
    const first = await startWorker({ outDir: OUT, env: childEnv });
    const left = privateFolders('preview-worker').filter((n) => !before.has(n));
    expect(left).toHaveLength(1);
    await first.kill9();
    expect(existsSync(join(TMP, left[0] as string))).toBe(true);
    const second = await first.restart();
    expect(existsSync(join(TMP, left[0] as string))).toBe(false);
    expect(second.output()).toContain(`removed ${join(TMP, left[0] as string)}, left by a run that was killed`);
    await second.stop();
    expect(privateFolders('preview-worker')).toEqual([]);
  });
});
