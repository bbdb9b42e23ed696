import { join } from 'node:path';
import { ROOT } from '../../scripts/run/processes.ts';

export { NODE, ROOT, tempDir } from '../../scripts/run/processes.ts';
export const SAMPLE_CONTENT = join(ROOT, 'content');
export const SMALL_CONTENT = join(ROOT, 'test', 'fixtures', 'small');
