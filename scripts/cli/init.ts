// `reviews init DIR`: a new site from flags, asking in a terminal for what is missing. It writes
// into a folder of its own beside DIR and moves it into place, so a refusal or a failure leaves
// nothing behind, and it never writes into a folder that is not empty.
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { BusinessSchema } from '../../src/core/schemas/business.ts';
import { LanguageTag } from '../../src/core/schemas/primitives.ts';
import { isTimeZone } from '../../src/core/schemas/time-zone.ts';
import { origin } from '../../src/settings/table.ts';
import { engineSpec } from './engine-tarball.ts';
import { CliError } from './errors.ts';
import { packageJson, packageRoot } from './package-info.ts';
import { type NewSite, siteFiles, slugify } from './site-files.ts';

const WORKFLOW = '.github/workflows/sync.yml';

interface Question {
  flag: string;
  prompt: string;
  fallback?: string;
  check: (value: string) => string | undefined;
}

const QUESTIONS: Question[] = [
  { flag: 'name', prompt: "The business's name", check: (v) => (v.trim() === '' ? 'must not be empty' : undefined) },
  {
    flag: 'language',
    prompt: 'Its language (en, de, fr, es …)',
    fallback: 'en',
    check: (v) => (LanguageTag.safeParse(v).success ? undefined : 'must be a language code like en or pt-BR'),
  },
  {
    flag: 'time-zone',
    prompt: 'Its IANA time zone (e.g. America/Denver)',
    check: (v) => (isTimeZone(v) ? undefined : 'must be an IANA time zone like America/Denver'),
  },
  {
    flag: 'country',
    prompt: 'Its country, two letters (e.g. US)',
    check: (v) => (/^[A-Za-z]{2}$/.test(v) ? undefined : 'must be a two-letter ISO 3166-1 code like US'),
  },
];

export async function init(argv: string[], version: string): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new CliError(`${(error as Error).message}; run \`reviews init --help\` for the flags.`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new CliError('Name the folder of the new site, as in `reviews init acme-reviews --name "Acme Plumbing"`.');
  const dir = resolve(positionals[0] as string);
  refuseNonEmpty(dir);
  const dependency = values.engine ? engineSpec(values.engine, dir) : { spec: `^${version}` };
  const answers = await answer(values as Record<string, string | undefined>);
  let siteUrl: string | undefined;
  if (values['site-url']) {
    try {
      siteUrl = origin(values['site-url']);
    } catch {
      throw new CliError(
        `--site-url must be an absolute http(s) address like https://reviews.example.com, not "${values['site-url']}"; or leave it out until the site has one.`,
      );
    }
  }
  const engine = packageJson();
  const engineName = engine.name;
  const site: NewSite = {
    name: (answers.name as string).trim(),
    language: answers.language as string,
    timeZone: answers['time-zone'] as string,
    country: (answers.country as string).toUpperCase(),
    ...(siteUrl ? { siteUrl } : {}),
    engine: dependency.spec,
    packageName: slugify(basename(dir)),
    workflow: readFileSync(join(packageRoot(), WORKFLOW), 'utf8'),
    peers: engine.peerDependencies ?? {},
  };
  const files = siteFiles(site, engineName);
  const business = BusinessSchema.safeParse(JSON.parse(files['content/business.json'] as string));
  if (!business.success) throw new CliError(`The business.json for these answers does not validate (${business.error.issues[0]?.message}); check the flags.`);
  writeSite(dir, files, dependency.tarball ? { [dependency.spec.slice('file:'.length)]: dependency.tarball } : {});
  console.log(
    `Made a new site in ${dir}. Next:\n${dir === process.cwd() ? '' : `  cd ${positionals[0]}\n`}  npm ` +
      'install\n  npx reviews import google PATH-TO-TAKEOUT\n  npx reviews check\n  npx reviews start',
  );
  return 0;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      language: { type: 'string' },
      'time-zone': { type: 'string' },
      country: { type: 'string' },
      'site-url': { type: 'string' },
      engine: { type: 'string' },
    },
  });
}

function refuseNonEmpty(dir: string): void {
  if (!existsSync(dir)) return;
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    throw new CliError(`${dir} exists and is not a folder; choose another name for the new site.`);
  }
  if (entries.length > 0) throw new CliError(`${dir} is not empty (${entries.length} entries); name a new or empty folder, nothing was written.`);
}

async function answer(values: Record<string, string | undefined>): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  const missing = QUESTIONS.filter((q) => values[q.flag] === undefined);
  const interactive = missing.length > 0 && process.stdin.isTTY && process.stdout.isTTY;
  if (missing.length > 0 && !interactive) {
    const needed = missing.filter((q) => q.fallback === undefined);
    if (needed.length > 0)
      throw new CliError(
        `Give ${needed.map((q) => `--${q.flag}`).join(', ')} (not asked: this is not a terminal), as in ` +
          '`reviews init acme-reviews --name "Acme Plumbing" --time-zone America/Denver --country US`.',
      );
  }
  const rl = interactive ? createInterface({ input: process.stdin, output: process.stdout }) : undefined;
  // lines typed ahead of a question wait in the iterator (rl.question would drop them)
  const lines = rl?.[Symbol.asyncIterator]();
  const ask = async (prompt: string): Promise<string> => {
    rl?.setPrompt(prompt);
    rl?.prompt();
    const line = await lines?.next();
    if (!line || line.done) throw new CliError('init stopped before every question was answered; nothing was written.');
    return line.value as string;
  };
  try {
    for (const q of QUESTIONS) {
      let value = values[q.flag];
      while (value === undefined && rl) {
        const typed = (await ask(`${q.prompt}${q.fallback ? ` [${q.fallback}]` : ''}: `)).trim() || q.fallback || '';
        const problem = q.check(typed);
        if (problem) console.log(`  ${problem}`);
        else value = typed;
      }
      value ??= q.fallback as string;
      const problem = q.check(value);
      if (problem) throw new CliError(`--${q.flag} ${problem}, not "${value}".`);
      answers[q.flag] = value;
    }
  } finally {
    rl?.close();
  }
  return answers;
}

/** `files` as text by their path in the site; `copies`: files copied in as they are (the engine's tarball). */
function writeSite(dir: string, files: Record<string, string>, copies: Record<string, string>): void {
  const staging = join(dirname(dir), `.${basename(dir)}.init-${process.pid}`);
  const moved: string[] = [];
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(staging, path)), { recursive: true });
      writeFileSync(join(staging, path), text);
    }
    for (const [path, from] of Object.entries(copies)) {
      mkdirSync(dirname(join(staging, path)), { recursive: true });
      copyFileSync(from, join(staging, path));
    }
    refuseNonEmpty(dir);
    if (existsSync(dir)) {
      // an empty folder (perhaps the shell's current one) is kept and filled, not replaced
      for (const entry of readdirSync(staging)) {
        renameSync(join(staging, entry), join(dir, entry));
        moved.push(join(dir, entry));
      }
      rmdirSync(staging);
    } else renameSync(staging, dir);
  } catch (error) {
    for (const path of moved) rmSync(path, { recursive: true, force: true });
    rmSync(staging, { recursive: true, force: true });
    if (error instanceof CliError) throw error;
    throw new CliError(
      `Could not write the new site to ${dir} ` +
        `(${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check the ` +
        "folder's permissions and free space.",
    );
  }
}
