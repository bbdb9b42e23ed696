import { spawnSync } from 'node:child_process';
import { copyFileSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { ZipInput } from './zip-writer.ts';
import { NODE, ROOT, tempDir } from './paths.ts';

export const FIXTURES = join(ROOT, 'test', 'fixtures', 'import');
export const TAKEOUT_V1 = join(FIXTURES, 'takeout-v1');
export const TAKEOUT_V2 = join(FIXTURES, 'takeout-v2');

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** `node scripts/import.ts …`, as `npm run import --` runs it. */
export function runImport(args: string[]): Run {
  const r = spawnSync(NODE, [join(ROOT, 'scripts', 'import.ts'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, CONTENT_DIR: '' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A content folder with the import fixtures' business.json (America/Denver). */
export function contentDir(business = join(FIXTURES, 'business.json')): string {
  const dir = tempDir('import');
  copyFileSync(business, join(dir, 'business.json'));
  return dir;
}

export const read = (file: string) => readFileSync(file, 'utf8');

// biome-ignore lint/suspicious/noExplicitAny: reviews read back from disk are checked field by field
export type Written = any;

export const reviewsOf = (dir: string): Written[] => JSON.parse(read(join(dir, 'reviews.json')));

export const byText = (reviews: Written[], start: string): Written => reviews.find((r) => r.text.startsWith(start));

/** Every file under `root` as ZIP entries, with "/" separators. */
export function folderEntries(root: string): ZipInput[] {
  const out: ZipInput[] = [];
  const visit = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) visit(full);
      else out.push({ name: relative(root, full).split(sep).join('/'), data: readFileSync(full) });
    }
  };
  visit(root);
  return out;
}
