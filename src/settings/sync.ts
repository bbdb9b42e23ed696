// The sync's settings (sources, schedule, deploy): a table in the format of ./index.ts, read by
// the same readers. Secrets are listed in SYNC_SECRETS so every writer can scrub them.

import { type Env, type Setting, settingReaders } from './index.ts';

export const SYNC_SETTINGS = {
  GOOGLE_LOCATION: {
    default: '',
    help: 'Google Business Profile location, `accounts/{account}/locations/{location}`. Setting it turns the Google source on.',
  },
  GOOGLE_CLIENT_ID: { default: '', help: 'OAuth 2.0 client id of your Google Cloud project (a "Desktop app" or "Web application" client).' },
  GOOGLE_CLIENT_SECRET: { default: '', help: 'Secret of that OAuth client. Never printed or written anywhere.' },
  GOOGLE_REFRESH_TOKEN: {
    default: '',
    help: 'Refresh token granted for the `https://www.googleapis.com/auth/business.manage` scope. Never printed or written anywhere.',
  },
  GOOGLE_API_URL: { default: 'https://mybusiness.googleapis.com', help: 'Origin of the Google My Business API v4 (https; http only on a loopback address).' },
  GOOGLE_TOKEN_URL: { default: 'https://oauth2.googleapis.com/token', help: "Google's OAuth 2.0 token endpoint (https; http only on a loopback address)." },
  TRUSTPILOT_BUSINESS_UNIT_ID: { default: '', help: 'Trustpilot business unit id. Setting it turns the Trustpilot source on.' },
  TRUSTPILOT_API_KEY: { default: '', help: 'Trustpilot API key, sent in the `apikey` header. Never printed or written anywhere.' },
  TRUSTPILOT_API_URL: { default: 'https://api.trustpilot.com', help: 'Origin of the Trustpilot API (https; http only on a loopback address).' },
  SYNC_INTERVAL_S: { default: '0', help: 'With a value > 0 the sidecar runs a sync pass this often (the first one 2 s after start); 0: never.' },
  SYNC_NICENESS: {
    default: '10',
    help: 'CPU niceness (0-19) of a pass the sidecar schedules, so its build yields to requests; 0 runs it at normal priority.',
  },
  SYNC_DELETIONS: {
    default: 'keep',
    help: "`keep`: a review gone from a complete sweep of its source stays and is reported; `prune`: it is removed (the import's `--prune`).",
  },
  SYNC_FULL_SWEEP_S: {
    default: '86400',
    help: 'Google: a pass reads every page when the last complete sweep is older than this; other passes stop at the first page of reviews already seen.',
  },
  SYNC_TIMEOUT_S: { default: '30', help: 'Longest wait for one API response (headers and body); then the request counts as failed.' },
  SYNC_RETRIES: { default: '3', help: 'Retries of a request that got 429, 5xx, a timeout or a network error (waits 1, 2, 4 … s, or `Retry-After`).' },
  SYNC_MAX_RETRY_AFTER_S: { default: '120', help: 'A `Retry-After` longer than this fails the pass instead of waiting (the next pass tries again).' },
  SYNC_DIR: { default: 'data/sync', help: 'Folder of the sync status file (`status.json`) and the lock that lets one pass run at a time.' },
  DEPLOY_COMMAND: {
    default: '',
    help: 'Shell command run after a good build, with `DEPLOY_DIR` (the new build folder) in its environment; empty: no deploy step.',
  },
} satisfies Record<string, Setting>;

export type SyncSettingName = keyof typeof SYNC_SETTINGS;

/** Settings whose values must never reach a log, a file or a child process that does not need them. */
export const SYNC_SECRETS = ['GOOGLE_CLIENT_SECRET', 'GOOGLE_REFRESH_TOKEN', 'TRUSTPILOT_API_KEY'] as const satisfies readonly SyncSettingName[];

export interface GoogleSourceSettings {
  location: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  apiUrl: string;
  tokenUrl: string;
}

export interface TrustpilotSourceSettings {
  businessUnitId: string;
  apiKey: string;
  apiUrl: string;
}

export interface SyncSettings {
  google?: GoogleSourceSettings;
  trustpilot?: TrustpilotSourceSettings;
  intervalS: number;
  deletions: 'keep' | 'prune';
  fullSweepS: number;
  timeoutS: number;
  retries: number;
  maxRetryAfterS: number;
  dir: string;
  deployCommand: string;
  /** Every secret value set, longest first, to scrub from text */
  secrets: string[];
}

/** https, or http on a loopback host (tests and local fakes only). */
function apiOrigin(name: SyncSettingName, raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`Setting ${name} must be an absolute https URL, got "${raw}"`);
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new Error(`Setting ${name} must be an https URL (plain http only on a loopback address), got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

/** Just the schedule, for the sidecar: a source's settings are checked by each pass, which reports a problem in its status. */
export function readSyncSchedule(env: Env): { intervalS: number; niceness: number } {
  const { integer } = settingReaders(SYNC_SETTINGS, env);
  const niceness = integer('SYNC_NICENESS', 0);
  if (niceness > 19) throw new Error(`Setting SYNC_NICENESS must be 0 to 19, got "${niceness}"`);
  return { intervalS: integer('SYNC_INTERVAL_S', 0), niceness };
}

export function readSyncDir(env: Env): string {
  return settingReaders(SYNC_SETTINGS, env).text('SYNC_DIR');
}

export function readSyncSettings(env: Env): SyncSettings {
  const { text, integer } = settingReaders(SYNC_SETTINGS, env);
  const required = (names: SyncSettingName[], because: string) => {
    const missing = names.filter((n) => !text(n));
    if (missing.length) throw new Error(`Setting${missing.length > 1 ? 's' : ''} ${missing.join(', ')} must be set ${because}`);
  };
  const settings: SyncSettings = {
    intervalS: integer('SYNC_INTERVAL_S', 0),
    deletions: text('SYNC_DELETIONS') === 'prune' ? 'prune' : 'keep',
    fullSweepS: integer('SYNC_FULL_SWEEP_S', 0),
    timeoutS: integer('SYNC_TIMEOUT_S', 1),
    retries: integer('SYNC_RETRIES', 0),
    maxRetryAfterS: integer('SYNC_MAX_RETRY_AFTER_S', 0),
    dir: text('SYNC_DIR'),
    deployCommand: text('DEPLOY_COMMAND'),
    secrets: SYNC_SECRETS.map((n) => text(n))
      .filter((v) => v.length > 0)
      .sort((a, b) => b.length - a.length),
  };
  if (!['keep', 'prune'].includes(text('SYNC_DELETIONS'))) throw new Error(`Setting SYNC_DELETIONS must be keep or prune, got "${text('SYNC_DELETIONS')}"`);
  const location = text('GOOGLE_LOCATION');
  if (location) {
    if (!/^accounts\/[A-Za-z0-9_-]+\/locations\/[A-Za-z0-9_-]+$/.test(location))
      throw new Error(`Setting GOOGLE_LOCATION must look like accounts/{account id}/locations/{location id}, got "${location}"`);
    required(['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET', 'GOOGLE_REFRESH_TOKEN'], 'when GOOGLE_LOCATION is set (see the README: Google)');
    settings.google = {
      location,
      clientId: text('GOOGLE_CLIENT_ID'),
      clientSecret: text('GOOGLE_CLIENT_SECRET'),
      refreshToken: text('GOOGLE_REFRESH_TOKEN'),
      apiUrl: apiOrigin('GOOGLE_API_URL', text('GOOGLE_API_URL')),
      tokenUrl: apiOrigin('GOOGLE_TOKEN_URL', text('GOOGLE_TOKEN_URL')),
    };
  }
  const unit = text('TRUSTPILOT_BUSINESS_UNIT_ID');
  if (unit) {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(unit)) throw new Error(`Setting TRUSTPILOT_BUSINESS_UNIT_ID must be a Trustpilot business unit id, got "${unit}"`);
    required(['TRUSTPILOT_API_KEY'], 'when TRUSTPILOT_BUSINESS_UNIT_ID is set (see the README: Trustpilot)');
    settings.trustpilot = { businessUnitId: unit, apiKey: text('TRUSTPILOT_API_KEY'), apiUrl: apiOrigin('TRUSTPILOT_API_URL', text('TRUSTPILOT_API_URL')) };
  }
  return settings;
}
