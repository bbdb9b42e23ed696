// The sync under test: the real `scripts/sync.ts` in a child process, against local HTTPS
// fakes of Google and Trustpilot trusted through NODE_EXTRA_CA_CERTS, into a real content folder.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { googleReviews, newGoogleReview as newReview } from './google-export.ts';
import { type FakeApis, type FakeApisOptions, startFakeApis, trustpilotReviews } from './stand-ins/fake-apis.ts';
import { makeTestPki, type TestPki } from './pki.ts';
import { NODE, ROOT, SMALL_CONTENT, tempDir } from './paths.ts';
import { FIXTURES } from './import.ts';

export const SECRETS = {
  clientSecret: 'GOCSPX-testClientSecret-7f3a9c1e',
  refreshToken: '1//0testRefreshToken-9b8e7d6c5a4f',
  apiKey: 'tpKeyTest4d5e6f7a8b9c0d1e2f',
};

export const ACCOUNT = '1111';
export const LOCATION = '9001';
export const UNIT = '507f191e810c19729de860ea';

export async function startFakes(pki: TestPki, more: Partial<FakeApisOptions> = {}): Promise<FakeApis> {
  return startFakeApis(pki, {
    account: ACCOUNT,
    location: LOCATION,
    businessUnitId: UNIT,
    clientId: '123456789-test.apps.googleusercontent.com',
    clientSecret: SECRETS.clientSecret,
    refreshToken: SECRETS.refreshToken,
    apiKey: SECRETS.apiKey,
    ...more,
  });
}

export function seed(fake: FakeApis, google = 120, trustpilot = 30): void {
  fake.googleReviews.splice(0, Infinity, ...googleReviews({ count: google, account: ACCOUNT, location: LOCATION, seed: 3 }));
  fake.trustpilotReviews.splice(0, Infinity, ...trustpilotReviews(trustpilot, UNIT));
}

/** A new Google review, updated now (so it is first in updateTime order). */
export function newGoogleReview(n: number, text = `Brand new review number ${n}: Jonas fixed the furnace.`): Record<string, unknown> {
  return newReview(n, text, { account: ACCOUNT, location: LOCATION });
}

/** A content folder (the import fixtures' business.json, which has a time zone, no reviews yet), an OUT_DIR and a SYNC_DIR. */
export function workspace(): { content: string; out: string; syncDir: string; root: string } {
  const root = tempDir('sync');
  const content = join(root, 'content');
  mkdirSync(content, { recursive: true });
  copyFileSync(join(SMALL_CONTENT, 'editorial.json'), join(content, 'editorial.json'));
  copyFileSync(join(FIXTURES, 'business.json'), join(content, 'business.json'));
  writeFileSync(join(content, 'reviews.json'), '[]\n');
  return { root, content, out: join(root, 'dist'), syncDir: join(root, 'sync') };
}

export interface SyncRun {
  status: number | null;
  stdout: string;
  stderr: string;
  signal: NodeJS.Signals | null;
}

/** Every line the sync printed in this test file, for the secrets check. */
export const transcript: string[] = [];

export function startSync(env: Record<string, string>, args: string[] = [], onOutput?: (text: string) => void) {
  const child = spawn(NODE, [join(ROOT, 'scripts', 'sync.ts'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
    onOutput?.(stdout + stderr);
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
    onOutput?.(stdout + stderr);
  });
  const done = new Promise<SyncRun>((resolve) =>
    child.on('close', (status, signal) => {
      transcript.push(stdout, stderr);
      resolve({ status, stdout, stderr, signal });
    }),
  );
  return { child, done };
}

/** `npm run sync` as a child process; resolves when it exits (the fakes keep answering meanwhile). */
export function runSync(env: Record<string, string>, args: string[] = []): Promise<SyncRun> {
  return startSync(env, args).done;
}

export const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

/** Every access token the fake token endpoint issued, as the API requests carried them (Bearer …). */
export function issuedAccessTokens(fake: FakeApis): string[] {
  return [
    ...new Set(
      fake.requests
        .map((r) => r.headers.authorization)
        .filter((a): a is string => !!a)
        .map((a) => a.slice('Bearer '.length)),
    ),
  ];
}

/** Every file under `dir` (following no links), for the secrets check. */
export function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  const visit = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = join(d, name);
      const st = statSync(full, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) visit(full);
      else if (st.isFile()) out.push(full);
    }
  };
  visit(dir);
  return out;
}

/** A suite's fake APIs behind a throwaway PKI, handed to `ready`, and seeded afresh before each test. */
export function useFakeApis(ready: (pki: TestPki, fake: FakeApis) => void): void {
  let fake: FakeApis | undefined;
  beforeAll(async () => {
    const pki = makeTestPki();
    fake = await startFakes(pki);
    ready(pki, fake);
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    if (!fake) return;
    seed(fake);
    fake.hook = undefined;
  });
}
