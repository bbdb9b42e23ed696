// The `reviews` command from the repository: every npm script that aliases it names a command it
// has, every entry file it runs exists, and init refuses bad flags writing nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../scripts/cli/commands.ts';
import { ENTRIES } from '../../src/package/entries.ts';
import { NODE, ROOT, tempDir } from '../helpers/paths.ts';

const CLI = 'node scripts/cli/main.ts ';
const scripts = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
const aliases = Object.entries(scripts).filter(([, command]) => command.startsWith(CLI));
const work = tempDir('cli');
afterAll(() => rmSync(work, { recursive: true, force: true }));

const reviews = (args: string[]) => spawnSync(NODE, [join(ROOT, 'bin', 'reviews.js'), ...args], { cwd: work, encoding: 'utf8' });

describe('the reviews command in this repository', () => {
  it('is what the npm scripts of every earlier command run', () => {
    for (const name of [
      'build',
      'dev',
      'serve',
      'start',
      'import',
      'sync',
      'publish',
      'hub:backup',
      'deploy:worker',
      'deploy:cloudflare',
      'preview:pages',
      'preview:cloudflare',
      'preview:netlify',
      'preview:worker',
    ])
      expect(scripts[name], name).toMatch(/^node scripts\/cli\/main\.ts /);
  });

  it.each(aliases)('npm run %s names a command of reviews (%s)', (_, command) => {
    const args = command.slice(CLI.length).split(' ');
    expect(Object.keys(COMMANDS)).toContain(args[0]);
    const help = spawnSync(NODE, ['scripts/cli/main.ts', ...args, '--help'], { cwd: ROOT, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(new RegExp(`^reviews ${args[0]}: `));
  });

  it('runs entry files that exist (secret and status come with the Cloudflare path and the status command)', () => {
    const pending = new Set<string>([ENTRIES.secret, ENTRIES.status]);
    for (const entry of Object.values(ENTRIES)) if (!pending.has(entry)) expect(existsSync(join(ROOT, `${entry}.ts`)), entry).toBe(true);
  });

  it('init refuses a --site-url that is not an http(s) address, an unknown flag and a bad country, writing nothing', () => {
    const dir = join(work, 'site');
    for (const [flag, says] of [
      [['--site-url', 'ftp://reviews.example'], '--site-url must be an absolute http(s) address'],
      [['--colour', 'blue'], "Unknown option '--colour'"],
      [['--country', 'USA'], '--country must be a two-letter ISO 3166-1 code'],
    ] as const) {
      const run = reviews(['init', dir, '--name', 'X', '--time-zone', 'UTC', '--country', 'US', ...flag]);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(says);
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(dir)).toBe(false);
    }
  });

  it('init fills an empty folder in place: the shell standing in it keeps its folder', () => {
    const dir = join(work, 'empty');
    mkdirSync(dir);
    const inode = statSync(dir).ino;
    const run = spawnSync(NODE, [join(ROOT, 'bin', 'reviews.js'), 'init', '.', '--name', 'Here', '--time-zone', 'UTC', '--country', 'GB'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(statSync(dir).ino).toBe(inode);
    expect(readdirSync(dir).sort()).toEqual(['.env.example', '.github', '.gitignore', 'README.md', 'content', 'package.json', 'reviews.config.json']);
    expect(readdirSync(work).filter((name) => name.includes('.init-'))).toEqual([]);
  });

  it('init writes site_url into reviews.config.json as an origin', () => {
    const dir = join(work, 'with-url');
    const run = reviews(['init', dir, '--name', 'X', '--time-zone', 'UTC', '--country', 'US', '--site-url', 'https://reviews.example.com/']);
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'reviews.config.json'), 'utf8'))).toMatchObject({ site_url: 'https://reviews.example.com', worker_name: 'x' });
  });
});
