// npm run import -- jobs <file>... [--layout NAME] [--content <dir>] [--tz ZONE] [--dry-run]
// Job records into content/jobs.json (keyed hashes only), then the reviews matched to them.
import { ContentError, problemsMessage } from '../src/core/content/dataset.ts';
import { JOB_LAYOUTS, type JobLayout, LAYOUTS } from '../src/core/jobs/layouts.ts';
import { formatMatchReport } from '../src/core/jobs/report.ts';
import { runJobsImport } from '../src/import/jobs.ts';
import { readSettings } from '../src/settings/index.ts';
import { readJobsSettings } from '../src/settings/jobs.ts';
import { argumentsOr } from './run/arguments.ts';

export const JOBS_USAGE = `usage: npm run import -- jobs <file>... [options]
  <file>                a CSV of jobs: the generic layout (job_id, date, customer, technicians, service;
                        optional email, phone, address, customer_id), or a job export of
                        ${JOB_LAYOUTS.filter((l) => l !== 'csv')
                          .map((l) => LAYOUTS[l].label)
                          .join(', ')}
  --layout <name>       ${JOB_LAYOUTS.join('|')} (default: told by the header row)
  --content <dir>       content folder (default: CONTENT_DIR, else ./content)
  --tz <zone>           the business's IANA time zone, for times with an offset (default: time_zone in business.json)
  --dry-run             print the report, write nothing
JOBS_MATCH_KEY (a secret: .env or the environment) keys the hashes that stand in for customers' names.`;

export function importJobs(argv: string[]): number {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const fail = (message: string) => {
    process.stderr.write(`import jobs: ${message}\n`);
    return 1;
  };
  const parsed = argumentsOr({
    args: argv,
    allowPositionals: true,
    options: {
      layout: { type: 'string' },
      content: { type: 'string' },
      tz: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (typeof parsed === 'string') return fail(`${parsed}\n${JOBS_USAGE}`);
  const { values, positionals } = parsed;
  if (values.help) {
    out(JOBS_USAGE);
    return 0;
  }
  if (positionals.length === 0) return fail(`name the job file to import\n${JOBS_USAGE}`);
  if (values.layout !== undefined && !(JOB_LAYOUTS as readonly string[]).includes(values.layout))
    return fail(`--layout must be one of ${JOB_LAYOUTS.join(', ')}, got "${values.layout}"`);
  const dryRun = values['dry-run'];
  try {
    const r = runJobsImport({
      paths: positionals,
      content: values.content ?? readSettings(process.env).contentDir,
      dryRun,
      settings: readJobsSettings(process.env),
      ...(values.layout ? { layout: values.layout as JobLayout } : {}),
      ...(values.tz ? { tz: values.tz } : {}),
    });
    if (dryRun) out('Dry run: nothing written.');
    for (const f of r.files) out(`${f.file}: ${LAYOUTS[f.layout].label}, ${f.jobs} job${f.jobs === 1 ? '' : 's'}`);
    out(
      `Jobs: ${r.added} added, ${r.updated} updated, ${r.unchanged} unchanged; ${r.total} in jobs.json (no customer's name, email, phone or address is kept)`,
    );
    for (const n of r.notes) out(`  note: ${n}`);
    out(formatMatchReport(r.match, { dryRun }));
    if (!dryRun) out(r.wrote.length ? `Written: ${r.wrote.join(', ')}` : 'Nothing changed; the content folder is as it was.');
    return 0;
  } catch (err) {
    if (err instanceof ContentError) return fail(problemsMessage('nothing imported, the content folder is as it was', err.problems));
    return fail(`nothing imported, the content folder is as it was: ${(err as Error).message}`);
  }
}
