// The watch's dispatch policy over time, in Node against the HTTPS fakes: a dispatch stays in
// flight for an hour unless a new build goes live; the same news left unanswered waits twice as
// long each time (no storm of dispatches when a sync cannot take it in); a new build resets it.

import { readFileSync } from 'node:fs';
import { getCACertificates, setDefaultCACertificates } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeApis } from '../helpers/stand-ins/fake-apis.ts';
import { makeTestPki } from '../helpers/pki.ts';
import { googleNewest, trustpilotNewest } from '../../src/core/import/newest.ts';
import { readSyncSettings } from '../../src/settings/sync.ts';
import { readWatchSettings } from '../../src/settings/watch.ts';
import { checkSources, DISPATCH_HOLD_MS, type LiveBuild, type WatchConfig, type WatchState } from '../../src/sync/watch.ts';
import { newGoogleReview, seed, startFakes } from '../helpers/sync.ts';

let fake: FakeApis;
let config: WatchConfig;
const http = { timeoutS: 10, retries: 0, maxRetryAfterS: 0, log: () => {} };
const MIN = 60_000;

const liveNow = (buildId: string): LiveBuild => ({
  buildId,
  marks: {
    google: googleNewest({ reviews: fake.googleReviews }) as NonNullable<ReturnType<typeof googleNewest>>,
    trustpilot: trustpilotNewest({ reviews: fake.trustpilotReviews }) as NonNullable<ReturnType<typeof trustpilotNewest>>,
  },
});

beforeAll(async () => {
  const pki = makeTestPki();
  setDefaultCACertificates([...getCACertificates('default'), readFileSync(pki.caFile, 'utf8')]);
  fake = await startFakes(pki, { githubRepository: 'acme/site', githubToken: 'github_pat_hold_test_0123456789' });
  seed(fake, 5, 3);
  config = { sync: readSyncSettings(fake.settings()), watch: readWatchSettings(fake.settings()) };
});
afterAll(async () => {
  await fake?.close();
});

describe('the dispatch in flight', () => {
  it('holds for an hour, then doubles while the same build is live, and a new build ends it', async () => {
    const first = liveNow('build-1');
    fake.googleReviews.push(newGoogleReview(1));
    let state: WatchState = { sources: {} };
    const at = (t: number) => checkSources(config, first, state, t, http);
    const t0 = Date.now();
    const steps: [number, boolean][] = [
      [t0, true],
      [t0 + 30 * MIN, false],
      [t0 + 59 * MIN, false],
      [t0 + 61 * MIN, true],
      // the second dispatch for the same build holds two hours
      [t0 + 61 * MIN + 90 * MIN, false],
      [t0 + 61 * MIN + 121 * MIN, true],
    ];
    for (const [t, expected] of steps) {
      const r = await at(t);
      state = r.state;
      expect(r.dispatched, `at +${(t - t0) / MIN} min`).toBe(expected);
    }
    expect(fake.dispatches.length).toBe(3);
    expect(state.dispatch?.tries).toBe(3);
    // the sync's build takes the review in: quiet, and nothing in flight any more
    const second = liveNow('build-2');
    const quiet = await checkSources(config, second, state, t0 + 200 * MIN, http);
    expect(quiet.dispatched).toBe(false);
    expect(quiet.state.dispatch).toBeUndefined();
    expect(Object.values(quiet.state.sources).map((s) => s.outcome)).toEqual(['quiet', 'quiet']);
    // news after it dispatches at once, held for an hour again
    fake.trustpilotReviews.push({ ...(fake.trustpilotReviews[0] as object), id: 'fresh0000000000000000001', createdAt: new Date().toISOString() });
    const next = await checkSources(config, second, quiet.state, t0 + 201 * MIN, http);
    expect(next.dispatched).toBe(true);
    expect(next.state.dispatch).toMatchObject({ build: 'build-2', tries: 1, at: t0 + 201 * MIN });
    expect(DISPATCH_HOLD_MS).toBe(60 * MIN);
  });
});
