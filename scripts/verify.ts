// reviews verify <list [--json] | confirm REVIEW JOB | reject REVIEW> [--content DIR] [--dry-run]
// The owner's view of the matches between reviews and jobs, and their decisions, which stick.
import { ContentError, problemsMessage } from '../src/core/content/dataset.ts';
import { formatMatchReport, jobLine, undecidedLines } from '../src/core/jobs/report.ts';
import { decide, listVerification } from '../src/import/verify.ts';
import { readSettings } from '../src/settings/index.ts';
import { readJobsSettings } from '../src/settings/jobs.ts';
import { argumentsOr } from './run/arguments.ts';

const USAGE = `usage: reviews verify <command> [--content DIR] [--dry-run]
  list [--json]          each review matched to a job, and each undecided one with its candidate jobs;
                         --json: one object per matched review {review_id, job_id, job_date, by, technicians, services}
  confirm REVIEW JOB     REVIEW is the customer's of job JOB: job evidence, kept across every later import and sync
  reject REVIEW          REVIEW is not matched to any job, now or later
  --content DIR          the content folder (default: CONTENT_DIR, else ./content)
  --dry-run              say what would change, write nothing`;

process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

const out = (line: string) => process.stdout.write(`${line}\n`);
function fail(message: string): never {
  process.stderr.write(`verify: ${message}\n`);
  process.exit(1);
}

const parsed = argumentsOr({
  allowPositionals: true,
  options: {
    content: { type: 'string' },
    json: { type: 'boolean', default: false },
    'dry-run': { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (typeof parsed === 'string') fail(`${parsed}\n${USAGE}`);
const { values, positionals } = parsed;
if (values.help) {
  out(USAGE);
  process.exit(0);
}
const [command, ...rest] = positionals;
const content = values.content ?? readSettings(process.env).contentDir;
const settings = readJobsSettings(process.env);
const dryRun = values['dry-run'];

try {
  if (command === 'list') {
    if (rest.length) fail(`list takes no arguments\n${USAGE}`);
    const list = listVerification(content, settings);
    if (values.json) {
      const rows = list.matched.map(({ review_id, job_id, job_date, by, technicians, services }) => ({
        review_id,
        job_id,
        job_date,
        by,
        technicians,
        services,
      }));
      // A JSON array, one review a line: JSON.parse reads it whole, grep and head line by line.
      out(`[${rows.map((row) => `\n${JSON.stringify(row)}`).join(',')}\n]`);
    } else {
      out(`Matched to a job: ${list.matched.length}`);
      for (const m of list.matched) {
        const job = jobLine({ id: m.job_id, date: m.job_date, technicians: m.technicians });
        out(`  ${m.review_id}  "${m.author}"  ${m.date} → ${job}${m.by === 'owner' ? '  confirmed by you' : ''}`);
      }
      if (!list.keyed) out('Undecided: not looked for: JOBS_MATCH_KEY is not set (.env or the environment).');
      else {
        out(`Undecided (more than one customer fits, or a name many customers share): ${list.undecided.length}`);
        for (const line of undecidedLines(list.undecided)) out(line);
        if (list.undecided.length) out('Decide with `reviews verify confirm REVIEW JOB` or `reviews verify reject REVIEW`.');
      }
    }
  } else if (command === 'confirm' || command === 'reject') {
    const [review, job] = rest;
    if (!review || (command === 'confirm' ? !job || rest.length > 2 : rest.length > 1))
      fail(`${command === 'confirm' ? 'confirm takes REVIEW and JOB' : 'reject takes REVIEW'}\n${USAGE}`);
    const r = decide(content, settings, { review_id: review, ...(command === 'confirm' ? { job_id: job as string } : {}) }, dryRun);
    if (dryRun) out('Dry run: nothing written.');
    out(command === 'confirm' ? `${review}: confirmed as the customer's review of job ${job}.` : `${review}: rejected; it is never matched to a job.`);
    out(formatMatchReport(r.report, { dryRun }));
    if (!dryRun) out(r.wrote.length ? `Written: ${r.wrote.join(', ')}` : 'Nothing changed; the content folder is as it was.');
  } else fail(`name what to do: list, confirm or reject\n${USAGE}`);
} catch (err) {
  if (err instanceof ContentError) fail(problemsMessage('nothing changed', err.problems));
  fail(`nothing changed: ${(err as Error).message}`);
}
