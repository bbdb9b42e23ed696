// npm run bench:import: 20,000 Google reviews (reviews.list pages, and a Takeout .zip)
// imported into an empty content folder, then imported again (nothing changes), each as
// `node scripts/import.ts` is run. Against, in the same run: Node's start-up, and the JSON
// floor (read + JSON.parse the export and reviews.json, JSON.stringify + write reviews.json).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeApiPages, writeTakeoutZip } from '../../test/helpers/google-export.ts';
import { median, NODE, ROOT, table, tempDir } from '../shared/lib.ts';

const count = Number(process.argv[2] ?? 20000);
const RUNS = 3;

function timed(args: string[]): { seconds: number; stdout: string } {
  const started = performance.now();
  const run = spawnSync(NODE, args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const seconds = (performance.now() - started) / 1000;
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return { seconds, stdout: run.stdout };
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

const work = tempDir('import');
const apiDir = join(work, 'api-pages');
writeApiPages(apiDir, { count, perPage: 50 });
const zip = join(work, 'takeout.zip');
writeTakeoutZip(zip, { count, perPage: 1000 });

const startup = median(Array.from({ length: RUNS }, () => timed(['-e', '']).seconds));
const rows = [];
for (const [label, path] of [
  ['API pages (50 per file)', apiDir],
  ['Takeout .zip', zip],
] as const) {
  const first: number[] = [];
  const again: number[] = [];
  const floor: number[] = [];
  let reviews = '';
  for (let i = 0; i < RUNS; i++) {
    const content = tempDir('import-content');
    copyFileSync(join(ROOT, 'test/fixtures/import/business.json'), join(content, 'business.json'));
    const args = [join(ROOT, 'scripts/import.ts'), 'google', path, '--content', content];
    first.push(timed(args).seconds);
    reviews = join(content, 'reviews.json');
    const before = sha(reviews);
    again.push(timed(args).seconds);
    if (sha(reviews) !== before) throw new Error('the second import changed reviews.json');
    if (path === apiDir) floor.push(timed([join(ROOT, 'bench/import/json-floor.ts'), apiDir, reviews, join(content, 'floor.json')]).seconds);
  }
  const written = (JSON.parse(readFileSync(reviews, 'utf8')) as unknown[]).length;
  rows.push({
    export: label,
    'reviews written': written,
    'import s': median(first).toFixed(2),
    're-import s': median(again).toFixed(2),
    'JSON floor s': floor.length ? median(floor).toFixed(2) : '',
    'import / floor': floor.length ? (median(first) / median(floor)).toFixed(1) : '',
    're-import / floor': floor.length ? (median(again) / median(floor)).toFixed(1) : '',
    'floor share of re-import': floor.length ? `${Math.round((median(floor) / median(again)) * 100)} %` : '',
  });
}
console.log(`${count} Google reviews; median of ${RUNS} runs each; Node start-up alone: ${startup.toFixed(2)} s.`);
console.log('JSON floor: a process that only reads and parses the same export and reviews.json, stringifies and writes reviews.json.');
table(rows);

// In-process, the same import with JSON.parse and JSON.stringify timed: their share of the run.
const jsonMs = { value: 0 };
const { parse, stringify } = JSON;
function timedJson<F extends (...args: never[]) => unknown>(fn: F): F {
  return ((...args: Parameters<F>) => {
    const t = performance.now();
    try {
      return fn(...args);
    } finally {
      jsonMs.value += performance.now() - t;
    }
  }) as F;
}
JSON.parse = timedJson(parse);
JSON.stringify = timedJson(stringify);
const { runImport } = await import('../../src/import/run.ts');
const shares = [];
for (const [label, path] of [
  ['API pages', apiDir],
  ['Takeout .zip', zip],
] as const) {
  const content = tempDir('import-inproc');
  copyFileSync(join(ROOT, 'test/fixtures/import/business.json'), join(content, 'business.json'));
  for (const run of ['import', 're-import']) {
    jsonMs.value = 0;
    const t = performance.now();
    runImport({ source: 'google', paths: [path], content, verified: 'all', prune: false, dryRun: false });
    const ms = performance.now() - t;
    shares.push({
      export: label,
      run,
      'in-process s': (ms / 1000).toFixed(2),
      'JSON.parse + stringify s': (jsonMs.value / 1000).toFixed(2),
      'JSON share': `${Math.round((jsonMs.value / ms) * 100)} %`,
    });
  }
}
JSON.parse = parse;
JSON.stringify = stringify;
console.log('In-process (no start-up), JSON.parse and JSON.stringify timed inside the import (JSON.stringify also compares reviews):');
table(shares);
