// Matching reviews to jobs (docs/verification.md): the key of the keyed hashes that stand in for
// customers' names, and how long after a job its review may come. Rows in the format of ./table.ts.

import { type Env, fail, integer, readTable, secret, setting, type ValuesOf } from './table.ts';

/** Shorter keys could be guessed, and with the key every common name could be hashed and compared. */
const MIN_KEY_LENGTH = 16;

export const JOBS_SETTINGS = {
  JOBS_MATCH_KEY: secret(
    setting(
      'matchKey',
      Object.assign((raw: string) => (raw === '' || raw.length >= MIN_KEY_LENGTH ? raw : fail(`be at least ${MIN_KEY_LENGTH} characters`)), {
        json: { type: 'string' },
      }),
      '',
      "the key of the keyed hashes (HMAC-SHA-256) that `content/jobs.json` keeps instead of customers' names; needed by `reviews import jobs`, `reviews verify` and the sync to match reviews to jobs. A secret: in `.env` and the GitHub Actions secrets, never in `reviews.config.json`; keep a copy, since another key cannot read the jobs already imported (`openssl rand -base64 32` makes one)",
    ),
  ),
  JOBS_MATCH_WINDOW_DAYS: setting('windowDays', integer(0, 3650), '45', "how many days after a job's date its customer's review still matches it"),
};

export type JobsSettings = ValuesOf<typeof JOBS_SETTINGS>;

export const readJobsSettings = (env: Env): JobsSettings => readTable(JOBS_SETTINGS, env);
