// Every repository secret and variable the sync workflow reads, once: whether a run needs it and
// where its value comes from. The site's README (site-files.ts) lists them and `reviews doctor`
// checks them; test/package/doctor.test.ts fails when the workflow reads one not here.

export type CiKind = 'secret' | 'variable';

/** required: a run fails without it; watch: reviews arrive by themselves only with it; a source's name: all of that source's or none. */
export type CiNeed = 'required' | 'watch' | 'google' | 'trustpilot' | 'recommended' | 'optional';

export interface CiSetting {
  kind: CiKind;
  need: CiNeed;
  /** Where its value comes from, in a sentence an agency developer can follow */
  from: string;
}

/** Where the sources' credentials are explained step by step (the engine's repository; the site ships its guides only) */
const SYNC_GUIDE = 'docs/sync.md of reviews-service, "Getting the Google credentials"';

export const CI_SETTINGS: Record<string, CiSetting> = {
  SITE_URL: {
    kind: 'variable',
    need: 'required',
    from: 'the address the site answers at: what the first `npx reviews deploy worker` printed (https://NAME.SUBDOMAIN.workers.dev), or the custom domain',
  },
  CLOUDFLARE_API_TOKEN: {
    kind: 'secret',
    need: 'required',
    from: 'Cloudflare dashboard › My Profile › API Tokens › Create Token › template "Edit Cloudflare Workers"',
  },
  CLOUDFLARE_ACCOUNT_ID: { kind: 'secret', need: 'required', from: 'Cloudflare dashboard › Workers & Pages: "Account ID" in the right-hand column' },
  HUB_PUBLISH_SECRET: {
    kind: 'secret',
    need: 'recommended',
    from: '`openssl rand -hex 32`, once; the same value for the Worker (`npx reviews secret put HUB_PUBLISH_SECRET`) and your .env',
  },
  SYNC_DISPATCH_REPOSITORY: {
    kind: 'variable',
    need: 'watch',
    from: "this repository's owner/name (e.g. acme-agency/acme-reviews): with a source, it turns the Worker's watch on",
  },
  GOOGLE_LOCATION: { kind: 'secret', need: 'google', from: `accounts/ACCOUNT/locations/LOCATION of the Business Profile, from Google's API (${SYNC_GUIDE})` },
  GOOGLE_CLIENT_ID: { kind: 'secret', need: 'google', from: 'Google Cloud console › APIs & Services › Credentials: the OAuth client id' },
  GOOGLE_CLIENT_SECRET: { kind: 'secret', need: 'google', from: 'the same OAuth client: its secret' },
  GOOGLE_REFRESH_TOKEN: {
    kind: 'secret',
    need: 'google',
    from: 'the OAuth 2.0 Playground, authorised by an owner or manager of the profile (scope business.manage)',
  },
  TRUSTPILOT_BUSINESS_UNIT_ID: { kind: 'secret', need: 'trustpilot', from: 'Trustpilot API: business-units/find?name=YOUR-DOMAIN answers its id' },
  TRUSTPILOT_API_KEY: { kind: 'secret', need: 'trustpilot', from: "Trustpilot Business › Integrations › Developers › APIs: the application's API key" },
  JOBS_MATCH_KEY: {
    kind: 'secret',
    need: 'optional',
    from: 'the key `reviews import jobs` hashed the job records with (`openssl rand -base64 32`, once, kept in .env): docs/verification.md',
  },
  SYNC_FULL_SWEEP_S: { kind: 'variable', need: 'optional', from: 'seconds between complete reads of every page; unset: 604800 (a week)' },
  SYNC_WATCH_CRON: { kind: 'variable', need: 'optional', from: 'how often the watch asks the sources, five cron fields; unset: every minute' },
};

/** The secrets and variables a workflow's text reads (`secrets.NAME`, `vars.NAME`), in order; GITHUB_TOKEN is GitHub's own. */
export function workflowSettings(workflow: string): { name: string; kind: CiKind }[] {
  const found = new Map<string, CiKind>();
  for (const m of workflow.matchAll(/\b(secrets|vars)\.([A-Z][A-Z0-9_]*)/g)) {
    const name = m[2] as string;
    if (name !== 'GITHUB_TOKEN' && !found.has(name)) found.set(name, m[1] === 'secrets' ? 'secret' : 'variable');
  }
  return [...found].map(([name, kind]) => ({ name, kind }));
}

/** What needs a setting the workflow reads and where its value comes from; one the table lacks is optional. */
export function ciSetting(name: string): Omit<CiSetting, 'kind'> {
  const row = CI_SETTINGS[name];
  return { need: row?.need ?? 'optional', from: row?.from ?? 'read by the workflow' };
}

/** The README's list: every setting the workflow reads, with what needs it and where its value comes from. */
export function ciChecklist(workflow: string): string {
  return workflowSettings(workflow)
    .map(({ name, kind }) => {
      const { need, from } = ciSetting(name);
      return `- \`${name}\` (${kind}, ${needWords(need)}): ${from}`;
    })
    .join('\n');
}

export function needWords(need: CiNeed): string {
  if (need === 'google' || need === 'trustpilot') return `for ${need === 'google' ? 'Google' : 'Trustpilot'}: all of them or none`;
  if (need === 'watch') return 'for reviews to arrive by themselves';
  return need;
}
