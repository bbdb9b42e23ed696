// `reviews doctor`: every secret and variable the site's sync workflow reads, checked here (the
// environment, .env, reviews.config.json) and, where the GitHub CLI is logged in, in the
// repository itself by name (`gh secret list`, `gh variable list`), never by value.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Env } from '../../src/settings/table.ts';
import { type CiKind, type CiNeed, ciSetting, needWords, workflowSettings } from './ci-settings.ts';
import { CliError } from './errors.ts';

const WORKFLOW = '.github/workflows/sync.yml';

interface Row {
  name: string;
  kind: CiKind;
  need: CiNeed;
  from: string;
  here: boolean;
  /** In the repository: a secret or variable by that name, or (a variable) the committed config file; undefined: not asked */
  repo: boolean | undefined;
}

/** The names the repository holds, from `gh`, or why they could not be read. */
function repositoryNames(repo: string | undefined): { secrets: Set<string>; variables: Set<string> } | string {
  const gh = (args: string[]) => spawnSync('gh', [...args, ...(repo ? ['--repo', repo] : [])], { encoding: 'utf8', timeout: 30_000 });
  const auth = spawnSync('gh', ['auth', 'status'], { encoding: 'utf8', timeout: 30_000 });
  if (auth.error) return 'the GitHub CLI (gh) is not installed';
  if (auth.status !== 0) return 'the GitHub CLI is not logged in (gh auth login)';
  const names = (kind: 'secret' | 'variable'): Set<string> | string => {
    const run = gh([kind, 'list', '--json', 'name']);
    if (run.status !== 0) return `gh ${kind} list failed: ${(run.stderr || '').trim().split('\n')[0]}`;
    try {
      return new Set((JSON.parse(run.stdout) as { name: string }[]).map((entry) => entry.name));
    } catch {
      return `gh ${kind} list answered something other than JSON`;
    }
  };
  const secrets = names('secret');
  if (typeof secrets === 'string') return secrets;
  const variables = names('variable');
  if (typeof variables === 'string') return variables;
  return { secrets, variables };
}

export function doctor(argv: string[], siteDir: string, env: Env, file: Env): number {
  let repo: string | undefined;
  try {
    repo = parseArgs({ args: argv, options: { repo: { type: 'string' } } }).values.repo;
  } catch (error) {
    throw new CliError(`${(error as Error).message}; run \`reviews doctor --help\`.`);
  }
  const path = join(siteDir, WORKFLOW);
  if (!existsSync(path)) throw new CliError(`There is no ${WORKFLOW} here; run reviews doctor in a site made by reviews init.`);
  const names = repositoryNames(repo);
  const rows: Row[] = workflowSettings(readFileSync(path, 'utf8')).map(({ name, kind }) => {
    const inRepo =
      typeof names === 'string' ? undefined : (kind === 'secret' ? names.secrets : names.variables).has(name) || (kind === 'variable' && !!file[name]);
    return { name, kind, ...ciSetting(name), here: !!env[name], repo: inRepo };
  });
  // what CI runs with is the repository's: where it was read, its gaps are the ones that count
  const checked = typeof names !== 'string';
  const problems = findProblems(rows, checked ? 'repo' : 'here');
  console.log(`${WORKFLOW} reads ${rows.length} repository secrets and variables:`);
  for (const r of rows) {
    const where = [`here: ${r.here ? 'set' : 'missing'}`, ...(r.repo === undefined ? [] : [`repository: ${r.repo ? 'set' : 'missing'}`])].join(', ');
    console.log(`  ${r.name} (${r.kind}, ${needWords(r.need)}): ${where}`);
    if (!r.here || r.repo === false) console.log(`      from: ${r.from}`);
  }
  if (typeof names === 'string') console.log(`The repository was not checked: ${names}; compare by hand in Settings › Secrets and variables › Actions.`);
  for (const p of problems) console.error(`reviews: ${p}`);
  if (problems.length === 0) console.log(checked ? 'The repository has everything the workflow needs.' : 'Everything the workflow needs is set here.');
  return problems.length > 0 ? 1 : 0;
}

/** What a run would miss, where `at` says: a required one, a source half set, no source, no watch. */
function findProblems(rows: Row[], at: 'here' | 'repo'): string[] {
  const place = at === 'here' ? 'Here' : 'In the repository';
  const has = (r: Row) => (at === 'here' ? r.here : r.repo === true);
  const problems: string[] = [];
  const missing = (need: CiNeed) => rows.filter((r) => r.need === need && !has(r)).map((r) => r.name);
  const required = missing('required');
  if (required.length > 0) problems.push(`${place}, ${required.join(', ')} ${required.length === 1 ? 'is' : 'are'} missing: a sync run fails without it.`);
  const sources = (['google', 'trustpilot'] as const).filter((need) => rows.some((r) => r.need === need && has(r)));
  for (const source of sources) {
    const half = missing(source);
    if (half.length > 0) problems.push(`${place}, ${source} is half set: add ${half.join(', ')} (a source takes all of its settings or none).`);
  }
  if (sources.length === 0) problems.push(`${place}, no source is set (GOOGLE_* or TRUSTPILOT_*): the workflow reads no reviews.`);
  else if (missing('watch').length > 0) problems.push(`${place}, ${missing('watch').join(', ')} is missing: new reviews wait for the daily run.`);
  return problems;
}
