// The no-server Worker's watch of the sources: how often its Cron Trigger asks them for their
// newest review, and which GitHub workflow it starts when one is new. The sources' own settings
// are the sync's (./sync.ts). Rows in the format of ./table.ts.

import { type Env, fail, readTable, secret, secureUrl, setting, text, type ValuesOf } from './table.ts';

/** Five cron fields of what Cloudflare's Cron Triggers accept (https://developers.cloudflare.com/workers/configuration/cron-triggers/). */
const cronFields: (raw: string) => string = (raw) =>
  /^(\S+\s+){4}\S+$/.test(raw.trim()) && /^[\d*,/\-\sA-Za-z#LW?]+$/.test(raw) ? raw.trim().replace(/\s+/g, ' ') : fail('be a cron expression of five fields');

export const WATCH_SETTINGS = {
  SYNC_WATCH_CRON: setting(
    'cron',
    cronFields,
    '* * * * *',
    "no-server deploy: how often the Worker's Cron Trigger asks each source for its newest review " +
      '(written into `wrangler.json` only when a source and `SYNC_DISPATCH_REPOSITORY` are set)',
  ),
  SYNC_DISPATCH_REPOSITORY: setting(
    'repository',
    (raw) => (raw === '' || /^[A-Za-z0-9-]{1,39}\/[A-Za-z0-9._-]{1,100}$/.test(raw) ? raw : fail('be owner/name of a GitHub repository')),
    '',
    '`owner/name` of the GitHub repository whose sync workflow the Worker starts when a ' +
      "source has something new; setting it (with a source) turns the Worker's watch on",
  ),
  SYNC_DISPATCH_TOKEN: secret(
    setting(
      'token',
      text,
      '',
      'fine-grained GitHub token with only "Actions: write" on `SYNC_DISPATCH_REPOSITORY`; a Worker secret (`wrangler secret put`), never in `wrangler.json`',
    ),
  ),
  SYNC_DISPATCH_WORKFLOW: setting(
    'workflow',
    (raw) => (/^[A-Za-z0-9._-]{1,100}$/.test(raw) ? raw : fail('be a workflow file name (e.g. sync.yml) or id')),
    'sync.yml',
    'the workflow the watch starts (its file name in `.github/workflows/`, or its id)',
  ),
  SYNC_DISPATCH_REF: setting(
    'ref',
    (raw) => (/^[A-Za-z0-9._/-]{1,200}$/.test(raw) ? raw : fail('be a branch or tag name')),
    'main',
    'the branch (or tag) the dispatched workflow runs on',
  ),
  GITHUB_API_URL: setting('githubApiUrl', secureUrl('url'), 'https://api.github.com', "origin of GitHub's REST API (https; http only on a loopback address)"),
};

export type WatchSettingName = keyof typeof WATCH_SETTINGS;

export type WatchSettings = ValuesOf<typeof WATCH_SETTINGS>;

export function readWatchSettings(env: Env): WatchSettings {
  return readTable(WATCH_SETTINGS, env);
}

/**
 * The Worker's Cron Trigger: SYNC_WATCH_CRON when a source (GOOGLE_LOCATION or
 * TRUSTPILOT_BUSINESS_UNIT_ID) and SYNC_DISPATCH_REPOSITORY are set, else none (no cron, no cost).
 */
export function watchCron(env: Env): string | undefined {
  const { cron, repository } = readWatchSettings(env);
  return repository !== '' && (env.GOOGLE_LOCATION || env.TRUSTPILOT_BUSINESS_UNIT_ID) ? cron : undefined;
}
