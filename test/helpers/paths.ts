import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The pinned Node 24 from the `node` package, whatever node runs the tests. */
export const NODE = join(ROOT, 'node_modules', '.bin', 'node');
export const SAMPLE_CONTENT = join(ROOT, 'content');
export const SMALL_CONTENT = join(ROOT, 'test', 'fixtures', 'small');

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `reviews-${prefix}-`));
}
