// The sync's settings (sources, schedule, deploy): rows in the format of ./table.ts. Secrets are
// listed in SYNC_SECRETS so every writer can scrub them.

import { JOBS_SETTINGS } from './jobs.ts';
import { type Env, fail, integer, oneOf, readTable, secret, secureUrl, setting, text, type ValuesOf } from './table.ts';

const GOOGLE_SETTINGS = {
  GOOGLE_LOCATION: setting(
    'location',
    (raw) =>
      raw === '' || /^accounts\/[A-Za-z0-9_-]+\/locations\/[A-Za-z0-9_-]+$/.test(raw) ? raw : fail('look like accounts/{account id}/locations/{location id}'),
    '',
    '`accounts/{account}/locations/{location}` of your Business Profile; setting it turns the Google source of `npm run sync` on',
  ),
  GOOGLE_CLIENT_ID: setting('clientId', text, '', 'OAuth 2.0 client id (see Getting the Google credentials)'),
  GOOGLE_CLIENT_SECRET: secret(setting('clientSecret', text, '', 'OAuth 2.0 client secret; never printed or written')),
  GOOGLE_REFRESH_TOKEN: secret(setting('refreshToken', text, '', 'refresh token for the `business.manage` scope; never printed or written')),
  GOOGLE_API_URL: setting(
    'apiUrl',
    secureUrl('url'),
    'https://mybusiness.googleapis.com',
    'origin of the My Business API v4 (https; http only on a loopback address)',
  ),
  GOOGLE_TOKEN_URL: setting(
    'tokenUrl',
    secureUrl('url'),
    'https://oauth2.googleapis.com/token',
    "Google's OAuth 2.0 token endpoint (https; http only on a loopback address)",
  ),
};

const TRUSTPILOT_SETTINGS = {
  TRUSTPILOT_BUSINESS_UNIT_ID: setting(
    'businessUnitId',
    (raw) => (raw === '' || /^[A-Za-z0-9_-]{1,64}$/.test(raw) ? raw : fail('be a Trustpilot business unit id')),
    '',
    'your Trustpilot business unit id; setting it turns the Trustpilot source on',
  ),
  TRUSTPILOT_API_KEY: secret(setting('apiKey', text, '', 'Trustpilot API key, sent in the `apikey` header; never printed or written')),
  TRUSTPILOT_API_URL: setting(
    'apiUrl',
    secureUrl('url'),
    'https://api.trustpilot.com',
    'origin of the Trustpilot API (https; http only on a loopback address)',
  ),
};

const PASS_SETTINGS = {
  SYNC_INTERVAL_S: setting('intervalS', integer(0), '0', 'with a value > 0 the sidecar runs a sync pass this often, the first 2 s after start; `0`: never'),
  SYNC_NICENESS: setting(
    'niceness',
    integer(0, 19),
    '10',
    'CPU niceness (0-19) of a pass the sidecar schedules, so its build yields the CPU to requests; `0`: ' +
      'normal priority (see Benchmarks: on a machine busy with other work a niced pass can starve)',
  ),
  SYNC_DELETIONS: setting(
    'deletions',
    oneOf('keep', 'prune'),
    'keep',
    "`keep`: a review gone from a complete sweep stays and is reported; `prune`: it is removed (the import's `--prune`)",
  ),
  SYNC_FULL_SWEEP_S: setting(
    'fullSweepS',
    integer(0),
    '86400',
    'Google: a pass reads every page when the last complete sweep is older than this; other passes stop at the first page of reviews already merged',
  ),
  SYNC_MAX_PAGES: setting(
    'maxPages',
    integer(1),
    '2000',
    'most pages one pass reads from one source (Google gives 50 reviews a page, Trustpilot 100); ' +
      'a source that keeps sending a next page past it fails, and the others still come in',
  ),
  SYNC_MAX_MB: setting(
    'maxMb',
    integer(1),
    '200',
    'most megabytes of pages one pass reads from one source (each page is parsed into ' +
      'reviews at once, never kept); past it the source fails, and the others still come in',
  ),
  SYNC_TIMEOUT_S: setting('timeoutS', integer(1), '30', 'longest wait for one API answer, headers and body'),
  SYNC_RETRIES: setting(
    'retries',
    integer(0),
    '3',
    'retries of a request that got 429, 5xx, a timeout or a network error (waits `Retry-After`, else 1, 2, 4 … s)',
  ),
  SYNC_MAX_RETRY_AFTER_S: setting('maxRetryAfterS', integer(0), '120', 'a `Retry-After` longer than this fails the pass at once instead of waiting'),
  SYNC_DIR: setting('dir', text, 'data/sync', 'folder of `status.json` and the lock that keeps to one pass at a time'),
  DEPLOY_COMMAND: setting('deployCommand', text, '', 'shell command run after a good build with `DEPLOY_DIR` (the new build folder) in its environment'),
};

export const SYNC_SETTINGS = { ...GOOGLE_SETTINGS, ...TRUSTPILOT_SETTINGS, ...PASS_SETTINGS };

export type SyncSettingName = keyof typeof SYNC_SETTINGS;

/** Settings whose values must never reach a log, a file or a child process that does not need them. */
export const SYNC_SECRETS = (Object.keys(SYNC_SETTINGS) as SyncSettingName[]).filter((name) => SYNC_SETTINGS[name].secret);

/** The matching key is scrubbed from the sync's output too: the sync matches new reviews to jobs. */
const JOBS_SECRETS = (Object.keys(JOBS_SETTINGS) as (keyof typeof JOBS_SETTINGS)[]).filter((name) => JOBS_SETTINGS[name].secret);

export type GoogleSourceSettings = ValuesOf<typeof GOOGLE_SETTINGS>;
export type TrustpilotSourceSettings = ValuesOf<typeof TRUSTPILOT_SETTINGS>;

export type SyncSettings = ValuesOf<typeof PASS_SETTINGS> & {
  google?: GoogleSourceSettings;
  trustpilot?: TrustpilotSourceSettings;
  /** Every secret value set, longest first, to scrub from text */
  secrets: string[];
};

/** Just the schedule, for the sidecar: a source's settings are checked by each pass, which reports a problem in its status. */
export function readSyncSchedule(env: Env): { intervalS: number; niceness: number } {
  const { intervalS, niceness } = readTable({ SYNC_INTERVAL_S: PASS_SETTINGS.SYNC_INTERVAL_S, SYNC_NICENESS: PASS_SETTINGS.SYNC_NICENESS }, env);
  return { intervalS, niceness };
}

/** The secret values set, longest first, read before anything else so that even a failed start can scrub them. */
export function readSyncSecrets(env: Env): string[] {
  return [...SYNC_SECRETS, ...JOBS_SECRETS]
    .map((name) => env[name] ?? '')
    .filter((value) => value.length > 0)
    .sort((a, b) => b.length - a.length);
}

export function readSyncDir(env: Env): string {
  return readTable({ SYNC_DIR: PASS_SETTINGS.SYNC_DIR }, env).dir;
}

/** A source is on when its first setting is set; then the rest of its table must be. */
function source<T extends Record<string, unknown>>(table: Parameters<typeof readTable>[0], env: Env, because: string): T | undefined {
  const [first = '', ...rest] = Object.keys(table);
  if (!env[first]) return undefined;
  const missing = rest.filter((name) => table[name]?.default === '' && !env[name]);
  if (missing.length)
    throw new Error(`Setting${missing.length > 1 ? 's' : ''} ${missing.join(', ')} must be set when ${first} is set (see docs/sync.md: ${because})`);
  return readTable(table, env) as T;
}

export function readSyncSettings(env: Env): SyncSettings {
  const pass = readTable(PASS_SETTINGS, env);
  // Every value is checked, even of a source that is off, so a typo is reported before it matters.
  readTable(SYNC_SETTINGS, env);
  const secrets = readSyncSecrets(env);
  const google = source<GoogleSourceSettings>(GOOGLE_SETTINGS, env, 'Google');
  const trustpilot = source<TrustpilotSourceSettings>(TRUSTPILOT_SETTINGS, env, 'Trustpilot');
  return { ...pass, ...(google && { google }), ...(trustpilot && { trustpilot }), secrets };
}
