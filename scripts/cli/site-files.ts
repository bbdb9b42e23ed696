// The files `reviews init` writes into a new site, as text: what a site is (its content, one
// config file, a package.json depending on the engine) and nothing of the engine itself.

import { ALL_SETTINGS, SECRET_SETTING_NAMES } from '../../src/settings/all.ts';
import { CONFIG_FILE_NAME } from '../../src/settings/config-file.ts';
import { ciChecklist } from './ci-settings.ts';
import { ENGINE_DIR } from './engine-tarball.ts';

export interface NewSite {
  name: string;
  language: string;
  timeZone: string;
  country: string;
  siteUrl?: string;
  /** The dependency on the engine, as package.json writes it (`^1.0.0`, a path, a tarball) */
  engine: string;
  packageName: string;
  /** The engine's own sync workflow, copied as it ships */
  workflow: string;
  /** The engine's optional peers a new site installs (wrangler, for Cloudflare), with their ranges */
  peers: Record<string, string>;
}

/** Letters that Unicode does not decompose into a Latin letter and a mark. */
const SPELLED: Record<string, string> = { æ: 'ae', ø: 'o', œ: 'oe', ß: 'ss', ł: 'l', đ: 'd', þ: 'th', ð: 'd' };

/** Lowercase letters, digits and inner hyphens, at most 63: a Worker's name and a package's. */
export function slugify(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[æøœßłđþð]/g, (c) => SPELLED[c] ?? c)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return slug === '' ? 'reviews' : slug;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const schemaPath = (packageName: string, file: string) => `node_modules/${packageName}/schemas/${file}`;

/**
 * The site's scripts: today's npm commands, each an alias of `reviews` (the sync workflow runs `npm run sync`
 * and `npm run deploy:worker`; `deploy:cloudflare`, its name before 1.1, for a workflow copied before).
 */
const SITE_SCRIPTS = {
  dev: 'reviews dev',
  build: 'reviews build',
  start: 'reviews start',
  check: 'reviews check',
  import: 'reviews import',
  sync: 'reviews sync',
  'sync:check': 'reviews sync-check',
  publish: 'reviews publish',
  'deploy:worker': 'reviews deploy worker',
  'deploy:cloudflare': 'reviews deploy worker',
  'preview:worker': 'reviews preview worker',
};

export function siteFiles(site: NewSite, engineName: string): Record<string, string> {
  const slug = slugify(site.name);
  const business = {
    $schema: `../${schemaPath(engineName, 'business.schema.json')}`,
    name: site.name,
    language: site.language,
    time_zone: site.timeZone,
    address: { country: site.country },
  };
  const config = {
    $schema: `./${schemaPath(engineName, 'reviews.config.schema.json')}`,
    ...(site.siteUrl ? { site_url: site.siteUrl } : {}),
    worker_name: slug,
  };
  const pkg = {
    name: site.packageName,
    private: true,
    type: 'module',
    scripts: SITE_SCRIPTS,
    dependencies: { [engineName]: site.engine, ...site.peers },
    // esbuild checks its platform binary after install (the engine bundles with it); workerd, wrangler's runtime, fetches nothing either
    allowScripts: { esbuild: true, workerd: true },
  };
  return {
    'content/business.json': json(business),
    'content/reviews.json': '[]\n',
    [CONFIG_FILE_NAME]: json(config),
    'package.json': json(pkg),
    '.gitignore': ['node_modules/', 'dist', '.builds/', '.astro/', 'data/', '.env', '.dev.vars', '*.db', '*.db-wal', '*.db-shm', ''].join('\n'),
    '.env.example': envExample(),
    '.github/workflows/sync.yml': site.workflow,
    'README.md': readme(site.name, site.workflow, site.engine),
  };
}

function envExample(): string {
  const lines = [
    '# Secrets: copy this file to .env (never committed) and fill in what you use.',
    '# On Cloudflare: reviews secret put NAME; in GitHub Actions: repository secrets.',
    '',
  ];
  for (const name of SECRET_SETTING_NAMES) lines.push(`# ${ALL_SETTINGS[name]?.help ?? ''}`, `${name}=`, '');
  lines.push("# wrangler's own, for reviews deploy worker outside a wrangler login", 'CLOUDFLARE_API_TOKEN=', 'CLOUDFLARE_ACCOUNT_ID=', '');
  return lines.join('\n');
}

function readme(name: string, workflow: string, engine: string): string {
  const kept = engine.startsWith(`file:${ENGINE_DIR}/`);
  const upgrade = kept
    ? `The engine is the tarball in \`${ENGINE_DIR}/\`, committed with the site so that it installs wherever it is cloned; upgrade it with
\`npx reviews upgrade PATH-TO-NEWER.tgz\` and commit \`${ENGINE_DIR}/\`, \`package.json\` and \`package-lock.json\`.`
    : 'Upgrade the engine with `npm update reviews-service`.';
  return `# ${name}: reviews

The reviews of ${name}, published as static files, feeds, search and MCP by [reviews-service](https://www.npmjs.com/package/reviews-service).
The content is \`content/\`; the settings are \`reviews.config.json\` (secrets go in \`.env\`, see \`.env.example\`).

\`\`\`sh
npm install
npx reviews import google ~/Downloads/takeout.zip   # or trustpilot / csv
npx reviews check                                    # validates, and lists what is worth adding
npx reviews start                                    # http://localhost:4321
npx reviews deploy worker                            # one Worker, no server
\`\`\`

${upgrade} \`npx reviews --help\` lists every command.

## What the sync workflow needs

\`.github/workflows/sync.yml\` reads new reviews, builds, deploys and commits the content: started by the Worker's watch
when a source has something new, and once a day on its own (node_modules/reviews-service/docs/keeping-it-fresh.md).
Set these in the repository (Settings › Secrets and variables › Actions); \`npx reviews doctor\` checks them here and,
with the GitHub CLI logged in, in the repository (by name, never values):

${ciChecklist(workflow)}
`;
}
