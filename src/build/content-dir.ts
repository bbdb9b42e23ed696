import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_FILE_NAMES, ContentError, type ContentFiles, type ContentProblem, type Dataset, parseContent } from '../core/content/dataset.ts';

/** Reads and validates a content folder (the fs adapter around core/content.ts). */
export function loadContentDir(dir: string): Dataset {
  const names = Object.fromEntries(
    Object.entries(CONTENT_FILE_NAMES).map(([key, file]) => [key, join(dir, file)]),
  ) as unknown as ContentFiles;
  const files = {} as ContentFiles;
  const missing: ContentProblem[] = [];
  for (const key of Object.keys(names) as (keyof ContentFiles)[]) {
    try {
      files[key] = readFileSync(names[key], 'utf8');
    } catch (err) {
      missing.push({ file: names[key], message: `cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})` });
    }
  }
  if (missing.length) throw new ContentError(missing);
  return parseContent(files, names);
}
