// Every command the pages a site ships with show (the docs in package.json "files") and the README
// `reviews init` writes exists in a site made by init: each `npm run X` is a script of its
// package.json, each `npx reviews X [Y]` a command (and subcommand) of reviews, and each
// `npx wrangler X` one that works there without a wrangler config of its own.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../scripts/cli/commands.ts';
import { NODE, ROOT, tempDir } from '../helpers/paths.ts';

const work = tempDir('docs-commands');
const site = join(work, 'site');
/** wrangler's commands that need no wrangler.json: a site has none (its Worker is named by reviews.config.json). */
const WRANGLER_WITHOUT_CONFIG = new Set(['login', 'logout', 'whoami', 'tail']);

const files = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { files: string[] }).files;
const shipped = files.filter((f) => /^docs\/[^*]+\.md$/.test(f));
let scripts: Record<string, string> = {};

beforeAll(() => {
  const init = spawnSync(
    NODE,
    [join(ROOT, 'bin', 'reviews.js'), 'init', site, '--name', 'Docs Co', '--time-zone', 'UTC', '--country', 'GB', '--engine', '^1.0.0'],
    { encoding: 'utf8' },
  );
  if (init.status !== 0) throw new Error(init.stderr);
  scripts = JSON.parse(readFileSync(join(site, 'package.json'), 'utf8')).scripts;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The second words a command takes, from its usage line: `<a|b NAME|c>` or a literal word. */
function subcommands(name: keyof typeof COMMANDS): Set<string> | undefined {
  const rest = COMMANDS[name].usage.split(' ').slice(2).join(' ');
  const choice = /^<([^>]+)>/.exec(rest);
  if (choice) return new Set((choice[1] as string).split('|').map((alt) => alt.split(' ')[0] as string));
  const literal = /^([a-z]+)(\s|$)/.exec(rest);
  return literal ? new Set([literal[1] as string, ...(name === 'deploy' ? ['cloudflare'] : [])]) : undefined;
}

/** What is wrong with each command a page shows, as `page: command: why`. */
function problems(page: string, text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/npm run ([a-z][\w:-]*)/g))
    if (!scripts[m[1] as string]) found.push(`${page}: npm run ${m[1]}: no such script in a site (${Object.keys(scripts).join(', ')})`);
  for (const m of text.matchAll(/npx reviews ([a-z][\w-]*)(?: ([a-z][\w-]*))?/g)) {
    const [command, sub] = [m[1] as string, m[2]];
    if (!Object.hasOwn(COMMANDS, command)) {
      found.push(`${page}: npx reviews ${command}: no such command`);
      continue;
    }
    const subs = subcommands(command as keyof typeof COMMANDS);
    // a command named in a sentence (`npx reviews import`) has no second word; one that has must be known
    if (subs && sub && !subs.has(sub)) found.push(`${page}: npx reviews ${command} ${sub ?? ''}: takes ${[...subs].join('|')}`);
  }
  for (const m of text.matchAll(/npx wrangler ([a-z][\w-]*)/g))
    if (!WRANGLER_WITHOUT_CONFIG.has(m[1] as string)) found.push(`${page}: npx wrangler ${m[1]}: a site has no wrangler config; use a reviews command`);
  return found;
}

describe("the commands a site's pages show", () => {
  it('the site ships its guides', () => {
    expect(shipped).toEqual(expect.arrayContaining(['docs/getting-started.md', 'docs/keeping-it-fresh.md', 'docs/zero-to-live.md']));
  });

  it.each(shipped)('%s shows only commands a site has', (page) => {
    expect(problems(page, readFileSync(join(ROOT, page), 'utf8'))).toEqual([]);
  });

  it('the README init writes shows only commands a site has, and every setting the workflow reads', () => {
    const readme = readFileSync(join(site, 'README.md'), 'utf8');
    expect(problems('README.md', readme)).toEqual([]);
    for (const name of ['SITE_URL', 'CLOUDFLARE_API_TOKEN', 'CLOUDFLARE_ACCOUNT_ID', 'SYNC_DISPATCH_REPOSITORY', 'HUB_PUBLISH_SECRET'])
      expect(readme).toMatch(new RegExp(`^- \`${name}\` \\((secret|variable), [^)]+\\): \\S`, 'm'));
  });

  it('catches a command a site lacks', () => {
    expect(problems('p', 'run `npm run status`, `npx reviews deploy netlify`, `npx reviews fly` and `npx wrangler secret put X`')).toHaveLength(4);
  });
});
