// npm run import -- <google|csv|trustpilot> <path>... [--content <dir>] [options]
// Merges an export into the content folder's reviews.json and prints what changed.
// Exit status 1, with reviews.json untouched, on any problem.
import { ContentError, problemsMessage } from '../src/core/content/dataset.ts';
import { formatReport } from '../src/core/import/report.ts';
import { IMPORT_SOURCES, type ImportSource, runImport } from '../src/import/run.ts';
import { readSettings } from '../src/settings/index.ts';
import { argumentsOr } from './run/arguments.ts';

const USAGE = `usage: npm run import -- <${IMPORT_SOURCES.join('|')}> <path>... [options]
       npm run import -- jobs <file>... [--layout NAME] [--content <dir>] [--dry-run] (see --help of import jobs)
  --content <dir>       content folder (default: CONTENT_DIR, else ./content)
  --tz <zone>           the business's IANA time zone (default: time_zone in business.json)
  --location <id>       Google: the location to import when the export has several
  --source <name>       csv: the platform, when the file has no source column
  --verified all|none   whether the platform's reviewers count as verified customers
                        (default: new reviews all, reviews already imported keep theirs)
  --prune               remove reviews that are gone from the source (default: keep and report)
  --dry-run             print the report, write nothing`;

process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  // The reader went away (e.g. piped into head): the import itself is already done.
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

function fail(message: string): never {
  process.stderr.write(`import: ${message}\n`);
  process.exit(1);
}

// Job records, not reviews: their own options and report.
if (process.argv[2] === 'jobs') {
  const { importJobs } = await import('./import-jobs.ts');
  process.exit(importJobs(process.argv.slice(3)));
}

const args = argumentsOr({
  allowPositionals: true,
  options: {
    content: { type: 'string' },
    tz: { type: 'string' },
    location: { type: 'string' },
    source: { type: 'string' },
    verified: { type: 'string' },
    prune: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (typeof args === 'string') fail(`${args}\n${USAGE}`);
const { values, positionals } = args;
if (values.help) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}
const [source, ...paths] = positionals;
if (!source || !(IMPORT_SOURCES as readonly string[]).includes(source)) fail(`the first argument must be one of ${IMPORT_SOURCES.join(', ')}\n${USAGE}`);
if (paths.length === 0) fail(`name the export to import\n${USAGE}`);
if (values.verified !== undefined && values.verified !== 'all' && values.verified !== 'none')
  fail(`--verified must be "all" or "none", got "${values.verified}"`);
if (values.source !== undefined && source !== 'csv') fail('--source is for csv files only');
if (values.location !== undefined && source !== 'google') fail('--location is for Google exports only');

try {
  const content = values.content ?? readSettings(process.env).contentDir;
  const outcome = runImport({
    source: source as ImportSource,
    paths,
    content,
    prune: values.prune,
    dryRun: values['dry-run'],
    ...(values.verified !== undefined ? { verified: values.verified } : {}),
    ...(values.tz !== undefined ? { tz: values.tz } : {}),
    ...(values.location !== undefined ? { location: values.location } : {}),
    ...(values.source !== undefined ? { sourceName: values.source } : {}),
  });
  process.stdout.write(`${formatReport(outcome.report, { dryRun: values['dry-run'], file: outcome.reviewsFile })}\n`);
  if (!outcome.wrote && !values['dry-run']) process.stdout.write('Nothing changed; reviews.json left as it was.\n');
} catch (err) {
  if (err instanceof ContentError) {
    fail(problemsMessage('nothing imported, reviews.json left as it was', err.problems));
  }
  fail(`nothing imported, reviews.json left as it was: ${(err as Error).message}`);
}
