// The `reviews` command's subcommands: what each does, how it is used, one example, and what
// runs it (an entry script of this package, or a function of scripts/cli/).

export interface Command {
  summary: string;
  usage: string;
  example: string;
  /** More lines for `reviews <command> --help` */
  details?: string;
  /** Runs in the site's folder with its settings; false for init, which makes the folder */
  needsSite?: false;
}

export const COMMANDS = {
  init: {
    summary: 'make a new site in an empty folder: content, reviews.config.json, package.json, the sync workflow',
    usage: 'reviews init DIR [--name NAME] [--language CODE] [--time-zone ZONE] [--country CC] [--site-url URL] [--engine SPEC]',
    example: 'reviews init acme-reviews --name "Acme Plumbing" --language en --time-zone America/Denver --country US',
    details: [
      'Without a flag it asks in a terminal, and fails naming the flag elsewhere. It refuses a folder that is not empty.',
      '--engine PATH.tgz (or file:PATH.tgz): a packed engine, copied into the site as engine/NAME.tgz and named by that relative path,',
      'so the site installs wherever it is cloned; `reviews upgrade NEWER.tgz` replaces it.',
    ].join('\n'),
    needsSite: false,
  },
  import: {
    summary: "merge a Google Takeout, a Trustpilot export or a CSV into the site's reviews; or the business's job records",
    usage: 'reviews import <google|csv|trustpilot> PATH... [options] | reviews import jobs FILE... [--layout NAME] [--content DIR] [--dry-run]',
    example: 'reviews import google ~/Downloads/takeout-20260101.zip',
    details: [
      'PATH: a Takeout zip or folder, API pages (google), a CSV file (csv, trustpilot). Options:',
      '  --content DIR         the content folder (default: content_dir, else ./content)',
      "  --tz ZONE             the business's IANA time zone (default: time_zone in business.json)",
      '  --location ID         google: the location to import when the export has several',
      '  --source NAME         csv: the platform, when the file has no source column',
      "  --verified all|none   whether the platform's reviewers count as verified customers",
      '  --prune               remove reviews that are gone from the source (default: keep and report)',
      '  --dry-run             print the report, write nothing',
      'jobs FILE: job records (generic CSV, or the job export of Jobber, Housecall Pro or ServiceTitan) that reviews are matched to;',
      "  only keyed hashes of the customers' names are kept (JOBS_MATCH_KEY). --layout csv|jobber|housecallpro|servicetitan",
    ].join('\n'),
  },
  verify: {
    summary: 'list the reviews matched to jobs and the undecided ones; confirm or reject a match',
    usage: 'reviews verify <list [--json] | confirm REVIEW JOB | reject REVIEW> [--content DIR] [--dry-run]',
    details: [
      'list: each match, and each review more than one customer fits with its candidate jobs (job id, date, technician);',
      '  --json prints one object per matched review ({"review_id", "job_id", ...}).',
      'confirm REVIEW JOB / reject REVIEW: your decision, kept in content/verification.json across every later import and sync.',
    ].join('\n'),
    example: 'reviews verify confirm google-KyYElDdJlrBaquyJXzGclT J-1042',
  },
  check: {
    summary: 'validate the content folder and list what is worth adding to business.json',
    usage: 'reviews check',
    example: 'reviews check',
  },
  dev: { summary: 'run the site locally and rebuild on every change to the content', usage: 'reviews dev', example: 'reviews dev' },
  build: { summary: 'build the site into OUT_DIR (dist/ by default)', usage: 'reviews build', example: 'SITE_URL=https://reviews.example.com reviews build' },
  start: { summary: 'build, then serve the site, search, MCP and the hub', usage: 'reviews start', example: 'PORT=8080 reviews start' },
  serve: { summary: 'serve the newest build (without building)', usage: 'reviews serve', example: 'reviews serve' },
  preview: {
    summary: "try a deploy locally under the host's own tool: the Worker (workerd), Cloudflare Pages or Netlify",
    usage: 'reviews preview <worker|pages|netlify>',
    example: 'reviews preview worker',
  },
  deploy: {
    summary: 'build and deploy to Cloudflare as one Worker, no server (wrangler deploy)',
    usage: 'reviews deploy worker [--dry-run] [--outdir DIR] [--no-build] [--no-publish] [wrangler deploy options]',
    details: [
      '--dry-run --outdir DIR writes what would be uploaded, without an account; --no-build deploys the build as it is;',
      '--no-publish skips the ping to the hub. Other options go to wrangler deploy. `reviews deploy cloudflare`, its name before 1.1, still works.',
      "Without the watch's settings here, it keeps the watch the live Worker runs (its Cron Trigger and settings), or refuses naming the setting to add.",
    ].join('\n'),
    example: 'reviews deploy worker --dry-run --outdir /tmp/upload',
  },
  secret: {
    summary: "set or list the secrets of the site's Worker",
    usage: 'reviews secret <put NAME|list>',
    example: 'reviews secret put HUB_PUBLISH_SECRET',
  },
  status: {
    summary: 'ask the deployed Worker about its watch of the sources: when it last looked, what it found, whether the site is current',
    usage: 'reviews status',
    example: 'reviews status',
  },
  doctor: {
    summary: "check every setting the sync workflow reads: here, and with the GitHub CLI logged in, the repository's own (by name, never values)",
    usage: 'reviews doctor [--repo OWNER/NAME]',
    details: [
      'Each repository secret and variable of .github/workflows/sync.yml: set here (environment, .env, reviews.config.json) or missing,',
      'and where its value comes from. Where `gh auth status` succeeds, also which of them the repository lacks (`gh secret list`,',
      '`gh variable list`). Exits 1 when a required one is missing.',
    ].join('\n'),
    example: 'reviews doctor',
  },
  upgrade: {
    summary: "replace the engine's tarball kept in engine/ with a newer one and install it",
    usage: 'reviews upgrade PATH.tgz',
    details: 'For a site made with `reviews init --engine PATH.tgz`. From the registry, `npm update reviews-service` upgrades instead.',
    example: 'reviews upgrade ../reviews-service-1.1.0.tgz',
  },
  sync: {
    summary: 'read new reviews from Google and Trustpilot; when anything changed build, deploy and ping the hub',
    usage: 'reviews sync [--full] [--content-only]',
    details:
      '--full reads every Google page (a complete sweep); --content-only merges into the ' +
      'content folder only, and the next pass builds, deploys and publishes. Sources are ' +
      'off until their settings are set (.env, or the GitHub Actions secrets).',
    example: 'reviews sync --full',
  },
  'sync-check': {
    summary: 'say whether a sync pass has anything to do (the workflow asks this first, before npm install)',
    usage: 'reviews sync-check [--sweep | --full]',
    details:
      'Asks each configured source for its newest review and compares it with what the last sync read. Prints a ' +
      '::notice:: line saying why, and writes run=true or run=false to $GITHUB_OUTPUT when that is set. --sweep: ' +
      'also when a complete read is older than SYNC_FULL_SWEEP_S; --full: whenever a source is configured.',
    example: 'reviews sync-check --sweep',
  },
  publish: { summary: "ping the site's WebSub hub so subscribers get the new build", usage: 'reviews publish', example: 'reviews publish' },
  config: {
    summary: 'print every setting in effect and where it came from (environment, .env, reviews.config.json, default)',
    usage: 'reviews config',
    example: 'reviews config',
  },
  hub: {
    summary: "back up the hub's database (subscriptions and queued deliveries)",
    usage: 'reviews hub backup [FILE]',
    example: 'reviews hub backup /backups/hub.db',
  },
} as const satisfies Record<string, Command>;

export type CommandName = keyof typeof COMMANDS;

export const isCommand = (name: string): name is CommandName => Object.hasOwn(COMMANDS, name);

export function mainHelp(version: string): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return [
    `reviews ${version}: one business's reviews as static files, search, MCP and a WebSub hub`,
    '',
    'usage: reviews <command> [options]',
    '',
    'commands:',
    ...lines,
    '',
    'example: reviews init acme-reviews --name "Acme Plumbing" --time-zone America/Denver --country US',
    'Run `reviews <command> --help` for one command. Settings: reviews.config.json, .env and the environment (reviews config).',
  ].join('\n');
}

export function commandHelp(name: CommandName): string {
  const c: Command = COMMANDS[name];
  return [`reviews ${name}: ${c.summary}`, '', `usage: ${c.usage}`, ...(c.details ? ['', c.details] : []), '', `example: ${c.example}`].join('\n');
}
