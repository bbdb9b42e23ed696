import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CONTENT_FILE_NAMES,
  ContentError,
  type ContentFiles,
  type ContentProblem,
  type Dataset,
  IMPORTS_FILE_NAME,
  parseContent,
} from '../core/content/dataset.ts';
import type { PublishPolicy } from '../core/content/published.ts';

/** Reads and validates a content folder (the fs adapter around src/core/content/dataset.ts); `publish` is PUBLISH_REVIEWS. */
export function loadContentDir(dir: string, publish: PublishPolicy = 'all'): Dataset {
  const names = Object.fromEntries(Object.entries(CONTENT_FILE_NAMES).map(([key, file]) => [key, join(dir, file)])) as unknown as ContentFiles;
  const files = {} as ContentFiles;
  const missing: ContentProblem[] = [];
  for (const key of Object.keys(CONTENT_FILE_NAMES) as ('business' | 'reviews' | 'editorial')[]) {
    const file = names[key] as string;
    try {
      files[key] = readFileSync(file, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (key === 'editorial' && code === 'ENOENT') continue;
      missing.push({
        file,
        message:
          key === 'reviews' && code === 'ENOENT'
            ? 'does not exist: import reviews first (npm run import or `reviews import`, see docs/import.md), or write it by hand as a JSON array'
            : `cannot be read (${code ?? (err as Error).message})`,
      });
    }
  }
  if (missing.length) throw new ContentError(missing);
  const imports = join(dir, IMPORTS_FILE_NAME);
  if (existsSync(imports)) {
    files.imports = readFileSync(imports, 'utf8');
    names.imports = imports;
  }
  return parseContent(files, names, Date.now(), publish);
}
